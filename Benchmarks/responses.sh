#!/usr/bin/env bash
# Submissions (issue 21), each case next to the sqlite3 shell in the same
# run: `submit --from` per response against a sqlite3 INSERT of the same
# row; `responses --format csv` of 100,000 responses against `sqlite3 -csv`
# of the same wide table (goal: at most 1.5x, PASS or MISS); 16 processes x
# 100 `submit --from` at once while a busy loop holds the other core (wall
# time, throughput, exits with 75, every response whole, integrity_check).
# A benchmark, not a test: it prints figures and exits 0 unless something
# fails or stores the wrong rows. See responses_bench.py for the method.
#
#   Benchmarks/responses.sh                   # builds the release binary first (Scripts/build-release.sh)
#   FORMCTL_BIN=path/to/formctl Benchmarks/responses.sh
#   RESPONSES=100000 RUNS=7 SUBMITS=100 PROCESSES=16 PER_PROCESS=100 SKIP=many Benchmarks/responses.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v sqlite3 >/dev/null || { echo "responses.sh: no sqlite3 shell; apt-get install sqlite3" >&2; exit 69; }

bin="${FORMCTL_BIN:-}"
if [[ -z "$bin" ]]; then
    bin="$(Scripts/build-release.sh --scratch-path "${SCRATCH_PATH:-.build-bench}" | tail -n 1)"
fi
# Timed as installed, a cp copy (see Benchmarks/README.md on page faults).
work="$(mktemp -d "${TMPDIR:-/tmp}/formctl-responses-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cp "$bin" "$work/formctl"
python3 Benchmarks/responses_bench.py "$work/formctl" --responses "${RESPONSES:-100000}" --runs "${RUNS:-7}" \
    --submits "${SUBMITS:-100}" --processes "${PROCESSES:-16}" --per-process "${PER_PROCESS:-100}" --skip "${SKIP:-}"
