#!/usr/bin/env bash
# Issue 46's speed goals for groups and repeats, each beside its reference in
# the same run (groups_bench.py says what and how): set, get and minimap on a
# form of 10,000 fields in groups and on one of 200 instances of a 50-field
# repeat, against a flat form of the same size (callgrind), and `repeat add`
# on the 200-instance form (wall time).
#
#   Benchmarks/groups.sh                         # builds the release binary first (Scripts/build-release.sh)
#   FORMCTL_BIN=path/to/formctl RUNS=7 Benchmarks/groups.sh
set -euo pipefail
cd "$(dirname "$0")/.."

bin="${FORMCTL_BIN:-}"
if [[ -z "$bin" ]]; then
    bin="$(Scripts/build-release.sh --scratch-path "${SCRATCH_PATH:-.build-bench}" | tail -n 1)"
fi
command -v valgrind >/dev/null || { echo "groups.sh: needs valgrind (apt-get install valgrind)" >&2; exit 69; }
exec python3 Benchmarks/groups_bench.py "$bin"
