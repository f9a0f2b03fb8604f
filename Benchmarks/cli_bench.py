#!/usr/bin/env python3
"""Times formctl against the sqlite3 shell, as whole processes, in one run.

Run by Benchmarks/cli.sh, which builds formctl and prepares the databases;
run it directly only with databases made the same way. Standard library only.

Each process is started with os.posix_spawn and reaped with os.wait4, with
stdin from /dev/null and stdout/stderr to /dev/null, so both sides pay the
same, small harness cost. The two sides of a pair alternate (A B, then B A)
so that neither always runs second, on a warm page cache. Each side of the
set pair gets its own database (formctl's copy and sqlite3's copy, made the
same way): an UPDATE from the sqlite3 shell marks the form as changed outside
formctl (form.needs_refresh), and formctl would then pay a full refresh that
a formctl-only workflow never pays.

Prints, per pair, median and p90 wall time (ms) and median CPU time
(user + sys, from wait4) for each side, the ratio of the medians
formctl/sqlite3, its target and PASS or MISS; and the binary's size against
its target. A MISS is a result, not an error: the exit code is 0 unless a
command failed.
"""
import argparse
import math
import os
import platform
import subprocess
import sys
import time

TARGETS = {"get": 1.2, "set": 2.0, "minimap": 2.0}
# The binary's size in MB (10^6 bytes): the static release binary users install.
SIZE_TARGET_MB = 30.0


