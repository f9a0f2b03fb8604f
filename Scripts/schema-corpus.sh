#!/usr/bin/env bash
# Published form schemas (Tests/Fixtures/schema-corpus: the examples and
# playgrounds of rjsf, JSON Forms, uniforms, ngx-formly, vjsf and
# json-editor) against the real formctl: apply of each into a fresh
# database, and each refusal put under the construct it names
# (Scripts/schema-corpus.py says how). Prints how many import, and per
# construct how many schemas it refuses. Exits 1 when formctl fails other
# than by importing or refusing, or a refusal names no known construct.
#
#   Scripts/schema-corpus.sh [FORMCTL] [--json REPORT] [--verbose]
#
# FORMCTL defaults to $FORMCTL_BIN, else .build/debug/formctl. Runs
# offline, with Debian's /usr/bin/python3 (standard library only).
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${FORMCTL_BIN:-.build/debug/formctl}"
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then binary="$1"; shift; fi
[ -x "$binary" ] || { echo "schema-corpus: no formctl at $binary (swift build, or give its path)" >&2; exit 2; }
python=/usr/bin/python3
[ -x "$python" ] || python="$(command -v python3)"
exec "$python" Scripts/schema-corpus.py "$binary" "$@"
