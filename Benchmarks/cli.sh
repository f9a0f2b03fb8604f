#!/usr/bin/env bash
# formctl vs the sqlite3 shell, as whole processes, measured in one run.
# See usage() below; the timing loop is Benchmarks/cli_bench.py.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: Benchmarks/cli.sh [-n RUNS] [--no-build] [--profile] [-h]

Builds formctl as users install it (Scripts/build-release.sh: release, fully
static, built for size), makes a fresh database with
the default form in a temporary folder, and times formctl against the sqlite3
shell doing the same thing, as whole processes, alternating the two sides:

  get      formctl get first          vs  sqlite3 DB "SELECT value FROM field WHERE key='first'"
  set      formctl set first Ann|Bob  vs  sqlite3 DB "UPDATE field SET value='Ann' WHERE key='first'"
  minimap  formctl minimap --format text --width 80
                                      vs  sqlite3 DB "SELECT * FROM minimap_rect ORDER BY z"

Prints median and p90 ms per side and the ratio formctl/sqlite3 against its
target (get ≤ 1.2×, set ≤ 2.0×, minimap ≤ 2.0×), and the binary's size
against 30 MB, with PASS or MISS. A MISS is reported, not an error: the
script exits 0 when everything ran.

options:
  -n, --runs N   timed runs of each side of each pair (default 200, or $RUNS)
  --no-build     use the binary already built in the scratch path
  --profile      afterwards, profile one run of each formctl command
                 (strace -c, perf stat, startup breakdown) where the tools
                 exist, on the same build with its symbol table
  -h, --help     this text

environment:
  RUNS           as --runs
  SCRATCH_PATH   SwiftPM scratch path (default .build-bench)
  FORMCTL        use this formctl binary instead of building one
  SQLITE3        the sqlite3 shell (default: sqlite3 from PATH)
  PYTHON         Python 3 for the timing loop (default: python3)
EOF
}

runs="${RUNS:-200}"
build=1
profile=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        -n|--runs) [[ $# -ge 2 ]] || { echo "cli.sh: $1 needs a number" >&2; exit 64; }; runs="$2"; shift ;;
        --no-build) build=0 ;;
        --profile) profile=1 ;;
        *) echo "cli.sh: unknown argument $1 (see -h)" >&2; exit 64 ;;
    esac
    shift
done
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "cli.sh: runs must be a positive number, not '$runs'" >&2; exit 64; }

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
scratch="${SCRATCH_PATH:-.build-bench}"
sqlite3="${SQLITE3:-sqlite3}"
python="${PYTHON:-python3}"
command -v "$sqlite3" >/dev/null || { echo "cli.sh: no sqlite3 shell ($sqlite3); apt-get install sqlite3" >&2; exit 69; }
command -v "$python" >/dev/null || { echo "cli.sh: no $python" >&2; exit 69; }

swift_version="$(swift --version 2>&1 | head -n 1 || true)"
if [[ -n "${FORMCTL:-}" ]]; then
    formctl="$FORMCTL"
else
    # The README's release build: fully static (no dynamic loader, about
    # half the start-up time of a dynamically linked `get`) and small.
    if [[ $build -eq 1 ]]; then
        echo "building: Scripts/build-release.sh --scratch-path $scratch"
        build_log="$(mktemp)"
        if ! formctl="$(Scripts/build-release.sh --scratch-path "$scratch" 2>"$build_log" | tail -n 1)"; then
            cat "$build_log" >&2; rm -f "$build_log"
            echo "cli.sh: the release build failed" >&2; exit 70
        fi
        tail -n 1 "$build_log"; rm -f "$build_log"
    else
        formctl="$scratch/release/formctl"
    fi
fi
[[ -x "$formctl" ]] || { echo "cli.sh: no formctl binary at $formctl" >&2; exit 66; }

work="$(mktemp -d "${TMPDIR:-/tmp}/formctl-cli-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# Timed as installed, a copy made with cp as the README does: how a binary
# got into the page cache changes its page faults by half (a file just
# written by strip faults ~220 times per get, a cp copy ~350).
built="$formctl"
formctl="$work/formctl"
cp "$built" "$formctl"

# Two databases made the same way, one per side (see cli_bench.py for why).
for db in "$work/formctl.db" "$work/sqlite3.db"; do
    "$formctl" minimap --db "$db" --format text >/dev/null   # creates it with the default form
    "$formctl" set first Jo --db "$db" >/dev/null
    "$formctl" set last Appleseed --db "$db" >/dev/null
    "$formctl" set email jo@example.com --db "$db" >/dev/null
done

# Both sides must answer the same before their speed means anything.
from_formctl="$("$formctl" get first --db "$work/formctl.db")"
from_sqlite3="$("$sqlite3" "$work/sqlite3.db" "SELECT value FROM field WHERE key='first'")"
[[ "$from_formctl" == "$from_sqlite3" ]] || {
    echo "cli.sh: formctl says '$from_formctl', sqlite3 says '$from_sqlite3'" >&2; exit 70; }

echo "binary: $built (timed as a cp copy)"
"$python" Benchmarks/cli_bench.py --formctl "$formctl" --sqlite3 "$(command -v "$sqlite3")" \
    --formctl-db "$work/formctl.db" --sqlite3-db "$work/sqlite3.db" --runs "$runs" \
    --swift-version "$swift_version"

if [[ $profile -eq 1 ]]; then
    # The same build with its symbol table, so that profiles name functions.
    echo "building: Scripts/build-release.sh --keep-symbols --scratch-path $scratch-profile"
    named="$(Scripts/build-release.sh --keep-symbols --scratch-path "$scratch-profile" 2>/dev/null | tail -n 1)"
    "$root/Benchmarks/cli_profile.sh" "$named" "$work/formctl.db"
fi
