#!/usr/bin/env bash
# 16 formctl processes × 100 sets at once, as ReliabilityTests runs them,
# counting the exits with 75. See usage() below.
set -euo pipefail

usage() {
    cat <<'TEXT'
usage: Benchmarks/writers.sh [--one-key] [--processes P] [--sets N] [FORMCTL]

Makes a form of 16 fields (the default form and eleven more in a third
row) in a temporary folder, then starts P shell loops at once (default 16),
each running `FORMCTL set KEY VALUE` N times (default 100): each loop on its
own field, or all on `first` with --one-key. Prints the wall time, the exits
with 75 (busy) and any other failure, with the messages formctl printed.
FORMCTL defaults to .build/debug/formctl. To see formctl on a busy machine,
run it beside `stress-ng --cpu 2` (docs/reliability.md, "On a busy machine").
TEXT
}

one_key=0
processes=16
sets=100
formctl=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        --one-key) one_key=1 ;;
        --processes) [[ $# -ge 2 ]] || { echo "writers.sh: $1 needs a number" >&2; exit 64; }; processes="$2"; shift ;;
        --sets) [[ $# -ge 2 ]] || { echo "writers.sh: $1 needs a number" >&2; exit 64; }; sets="$2"; shift ;;
        -*) echo "writers.sh: unknown option $1 (see -h)" >&2; exit 64 ;;
        *) formctl="$1" ;;
    esac
    shift
done
[[ "$processes" =~ ^[1-9][0-9]?$ && "$processes" -le 16 ]] || { echo "writers.sh: --processes takes 1 to 16" >&2; exit 64; }
[[ "$sets" =~ ^[1-9][0-9]*$ ]] || { echo "writers.sh: --sets takes a positive number" >&2; exit 64; }
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
formctl="${formctl:-$root/.build/debug/formctl}"
[[ -x "$formctl" ]] || { echo "writers.sh: no formctl at $formctl (swift build, or name one)" >&2; exit 66; }
formctl="$(cd "$(dirname "$formctl")" && pwd)/$(basename "$formctl")"

work="$(mktemp -d "${TMPDIR:-/tmp}/formctl-writers.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cd "$work"
"$formctl" minimap --db form.db >/dev/null
"$formctl" row add --db form.db >/dev/null
keys=(first middle last email twitter)
for i in $(seq 5 15); do
    "$formctl" field add "w$i" "W$i" --row 3 --db form.db >/dev/null
    keys+=("w$i")
done

started=$(date +%s.%N)
for p in $(seq 0 $((processes - 1))); do
    key="${keys[$p]}"
    [[ $one_key -eq 1 ]] && key=first
    (
        for i in $(seq 1 "$sets"); do
            status=0
            "$formctl" set "$key" "p$p-i$i" --db form.db >/dev/null 2>>"err-$p" || status=$?
            echo "$i $status" >>"log-$p"
        done
    ) &
done
wait
ended=$(date +%s.%N)

total=$((processes * sets))
busy="$(cat log-* | awk '$2 == 75' | wc -l)"
failed="$(cat log-* | awk '$2 != 0' | wc -l)"
mode="each on its own key"
[[ $one_key -eq 1 ]] && mode="all on first"
printf '%d processes x %d sets, %s: %.1f s, %d of %d exits with 75, %d failed in all (load %s)\n' \
    "$processes" "$sets" "$mode" "$(awk "BEGIN { print $ended - $started }")" "$busy" "$total" "$failed" "$(cut -d ' ' -f 1-3 /proc/loadavg)"
cat err-* 2>/dev/null | sort | uniq -c | sort -rn | head -n 5
