#!/usr/bin/env bash
# The CPU time `formctl minimap --watch` and `formctl edit` use while idle.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: Benchmarks/idle.sh [--seconds N] [--no-build] [-h]

Starts `formctl minimap --watch` and then `formctl edit` on a fresh database
in a tmux terminal (120 x 40), lets each settle for 2 s, and measures the CPU
time (user + system) it uses over N idle seconds (default 10): nothing
types, nothing changes the database. Both hold the form open in a FormKit
session, which asks SQLite every 50 ms whether another connection committed
(`PRAGMA data_version`); the editor's loop also wakes every 50 ms.

Prints, for each, the CPU milliseconds from /proc/PID/task/*/schedstat
(nanoseconds, the threads alive at the end) and from /proc/PID/stat
(utime + stime, in clock ticks of 10 ms, every thread), the number of
threads, and the goal: at most 100 ms over 10 s (DECISIONS, "Idle cost").
A figure over the goal is reported (MISS), not an error.

options:
  --seconds N    idle seconds measured (default 10)
  --no-build     use the binary already built in the scratch path
  -h, --help     this text

environment:
  SCRATCH_PATH   SwiftPM scratch path for the release build (default .build-bench)
  FORMCTL        use this formctl binary instead of building one
EOF
}

seconds=10
build=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        --seconds) [[ $# -ge 2 ]] || { echo "idle.sh: $1 needs a number" >&2; exit 64; }; seconds="$2"; shift ;;
        --no-build) build=0 ;;
        *) echo "idle.sh: unknown argument $1 (see -h)" >&2; exit 64 ;;
    esac
    shift
done
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "idle.sh: seconds must be a positive number, not '$seconds'" >&2; exit 64; }
command -v tmux >/dev/null || { echo "idle.sh: no tmux; apt-get install tmux" >&2; exit 69; }

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
scratch="${SCRATCH_PATH:-.build-bench}"
if [[ -n "${FORMCTL:-}" ]]; then
    formctl="$FORMCTL"
elif [[ $build -eq 1 ]]; then
    echo "building: Scripts/build-release.sh --scratch-path $scratch"
    formctl="$(Scripts/build-release.sh --scratch-path "$scratch" 2>/dev/null | tail -n 1)"
else
    formctl="$scratch/release/formctl"
fi
[[ -x "$formctl" ]] || { echo "idle.sh: no formctl binary at $formctl" >&2; exit 66; }
formctl="$(cd "$(dirname "$formctl")" && pwd)/$(basename "$formctl")"

work="$(mktemp -d "${TMPDIR:-/tmp}/formctl-idle.XXXXXX")"
socket="formctl-idle-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
"$formctl" fields --db "$work/form.db" >/dev/null   # creates it with the default form

ticks_per_second="$(getconf CLK_TCK)"

# CPU nanoseconds of the threads alive now (schedstat's first field).
schedstat_ns() {
    local total=0 ns
    for file in /proc/"$1"/task/*/schedstat; do
        read -r ns _ < "$file" 2>/dev/null || continue
        total=$((total + ns))
    done
    echo "$total"
}

# utime + stime of the process, every thread, in clock ticks.
stat_ticks() {
    # The command name (field 2) may hold spaces: count from after its ")".
    local rest
    rest="$(sed 's/^.*) //' /proc/"$1"/stat)"
    set -- $rest
    echo $(( ${12} + ${13} ))
}

# Runs `formctl ARGS` in a new tmux terminal and prints its pid.
start() {
    tmux -L "$socket" kill-server 2>/dev/null || true
    tmux -L "$socket" new-session -d -x 120 -y 40 -c "$work" "exec $formctl $* --db $work/form.db"
    local pid="" tries=0
    while [[ -z "$pid" || "$(cat /proc/"$pid"/comm 2>/dev/null)" != formctl ]]; do
        sleep 0.05
        pid="$(tmux -L "$socket" display-message -p -t 0 '#{pane_pid}')"
        tries=$((tries + 1))
        [[ $tries -lt 100 ]] || { echo "idle.sh: formctl $* did not start" >&2; exit 70; }
    done
    echo "$pid"
}

status=0
measure() {
    local pid ns0 ticks0 ns1 ticks1 threads ms stat_ms verdict
    pid="$(start "$@")"
    sleep 2
    ns0="$(schedstat_ns "$pid")"; ticks0="$(stat_ticks "$pid")"
    sleep "$seconds"
    ns1="$(schedstat_ns "$pid")"; ticks1="$(stat_ticks "$pid")"
    threads="$(ls /proc/"$pid"/task | wc -l)"
    ms=$(( (ns1 - ns0) / 1000000 ))
    stat_ms=$(( (ticks1 - ticks0) * 1000 / ticks_per_second ))
    # The goal is 100 ms over 10 s, scaled to the seconds measured.
    goal=$(( 100 * seconds / 10 ))
    verdict=PASS; [[ $ms -le $goal && $stat_ms -le $goal ]] || verdict=MISS
    printf '%-24s %5d ms CPU over %d s idle (schedstat), %5d ms (utime+stime), %d threads; goal <= %d ms: %s\n' \
        "formctl $*" "$ms" "$seconds" "$stat_ms" "$threads" "$goal" "$verdict"
    tmux -L "$socket" kill-server 2>/dev/null || true
}

echo "binary: $formctl"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
measure minimap --watch
measure edit