def spawn_and_wait(argv, env):
    """Runs argv to completion; returns (wall ns, cpu ns, exit code)."""
    actions = [
        (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0),
    ]
    start = time.perf_counter_ns()
    pid = os.posix_spawn(argv[0], argv, env, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter_ns() - start
    cpu = int((usage.ru_utime + usage.ru_stime) * 1e9)
    return wall, cpu, os.waitstatus_to_exitcode(status)


def percentile(sorted_values, fraction):
    """Nearest-rank percentile of an ascending list."""
    rank = max(1, math.ceil(fraction * len(sorted_values)))
    return sorted_values[rank - 1]


def median(sorted_values):
    n = len(sorted_values)
    middle = n // 2
    return sorted_values[middle] if n % 2 else (sorted_values[middle - 1] + sorted_values[middle]) / 2


def time_pair(sides, runs, warmup, env):
    """sides: {"formctl": fn(i) -> argv, "sqlite3": fn(i) -> argv}; returns {side: (walls, cpus)}."""
    names = list(sides)
    results = {name: ([], []) for name in names}
    for i in range(warmup + runs):
        order = names if i % 2 == 0 else list(reversed(names))
        for name in order:
            argv = sides[name](i)
            wall, cpu, code = spawn_and_wait(argv, env)
            if code != 0:
                raise SystemExit(f"{name} exited {code}: {' '.join(argv)}")
            if i >= warmup:
                results[name][0].append(wall)
                results[name][1].append(cpu)
    return results


def first_line(argv):
    try:
        out = subprocess.run(argv, capture_output=True, text=True, timeout=60)
        return (out.stdout or out.stderr).strip().splitlines()[0]
    except (OSError, IndexError, subprocess.TimeoutExpired) as error:
        return f"unknown ({error})"


def cpu_model():
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def main():
    parser = argparse.ArgumentParser(description="formctl vs sqlite3, whole processes (see the module docstring).")
    parser.add_argument("--formctl", required=True, help="the formctl binary")
    parser.add_argument("--sqlite3", default="sqlite3", help="the sqlite3 shell (default: from PATH)")
    parser.add_argument("--formctl-db", required=True, help="database used by the formctl side")
    parser.add_argument("--sqlite3-db", required=True, help="database used by the sqlite3 side (made the same way)")
    parser.add_argument("--runs", type=int, default=200, help="timed runs of each side of each pair (default 200)")
    parser.add_argument("--warmup", type=int, default=5, help="untimed runs first (default 5)")
    parser.add_argument("--pairs", default="get,set,minimap", help="which pairs, comma-separated (default all)")
    parser.add_argument("--swift-version", default=None, help="first line of `swift --version`, if already known")
    args = parser.parse_args()

    formctl = os.path.abspath(args.formctl)
    sqlite3 = args.sqlite3 if os.sep in args.sqlite3 else (subprocess.run(
        ["sh", "-c", f"command -v {args.sqlite3}"], capture_output=True, text=True).stdout.strip() or args.sqlite3)
    fdb, sdb = args.formctl_db, args.sqlite3_db
    env = {key: value for key, value in os.environ.items() if key not in ("FORMCTL_DB", "NO_COLOR")}
    values = ("Ann", "Bob")

    pairs = {
        "get": ("formctl get first", "sqlite3 SELECT value … key='first'", {
            "formctl": lambda i: [formctl, "get", "first", "--db", fdb],
            "sqlite3": lambda i: [sqlite3, sdb, "SELECT value FROM field WHERE key='first'"],
        }),
        "set": ("formctl set first Ann|Bob", "sqlite3 UPDATE field SET value=…", {
            "formctl": lambda i: [formctl, "set", "first", values[i % 2], "--db", fdb],
            "sqlite3": lambda i: [sqlite3, sdb, f"UPDATE field SET value='{values[i % 2]}' WHERE key='first'"],
        }),
        "minimap": ("formctl minimap --format text", "sqlite3 SELECT * FROM minimap_rect", {
            "formctl": lambda i: [formctl, "minimap", "--db", fdb, "--format", "text", "--width", "80"],
            "sqlite3": lambda i: [sqlite3, sdb, "SELECT * FROM minimap_rect ORDER BY z"],
        }),
    }
    chosen = [name.strip() for name in args.pairs.split(",") if name.strip()]
    for name in chosen:
        if name not in pairs:
            raise SystemExit(f"unknown pair {name!r} (known: {', '.join(pairs)})")

    affinity = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print("formctl vs sqlite3 shell, whole processes (posix_spawn + wait4, output to /dev/null)")
    print(f"machine: {affinity} CPUs usable ({os.cpu_count()} online), {cpu_model()}, load {os.getloadavg()[0]:.2f}")
    print(f"sqlite3: {first_line([sqlite3, '--version'])}")
    print(f"swift:   {args.swift_version or first_line(['swift', '--version'])}")
    size_mb = os.path.getsize(formctl) / 1e6
    size_verdict = "PASS" if size_mb <= SIZE_TARGET_MB else "MISS"
    print(f"formctl: {formctl}")
    print(f"size:    {os.path.getsize(formctl):,} bytes = {size_mb:.2f} MB (target ≤ {SIZE_TARGET_MB:.0f} MB) {size_verdict}")
    print(f"runs: {args.runs} per side, {args.warmup} warm-up, sides alternating")

    floor = time_pair({"true": lambda i: ["/bin/true"]}, min(args.runs, 100), 3, env)["true"]
    print(f"process floor (/bin/true): median {median(sorted(floor[0])) / 1e6:.2f} ms")
    print()
    print(f"{'pair':<8} {'side':<8} {'median ms':>9} {'p90 ms':>8} {'cpu ms':>7}   {'ratio':>6} {'target':>7}  result")
    summary = []
    for name in chosen:
        _, _, sides = pairs[name]
        results = time_pair(sides, args.runs, args.warmup, env)
        medians = {}
        for side in ("formctl", "sqlite3"):
            walls, cpus = sorted(results[side][0]), sorted(results[side][1])
            medians[side] = median(walls)
            stats = (median(walls) / 1e6, percentile(walls, 0.9) / 1e6, median(cpus) / 1e6)
            if side == "formctl":
                print(f"{name:<8} {side:<8} {stats[0]:>9.2f} {stats[1]:>8.2f} {stats[2]:>7.2f}")
            else:
                ratio = medians["formctl"] / medians["sqlite3"]
                target = TARGETS[name]
                verdict = "PASS" if ratio <= target else "MISS"
                summary.append((name, ratio, target, verdict))
                print(f"{'':<8} {side:<8} {stats[0]:>9.2f} {stats[1]:>8.2f} {stats[2]:>7.2f}   "
                      f"{ratio:>5.2f}× {'≤ ' + format(target, '.1f') + '×':>7}  {verdict}")
        sys.stdout.flush()
    print()
    print("summary: " + "; ".join(f"{name} {ratio:.2f}× (≤ {target:.1f}×) {verdict}"
                                  for name, ratio, target, verdict in summary)
          + f"; size {size_mb:.2f} MB (≤ {SIZE_TARGET_MB:.0f} MB) {size_verdict}")


if __name__ == "__main__":
    main()
