#!/usr/bin/env bash
# The JSON Schema Test Suite (draft 2020-12, the copy in
# Tests/Fixtures/JSON-Schema-Test-Suite) against the real formctl: apply of
# each schema formctl imports, set of each test's value, check, compared
# with the suite's `valid` (Scripts/json-schema-test-suite.py says how).
# Prints the counts: imported, refused and why, agreements. Exits 1 when a
# verdict differs other than by a documented design difference.
#
#   Scripts/json-schema-test-suite.sh [FORMCTL] [--json REPORT]
#
# FORMCTL defaults to $FORMCTL_BIN, else .build/debug/formctl. Runs
# offline, with Debian's /usr/bin/python3 (standard library only).
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${FORMCTL_BIN:-.build/debug/formctl}"
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then binary="$1"; shift; fi
[ -x "$binary" ] || { echo "json-schema-test-suite: no formctl at $binary (swift build, or give its path)" >&2; exit 2; }
python=/usr/bin/python3
[ -x "$python" ] || python="$(command -v python3)"
exec "$python" Scripts/json-schema-test-suite.py "$binary" "$@"
