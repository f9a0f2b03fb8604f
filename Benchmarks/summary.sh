#!/usr/bin/env bash
# Issue 48's goal: `formctl summary --format json` of 100,000 responses of a
# 10-question typed form against the sqlite3 shell running the aggregate
# queries that give the same figures, on the same file, in the same run
# (goal: at most 1.5x, PASS or MISS). summary_bench.py says how.
# A benchmark, not a test: it prints figures and exits 0 unless something fails.
#
#   Benchmarks/summary.sh                     # builds the release binary first (Scripts/build-release.sh)
#   FORMCTL_BIN=path/to/formctl RESPONSES=100000 RUNS=7 Benchmarks/summary.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v sqlite3 >/dev/null || { echo "summary.sh: no sqlite3 shell; apt-get install sqlite3" >&2; exit 69; }

bin="${FORMCTL_BIN:-}"
if [[ -z "$bin" ]]; then
    bin="$(Scripts/build-release.sh --scratch-path "${SCRATCH_PATH:-.build-bench}" | tail -n 1)"
fi
work="$(mktemp -d "${TMPDIR:-/tmp}/formctl-summary-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cp "$bin" "$work/formctl"
# `formctl serve` (the summary page's case) runs the formctl-serve beside it.
cp "$(dirname "$bin")/formctl-serve" "$work/formctl-serve"
python3 Benchmarks/summary_bench.py "$work/formctl" "$work" --responses "${RESPONSES:-100000}" --runs "${RUNS:-7}"
