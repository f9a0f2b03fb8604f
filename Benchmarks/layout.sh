#!/usr/bin/env bash
# The FormLayout benchmark next to a Taffy reference measured in the same run.
# See usage() below.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: Benchmarks/layout.sh [--sizes 1000,10000,100000] [--runs N] [--fields N] [-h]

1. Measures Taffy, the Rust flexbox engine, through its Python bindings
   (PyPI `stretchable`) on a form shaped like ours (Benchmarks/taffy_reference.py,
   10k fields by default): best-of-N time of compute_layout, in nodes/s.
   stretchable is installed into the virtualenv .build-bench-venv/ if missing.
2. Builds and runs LayoutBenchmark (release, static Swift runtime) with that
   figure as the reference, which prints FormLayout's figures and the ratio.
3. Compares the two by time on the same form: Taffy relays out a tree built
   once, best of N in a running process, so the like-for-like figure of
   FormLayout is its reused-memory one (which also builds the tree each
   time); its one-shot figure (fresh memory, a new process per layout) is
   printed next to it.

If stretchable cannot be installed, says so and runs the Swift benchmark alone.
Exits 0 when everything ran: a ratio below target is reported, not an error.

options:
  --sizes LIST   field counts for LayoutBenchmark (default: its own, 1k,10k,100k)
  --runs N       timed runs per size for LayoutBenchmark (default: its own)
  --fields N     fields in the Taffy form (default 10000; compare at the same size)
  -h, --help     this text

environment:
  SCRATCH_PATH   SwiftPM scratch path (default .build-bench)
  VENV           virtualenv for stretchable (default .build-bench-venv)
  PYTHON         Python 3 used to make the virtualenv (default python3)
EOF
}

sizes=""
runs=""
fields=10000
while [[ $# -gt 0 ]]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        --sizes|--runs|--fields)
            [[ $# -ge 2 ]] || { echo "layout.sh: $1 needs a value" >&2; exit 64; }
            case "$1" in --sizes) sizes="$2" ;; --runs) runs="$2" ;; --fields) fields="$2" ;; esac
            shift ;;
        *) echo "layout.sh: unknown argument $1 (see -h)" >&2; exit 64 ;;
    esac
    shift
done

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
scratch="${SCRATCH_PATH:-.build-bench}"
venv="${VENV:-.build-bench-venv}"
python="${PYTHON:-python3}"

echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), load $(cut -d' ' -f1 /proc/loadavg)"
echo "swift:   $(swift --version 2>&1 | head -n 1)"

# 1. The Taffy reference.
reference=""
if [[ ! -x "$venv/bin/python" ]]; then
    echo "making the virtualenv $venv"
    "$python" -m venv "$venv" || echo "layout.sh: cannot make a virtualenv with $python" >&2
fi
if [[ -x "$venv/bin/python" ]] && ! "$venv/bin/python" -c 'import stretchable' 2>/dev/null; then
    echo "installing stretchable into $venv"
    "$venv/bin/python" -m pip install --quiet stretchable || echo "layout.sh: pip could not install stretchable" >&2
fi
if [[ -x "$venv/bin/python" ]] && "$venv/bin/python" -c 'import stretchable' 2>/dev/null; then
    echo
    taffy_output="$("$venv/bin/python" Benchmarks/taffy_reference.py --fields "$fields")"
    grep -v '=' <<<"$taffy_output"
    reference="$(sed -n 's/^REFERENCE_NODES_PER_SECOND=//p' <<<"$taffy_output")"
    reference_ms="$(sed -n 's/^REFERENCE_SECONDS=//p' <<<"$taffy_output")"
    core="$(sed -n 's/^CORE_NODES_PER_SECOND=//p' <<<"$taffy_output")"
    core_ms="$(sed -n 's/^CORE_SECONDS=//p' <<<"$taffy_output")"
else
    echo
    echo "Taffy reference: stretchable is not installed and could not be installed; FormLayout runs alone."
fi

# 2. FormLayout, with the reference measured above.
echo
swift_args=()
[[ -n "$sizes" ]] && swift_args+=(--sizes "$sizes")
[[ -n "$runs" ]] && swift_args+=(--runs "$runs")
[[ -n "$reference" ]] && swift_args+=(--reference-nodes-per-second "$reference" --reference-name "Taffy (stretchable)")
# Linked like the formctl release binary (static Swift runtime), which also
# keeps cli.sh and this script from rebuilding each other in one scratch path.
# (`swift run` refuses --static-swift-stdlib, so the binary is run directly.)
swift_build=(swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product LayoutBenchmark)
"${swift_build[@]}" 2>&1 | tail -n 1
swift_output="$("$("${swift_build[@]}" --show-bin-path)/LayoutBenchmark" "${swift_args[@]}")"
echo "$swift_output"

# The same form, by time rather than by nodes: our tree has more nodes per
# field (modifiers are nodes) than Taffy's, so nodes/s alone flatters us.
if [[ -n "$reference" ]]; then
    # Taffy's figure is the best of several relayouts of a tree built once,
    # in a running process: the like-for-like figure of ours is the reused-
    # memory one (the second table), which builds the tree every time as
    # well. The one-shot figure (the first table, a new process per layout)
    # is printed next to it.
    fresh_ms="$(awk -v f="$fields" '/^1\. fresh/ {m = 1} /^2\. reused/ {m = 2} $1 == f && m == 1 {print $3; exit}' <<<"$swift_output")"
    reused_ms="$(awk -v f="$fields" '/^1\. fresh/ {m = 1} /^2\. reused/ {m = 2} $1 == f && m == 2 {print $3; exit}' <<<"$swift_output")"
    if [[ -n "$reused_ms" ]]; then
        echo
        echo "same form of $fields fields, by time (lower is faster; FormLayout times the whole pipeline:"
        echo "build + layout + preferences + display list + minimap; Taffy only relays out a built tree):"
        awk -v ours="$reused_ms" -v fresh="${fresh_ms:-0}" -v ref="$reference_ms" -v core="$core_ms" 'BEGIN {
            printf "  in a running process: FormLayout %.2f ms; Taffy compute_layout %.2f ms (FormLayout takes %.2f× its time)\n", ours, ref * 1000, ours / (ref * 1000)
            printf "  Taffy core (Rust, no Python read-back) %.2f ms: FormLayout takes %.2f× its time (target ≤ 0.5×, issue 9; goal ≤ 0.25×, issue 49)\n", core * 1000, ours / (core * 1000)
            if (fresh > 0) printf "  a one-shot process (fresh memory): FormLayout %.2f ms, %.2f× Taffy core'"'"'s relayout\n", fresh, fresh / (core * 1000)
        }'
        awk -v f="$fields" -v core="$core" '
            /^1\. fresh/ {mode = "fresh memory"} /^2\. reused/ {mode = "reused memory"}
            $1 == f {printf "  by nodes (%s): FormLayout %.2f M nodes/s vs Taffy core %.2f M nodes/s (ratio %.2f×, higher is faster)\n", mode, $5, core / 1e6, $5 * 1e6 / core}' <<<"$swift_output"
    else
        echo "(LayoutBenchmark did not run a size of $fields fields: compare by nodes/s only)"
    fi
fi
