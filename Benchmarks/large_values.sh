#!/usr/bin/env bash
# Linear in the value: `formctl set KEY --stdin` with 1 MB of "é" (2-byte
# UTF-8, 500,000 characters) against 1 MB of ASCII (1,000,000 characters).
# Prints the best of RUNS wall-clock times for each, and their ratio; the
# goal (issue 11) is a ratio of at most 2. A benchmark, not a test: it
# prints figures and exits 0 unless formctl fails.
#
#   Benchmarks/large_values.sh                 # builds the README's release binary first (Scripts/build-release.sh)
#   FORMCTL_BIN=path/to/formctl Benchmarks/large_values.sh
#   RUNS=5 Benchmarks/large_values.sh
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${RUNS:-3}"
bin="${FORMCTL_BIN:-}"
if [[ -z "$bin" ]]; then
    bin="$(Scripts/build-release.sh --scratch-path "${SCRATCH_PATH:-.build-bench}" | tail -n 1)"
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
db="$tmp/form.db"
"$bin" fields --db "$db" >/dev/null

# 1,000,000 bytes each (an even count, so no "é" is cut in half).
yes a | tr -d '\n' | head -c 1000000 >"$tmp/ascii" || true
yes é | tr -d '\n' | head -c 1000000 >"$tmp/e-acute" || true
yes 東 | tr -d '\n' | head -c 999999 >"$tmp/cjk" || true
yes $'e\xcc\x81' | tr -d '\n' | head -c 999999 >"$tmp/combining" || true

# Best wall-clock seconds of $runs sets of the file's contents.
best() {
    local file="$1" best="" start end elapsed
    for _ in $(seq "$runs"); do
        "$bin" set middle x --db "$db" >/dev/null # reset to a short value
        start=$(date +%s%N)
        "$bin" set middle --stdin --db "$db" <"$file" >/dev/null
        end=$(date +%s%N)
        elapsed=$(( (end - start) / 1000 ))
        if [[ -z "$best" || "$elapsed" -lt "$best" ]]; then best="$elapsed"; fi
    done
    echo "$best"
}

ascii=$(best "$tmp/ascii")
eacute=$(best "$tmp/e-acute")
cjk=$(best "$tmp/cjk")
combining=$(best "$tmp/combining")
# Microseconds to seconds, and ratios to ASCII, with awk (no bc needed).
awk -v a="$ascii" -v e="$eacute" -v c="$cjk" -v m="$combining" -v runs="$runs" 'BEGIN {
    printf "formctl set --stdin, 1 MB values, best of %d runs\n", runs
    printf "  ASCII      (1,000,000 characters): %.3f s\n", a / 1e6
    printf "  é          (  500,000 characters): %.3f s  ratio %.2f\n", e / 1e6, e / a
    printf "  東 CJK     (  333,333 characters): %.3f s  ratio %.2f\n", c / 1e6, c / a
    printf "  e + U+0301 (  333,333 characters): %.3f s  ratio %.2f\n", m / 1e6, m / a
    printf "ratio é / ASCII: %.2f (goal: at most 2)\n", e / a
}'
