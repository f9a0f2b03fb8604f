#!/usr/bin/env bash
# A revision against the working tree, measured in one run: the layout
# benchmark and the CLI benchmark for both, alternating. See usage() below.
set -euo pipefail

usage() {
    cat <<'USAGE'
usage: Benchmarks/before_after.sh BASE_REV [-n RUNS] [--rounds N] [--layout-only] [-h]

Checks BASE_REV out into .build-before/tree (a git worktree), builds the
release LayoutBenchmark and the fully static formctl there and here, then:

1. runs both LayoutBenchmarks (1k and 10k fields; both built with this
   tree's Benchmarks/LayoutBenchmark/main.swift) in alternation, ROUNDS
   times, and prints the best 10k-field time of each side, fresh and reused
   memory, with the ratio after/before;
2. counts, with valgrind's callgrind, the instructions of one layout of
   1k and of 10k fields (`LayoutBenchmark --once N`, one process each),
   exact and repeatable where times on a shared machine are not;
3. runs Benchmarks/cli.sh (this tree's harness) against each formctl binary,
   before first, and prints each summary line.

A ratio above 1 is slower. Noise on a shared machine is several per cent:
compare the figures of one run only.

options:
  -n RUNS        timed runs per side of each CLI pair (default 100)
  --rounds N     alternating rounds of the layout benchmark (default 3)
  --layout-only  build and measure the LayoutBenchmarks only (steps 1 and 2)
  -h, --help     this text
USAGE
}

base=""
runs=100
rounds=3
layout_only=false
while [[ $# -gt 0 ]]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        -n) runs="${2:?-n needs a number}"; shift ;;
        --rounds) rounds="${2:?--rounds needs a number}"; shift ;;
        --layout-only) layout_only=true ;;
        -*) echo "before_after.sh: unknown option $1 (see -h)" >&2; exit 64 ;;
        *) base="$1" ;;
    esac
    shift
done
[[ -n "$base" ]] || { usage >&2; exit 64; }

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
rev="$(git rev-parse --verify "$base^{commit}")" || { echo "before_after.sh: no revision $base" >&2; exit 64; }
tree=".build-before/tree"
if [[ -d "$tree" ]]; then
    git -C "$tree" checkout -q -f --detach "$rev"
else
    mkdir -p .build-before
    git worktree add -q --detach "$tree" "$rev"
fi
# Both sides timed by this tree's harness: how it measures (fresh memory in
# a new process per layout) is part of the comparison, and an older
# harness measured fresh memory differently.
cp Benchmarks/LayoutBenchmark/main.swift "$tree/Benchmarks/LayoutBenchmark/main.swift"

build() {   # build DIR: prints the two binaries' paths
    local dir="$1"
    local layout=(swift build -c release --static-swift-stdlib --scratch-path "$dir/.build-bench" --package-path "$dir" --product LayoutBenchmark)
    "${layout[@]}" >&2
    if $layout_only; then echo "$("${layout[@]}" --show-bin-path)/LayoutBenchmark" none; return; fi
    # Each revision's formctl as its README built it: Scripts/build-release.sh
    # where the revision has it, else the plain static build of before.
    local cli_binary
    if [[ -x "$dir/Scripts/build-release.sh" ]]; then
        cli_binary="$("$dir/Scripts/build-release.sh" --scratch-path "$dir/.build-cli" | tail -n 1)"
    else
        local cli=(swift build -c release --static-swift-stdlib -Xswiftc -static-executable --scratch-path "$dir/.build-cli" --package-path "$dir" --product formctl)
        "${cli[@]}" >&2
        cli_binary="$("${cli[@]}" --show-bin-path)/formctl"
    fi
    echo "$("${layout[@]}" --show-bin-path)/LayoutBenchmark" "$cli_binary"
}
echo "building $(git log --oneline -1 "$rev") (before) and the working tree (after)"
read -r before_layout before_cli < <(build "$root/$tree" | tail -n 1)
read -r after_layout after_cli < <(build "$root" | tail -n 1)

echo
echo "machine: $(nproc) CPUs, load $(cut -d' ' -f1 /proc/loadavg)"
echo "layout benchmark, 10k fields, best of $rounds alternating rounds (ms):"
best() { grep . | sort -n | head -n 1; }
declare -A fresh reused
for side in before after; do fresh[$side]=""; reused[$side]=""; done
for ((round = 1; round <= rounds; round++)); do
    for side in before after; do
        binary="$before_layout"; [[ $side == after ]] && binary="$after_layout"
        output="$("$binary" --sizes 1000,10000)"
        fresh[$side]+="$(awk '/^1\. fresh/ {m = 1} /^2\. reused/ {m = 2} $1 == 10000 && m == 1 {print $3}' <<<"$output")"$'\n'
        reused[$side]+="$(awk '/^1\. fresh/ {m = 1} /^2\. reused/ {m = 2} $1 == 10000 && m == 2 {print $3}' <<<"$output")"$'\n'
    done
done
report() {   # report MODE BEFORE_VALUES AFTER_VALUES
    local b a
    b="$(best <<<"$2")"
    a="$(best <<<"$3")"
    awk -v mode="$1" -v b="$b" -v a="$a" 'BEGIN { printf "  %-14s before %8.2f   after %8.2f   after/before %.2f×\n", mode " memory", b, a, a / b }'
}
report fresh "${fresh[before]}" "${fresh[after]}"
report reused "${reused[before]}" "${reused[after]}"
if command -v valgrind >/dev/null; then
    echo
    echo "instructions of one layout, callgrind (LayoutBenchmark --once N, the whole process):"
    instructions() {   # instructions BINARY FIELDS
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" --once "$2" 2>&1 >/dev/null |
            awk '/Collected :/ {print $NF}'
    }
    for fields in 1000 10000; do
        b="$(instructions "$before_layout" "$fields")"
        a="$(instructions "$after_layout" "$fields")"
        awk -v f="$fields" -v b="$b" -v a="$a" 'BEGIN { printf "  %6d fields  before %13d   after %13d   after/before %.4f×\n", f, b, a, a / b }'
    done
else
    echo "(valgrind is not installed: no instruction counts)"
fi
$layout_only && exit 0
echo
echo "CLI benchmark (Benchmarks/cli.sh -n $runs), before:"
FORMCTL="$before_cli" Benchmarks/cli.sh -n "$runs" --no-build | grep -E "^(binary:|size:|get |set |minimap |summary)|^ +sqlite3"
echo
echo "CLI benchmark (Benchmarks/cli.sh -n $runs), after:"
FORMCTL="$after_cli" Benchmarks/cli.sh -n "$runs" --no-build | grep -E "^(binary:|size:|get |set |minimap |summary)|^ +sqlite3"
