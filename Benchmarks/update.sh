#!/usr/bin/env bash
# What one change costs on a form kept between changes (issues 23 and 49): a new
# value in a field the title does not show, a new value in one it shows, a hidden
# field shown, a shown field hidden and an instance added to a repeat of 50-field
# instances, next to a full layout of the same form measured in the same run,
# on forms of 100, 1,000, 10,000 and 100,000 fields. A benchmark, not a test.
#
#   Benchmarks/update.sh [--sizes 100,1000,10000,100000] [--no-callgrind]
#   UPDATE_BENCHMARK_BIN=path/UpdateBenchmark Benchmarks/update.sh ...
#
# 1. Times (UpdateBenchmark, release build): the median time per change and its
#    ratio to a full layout.
# 2. Instructions (callgrind, only the changes: --toggle-collect on the
#    benchmark's countedChanges): per change, the ratio to a full layout, and
#    the growth from 1,000 to 100,000 fields.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes="100,1000,10000,100000"
callgrind=true
while [[ $# -gt 0 ]]; do
    case "$1" in
        --sizes) sizes="$2"; shift 2 ;;
        --no-callgrind) callgrind=false; shift ;;
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        *) echo "unknown argument $1 (see --help)" >&2; exit 64 ;;
    esac
done
# UPDATE_BENCHMARK_BIN=... times a binary built already (say by
# Scripts/build-release.sh --product UpdateBenchmark), as editor.sh's FORMCTL_BIN.
if [[ -n "${UPDATE_BENCHMARK_BIN:-}" ]]; then
    bin="$UPDATE_BENCHMARK_BIN"
else
    scratch="${SCRATCH_PATH:-.build-bench}"
    swift build -c release --scratch-path "$scratch" --product UpdateBenchmark >&2
    bin="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/UpdateBenchmark"
fi

echo "== 1. time =="
"$bin" --sizes "$sizes"
$callgrind || exit 0
if ! command -v valgrind >/dev/null; then
    echo "(valgrind is not installed: no instruction counts)"
    exit 0
fi

echo
echo "== 2. instructions per change (callgrind, the changes only) =="
# instructions KIND FIELDS COUNT: instructions per change, over COUNT changes.
instructions() {
    local total
    total="$(valgrind --tool=callgrind --callgrind-out-file=/dev/null --collect-atstart=no \
        --toggle-collect='*countedChanges*' "$bin" --profile "$1" "$2" "$3" 2>&1 >/dev/null |
        awk '/Collected :/ {print $NF}')"
    echo $((total / $3))
}
declare -A per
printf "%-8s %-26s %15s %10s\n" fields change "instructions" "ratio"
for fields in ${sizes//,/ }; do
    # Fewer changes where each one is a layout of a large form.
    many=$((fields >= 100000 ? 2 : (fields >= 10000 ? 5 : 20)))
    full="$(instructions full "$fields" "$many")"
    printf "%-8s %-26s %15s %10s\n" "$fields" "full layout" "$full" "-"
    for kind in value title-value show hide add-instance set-shortcut; do
        count=$([[ $kind == value || $kind == set-shortcut ]] && echo 100 || echo 20)
        # An instance added each time: the form grows by 5% at most.
        [[ $kind == add-instance ]] && count=$((fields / 50 / 20 > 1 ? (fields / 50 / 20 < 20 ? fields / 50 / 20 : 20) : 1))
        n="$(instructions "$kind" "$fields" "$count")"
        per[$kind,$fields]=$n
        label=$(case $kind in value) echo "value, not in the title";; title-value) echo "value the title shows";;
                show) echo "hidden field shown";; hide) echo "shown field hidden";; add-instance) echo "instance added";; set-shortcut) echo "set's shortcut, same value";; esac)
        awk -v f="$fields" -v l="$label" -v n="$n" -v full="$full" 'BEGIN { printf "%-8s %-26s %15.0f %9.3f%%\n", f, l, n, 100 * n / full }'
    done
done
for kind in value title-value show hide add-instance set-shortcut; do
    if [[ -n "${per[$kind,1000]:-}" && -n "${per[$kind,100000]:-}" ]]; then
        awk -v k="$kind" -v a="${per[$kind,1000]}" -v b="${per[$kind,100000]}" \
            'BEGIN { printf "growth 1,000 -> 100,000 fields, %-12s %.2f× the instructions\n", k ":", b / a }'
    fi
done
echo "goals (issues 23, 49): a new value, a value the title shows, a field shown and a field hidden each <= 1% of a full layout"
echo "  at 10,000 and 100,000 fields, flat (about 1×) from 1,000 to 100,000 fields"
