#!/usr/bin/env bash
# Issue 35's goals for typed questions, each beside its reference in the same
# run (typed_bench.py says what and how): set of an integer and of a choice
# against set of a text field (callgrind), apply of a 10,000-field typed form
# (wall time), and a full layout of it against the same form all text.
#
#   Benchmarks/typed.sh                         # builds the release binary first (Scripts/build-release.sh)
#   FORMCTL_BIN=path/to/formctl RUNS=7 FIELDS=10000 Benchmarks/typed.sh
set -euo pipefail
cd "$(dirname "$0")/.."

bin="${FORMCTL_BIN:-}"
if [[ -z "$bin" ]]; then
    bin="$(Scripts/build-release.sh --scratch-path "${SCRATCH_PATH:-.build-bench}" | tail -n 1)"
fi
command -v valgrind >/dev/null || { echo "typed.sh: needs valgrind (apt-get install valgrind)" >&2; exit 69; }
exec python3 Benchmarks/typed_bench.py "$bin"
