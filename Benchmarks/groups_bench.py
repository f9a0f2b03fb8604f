"""Issue 46's speed goals for groups and repeats, each against its reference
in the same run (Benchmarks/groups.sh):

- `set`, `get` and `minimap` (after a change, so laid out again) on a form of
  10,000 fields in 100 groups of 100, and on one of 200 instances of a
  50-field repeat, against a flat form of 10,000 fields in the same rows:
  callgrind instructions of the whole process (goal: within 10%);
- `repeat add` on the 200-instance form, each on a fresh copy: wall time,
  median of RUNS (goal: under 50 ms);
- a keystroke in the editor (`formctl edit` through a pseudo-terminal, as
  Benchmarks/editor.sh measures it) in a field of the first instance,
  next to the same field of the flat form (goal: 2 ms, the editor's).

A benchmark, not a test: it prints figures and exits 0 unless formctl fails.
"""
import os
import shutil
import statistics
import sys
import tempfile
import time

import editor_bench
import formctl_runs

FORMCTL = os.path.abspath(sys.argv[1])
RUNS = int(os.environ.get("RUNS", "5"))
KEYSTROKES = int(os.environ.get("KEYSTROKES", "200"))
PER_ROW = 10


def rows(count, indent, prefix="f"):
    lines = []
    for row in range(count // PER_ROW):
        lines += [f"{indent}- width: 540", f"{indent}  fields:"]
        for column in range(PER_ROW):
            lines.append(f"{indent}    - {{key: {prefix}{row * PER_ROW + column}}}")
    return lines


def flat(path):
    lines = ["title: Flat", "pages:", "  - key: main", "    rows:"] + rows(10_000, "      ")
    write(path, lines)


def grouped(path):
    lines = ["title: Groups", "pages:", "  - key: main", "    rows:"]
    for group in range(100):
        lines += [f"      - group: g{group}", f"        title: Group {group}", "        rows:"]
        lines += rows(100, "          ")
    write(path, lines)


def repeated(path):
    lines = ["title: Repeat", "pages:", "  - key: main", "    rows:",
             "      - repeat: items", "        title: Items", "        min_count: 200", "        rows:"]
    lines += rows(50, "          ")
    write(path, lines)


def write(path, lines):
    with open(path, "w") as out:
        out.write("\n".join(lines) + "\n")


def run(arguments, cwd):
    return formctl_runs.run(FORMCTL, arguments, cwd)


def instructions(arguments, cwd):
    return formctl_runs.instructions(FORMCTL, arguments, cwd)


def main():
    work = tempfile.mkdtemp(prefix="formctl-groups-bench.")
    try:
        forms = {"flat": (flat, "f5000"), "groups": (grouped, "g50.f0"), "repeat": (repeated, "items.100.f0")}
        for name, (make, _) in forms.items():
            make(os.path.join(work, f"{name}.yaml"))
            run(["apply", f"{name}.yaml", "--db", f"{name}.db"], work)
        print("callgrind instructions of the whole process, 10,000 fields each (goal: within 10% of flat)")
        print(f"  {'':<8} {'flat':>14} {'groups':>14} {'':>7} {'repeat':>14} {'':>7}")
        for command in ("set", "get", "minimap"):
            counts = {}
            for name, (_, key) in forms.items():
                db = f"{command}-{name}.db"
                shutil.copy(os.path.join(work, f"{name}.db"), os.path.join(work, db))
                arguments = {"set": ["set", key, "Ada"], "get": ["get", key],
                             "minimap": ["minimap", "--format", "text", "--width", "80"]}[command]
                if command == "minimap":
                    run(["set", key, "Ada", "--db", db], work)
                counts[name] = instructions(arguments + ["--db", db], work)
            flat_count = counts["flat"]
            print(f"  {command:<8} {flat_count:>14,} {counts['groups']:>14,} {counts['groups'] / flat_count:>6.3f}x"
                  f" {counts['repeat']:>14,} {counts['repeat'] / flat_count:>6.3f}x")

        print(f"\nrepeat add on 200 instances of 50 fields, each on a fresh copy, median of {RUNS} (goal: under 50 ms)")
        times = []
        for round in range(RUNS):
            db = f"add-{round}.db"
            shutil.copy(os.path.join(work, "repeat.db"), os.path.join(work, db))
            start = time.perf_counter()
            result = run(["repeat", "add", "items", "--db", db], work)
            times.append(time.perf_counter() - start)
            if result.stdout.strip() != "items.201":
                sys.exit(f"repeat add printed {result.stdout!r}")
        print(f"  repeat add  {statistics.median(times) * 1000:.1f} ms  (min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f})")

        # The second field in Tab order: f1 of the flat form, items.1.f1 of
        # the repeat (no title shows either).
        print(f"\nkeystroke -> redraw in formctl edit, {KEYSTROKES} keystrokes (goal: 2 ms)")
        for name in ("flat", "groups", "repeat"):
            keystrokes, _ = editor_bench.measure(FORMCTL, os.path.join(work, f"{name}.db"), KEYSTROKES, tabs=1)
            keystrokes.sort()
            print(f"  {name:<8} median {statistics.median(keystrokes):.2f} ms, p90 {keystrokes[int(len(keystrokes) * 0.9) - 1]:.2f} ms")
    finally:
        shutil.rmtree(work, ignore_errors=True)


main()
