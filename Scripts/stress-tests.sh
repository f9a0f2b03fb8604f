#!/usr/bin/env bash
# The test suite on a busy machine: the README's test command run N times on
# a fresh clone while stress-ng keeps every core busy. See usage() below.
set -euo pipefail

usage() {
    cat <<'TEXT'
usage: Scripts/stress-tests.sh [N] [-h]

Clones this repository's HEAD (committed work only) into a temporary folder,
builds the tests there once, then runs the README's test command (swift test)
N times (default 3) while `stress-ng --cpu 2` keeps both cores busy from
before the first run to the end of the last. Prints, for each run, its time
and the tests that failed, then one line per run and a last line
"stress-tests: R of N runs green". Exits 0 when every run was green, 1 when
one was not, 69 when stress-ng is missing and cannot be installed.

stress-ng is Debian's; the script installs it with apt-get when it is
missing (as root; otherwise install it yourself).

environment:
  STRESS_WORKERS   stress-ng's --cpu workers (default 2, one per core here)
  KEEP_CLONE=1     keep the clone and its logs (the folder is printed)
TEXT
}

runs=3
while [[ $# -gt 0 ]]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        *) [[ "$1" =~ ^[1-9][0-9]*$ ]] || { echo "stress-tests.sh: N must be a positive number, not '$1' (see -h)" >&2; exit 64; }
           runs="$1" ;;
    esac
    shift
done
workers="${STRESS_WORKERS:-2}"
[[ "$workers" =~ ^[1-9][0-9]*$ ]] || { echo "stress-tests.sh: STRESS_WORKERS must be a positive number" >&2; exit 64; }

if ! command -v stress-ng >/dev/null; then
    echo "stress-tests: installing stress-ng (Debian's)"
    if ! { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq stress-ng >/dev/null 2>&1 \
           || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq stress-ng >/dev/null; }; }; then
        echo "stress-tests.sh: stress-ng is missing and apt-get could not install it: apt-get install stress-ng" >&2
        exit 69
    fi
fi

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/formctl-stress.XXXXXX")"
stress_pid=""
cleanup() {
    [[ -n "$stress_pid" ]] && kill "$stress_pid" 2>/dev/null && wait "$stress_pid" 2>/dev/null || true
    if [[ "${KEEP_CLONE:-}" == 1 ]]; then echo "stress-tests: kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

git clone -q "$root" "$work/fresh"
cd "$work/fresh"
commit="$(git rev-parse --short HEAD)"
dirty=""
[[ -z "$(git -C "$root" status --porcelain --untracked-files=no)" ]] || dirty=" (the working tree has uncommitted changes, which are not tested)"
echo "stress-tests: $runs runs of swift test on a fresh clone of $commit$dirty, stress-ng --cpu $workers throughout"

echo "stress-tests: building the tests once (swift build --build-tests)"
build_started=$SECONDS
if ! swift build --build-tests >"$work/build.log" 2>&1; then
    tail -n 40 "$work/build.log"
    echo "stress-tests.sh: the build failed" >&2
    exit 1
fi
echo "stress-tests: built in $((SECONDS - build_started)) s"

stress-ng --cpu "$workers" --timeout 0 --quiet &
stress_pid=$!
sleep 1
kill -0 "$stress_pid" 2>/dev/null || { echo "stress-tests.sh: stress-ng did not start" >&2; exit 69; }

green=0
summary=()
for run in $(seq 1 "$runs"); do
    log="$work/run-$run.log"
    started=$SECONDS
    status=0
    swift test --skip-build >"$log" 2>&1 || status=$?
    elapsed=$((SECONDS - started))
    counted="$(grep -E "Test run with [0-9]+ tests" "$log" | tail -n 1 | sed -E 's/^.*(Test run with)/\1/' || true)"
    load="$(cut -d ' ' -f 1-3 /proc/loadavg)"
    kill -0 "$stress_pid" 2>/dev/null || { echo "stress-tests.sh: stress-ng stopped during run $run" >&2; exit 1; }
    if [[ "$status" -eq 0 ]]; then
        green=$((green + 1))
        line="run $run: green in $((elapsed / 60)) min $((elapsed % 60)) s, load $load: $counted"
    else
        line="run $run: RED (swift test exited $status) in $((elapsed / 60)) min $((elapsed % 60)) s, load $load: ${counted:-no summary}"
    fi
    echo "stress-tests: $line"
    if [[ "$status" -ne 0 ]]; then
        # The failed tests, and the issues they recorded.
        grep -E "✘|recorded an issue|error:|fatal" "$log" | head -n 60 | sed 's/^/    /'
        cp "$log" "$root/.stress-run-$run.log" 2>/dev/null && echo "    the whole log: $root/.stress-run-$run.log"
    fi
    summary+=("$line")
done

echo
printf '%s\n' "${summary[@]}"
echo "stress-tests: $green of $runs runs green"
[[ "$green" -eq "$runs" ]]
