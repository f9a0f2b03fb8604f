#!/usr/bin/env bash
# `formctl apply` of a generated 10,000-field form file: to a new database
# against sqlite3 executing the same inserts into a copy of formctl's schema,
# and a re-apply that changes nothing against sqlite3 reading the same rows;
# medians of RUNS runs, in one run. A benchmark, not a test: it prints
# figures and exits 0 unless formctl fails. See apply_bench.py for the cases.
#
#   Benchmarks/apply.sh                       # builds the release binary first (Scripts/build-release.sh)
#   FORMCTL_BIN=path/to/formctl Benchmarks/apply.sh
#   RUNS=7 FIELDS=10000 PAGES=1 FORMAT=json Benchmarks/apply.sh
set -euo pipefail
cd "$(dirname "$0")/.."

bin="${FORMCTL_BIN:-}"
if [[ -z "$bin" ]]; then
    bin="$(Scripts/build-release.sh --scratch-path "${SCRATCH_PATH:-.build-bench}" | tail -n 1)"
fi
exec python3 Benchmarks/apply_bench.py "$bin" --runs "${RUNS:-5}" --fields "${FIELDS:-10000}" \
    --pages "${PAGES:-10}" --per-row "${PER_ROW:-10}" --format "${FORMAT:-yaml}"
