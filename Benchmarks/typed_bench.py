"""Issue 35's speed goals for typed questions, each against its reference in
the same run (Benchmarks/typed.sh):

- `set` of an integer and of a choice against `set` of a text field:
  callgrind instructions of the whole process, on one form holding all three
  (goal: within 5%);
- `apply` of a generated 10,000-field form file whose fields cycle through
  every type, to a new database: wall time, median of RUNS (goal: at most
  1 s), beside the same form with every field text;
- a full layout of those 10,000 fields on one page: `minimap --format text` after
  `UPDATE form SET needs_refresh = 1` (formctl lays the form out again and
  stores the rectangles), median of RUNS, typed against all text (goal: at
  most 1.2x).

A benchmark, not a test: it prints figures and exits 0 unless formctl fails.
"""
import os
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time

import formctl_runs

FORMCTL = os.path.abspath(sys.argv[1])
RUNS = int(os.environ.get("RUNS", "5"))
FIELDS = int(os.environ.get("FIELDS", "10000"))

TYPED = [
    "{key: K, type: integer, min: 0, max: 120}",
    "{key: K, type: decimal, above: 0, step: 0.01}",
    "{key: K, type: select_one, choices: [red, green, blue]}",
    "{key: K, type: select_multiple, choices: [a, b, c, d], max_selected: 2}",
    "{key: K, type: boolean}",
    "{key: K, type: date, min: \"2026-01-01\"}",
    "{key: K, type: time}",
    "{key: K, type: datetime}",
    "{key: K, type: long_text, max_length: 2000}",
    "{key: K}",
]


def form_file(path, typed, fields=FIELDS, per_row=10, pages=10):
    rows_per_page = fields // per_row // pages
    lines = ["title: Typed benchmark", "pages:"]
    number = 0
    for page in range(pages):
        lines += [f"  - key: p{page}", "    rows:"]
        for _ in range(rows_per_page):
            lines += ["      - width: 540", "        fields:"]
            for _ in range(per_row):
                shape = TYPED[number % len(TYPED)] if typed else "{key: K}"
                lines.append("          - " + shape.replace("K", f"f{number}", 1))
                number += 1
    with open(path, "w") as out:
        out.write("\n".join(lines) + "\n")


def run(arguments, cwd):
    return formctl_runs.run(FORMCTL, arguments, cwd)


def instructions(arguments, cwd):
    return formctl_runs.instructions(FORMCTL, arguments, cwd)


def alternating(jobs, cwd):
    """Times each job RUNS times, the jobs taking turns (text, typed, text,
    ...), so that a slower spell of a shared machine falls on both alike.
    `jobs` maps a name to (arguments, before). Returns each name's median,
    and the median of the typed/text ratios of the rounds."""
    times = {name: [] for name in jobs}
    for _ in range(RUNS):
        for name, (arguments, before) in jobs.items():
            before()
            start = time.perf_counter()
            run(arguments, cwd)
            times[name].append(time.perf_counter() - start)
    ratio = statistics.median(typed / text for text, typed in zip(times["text"], times["typed"]))
    return {name: statistics.median(values) for name, values in times.items()}, ratio


def main():
    work = tempfile.mkdtemp(prefix="formctl-typed-bench.")
    try:
        # 1. set: text, integer, choice on one form, each measured on a copy.
        small = os.path.join(work, "small.yaml")
        with open(small, "w") as out:
            out.write("pages:\n  - key: main\n    rows:\n      - width: 540\n        fields:\n"
                      "          - {key: t}\n          - {key: n, type: integer, min: 0, max: 120}\n"
                      "          - {key: c, type: select_one, choices: [red, green, blue]}\n")
        run(["apply", small, "--db", "small.db"], work)
        counts = {}
        for key, value in [("t", "Grace"), ("n", "42"), ("c", "green")]:
            shutil.copy(os.path.join(work, "small.db"), os.path.join(work, f"set-{key}.db"))
            counts[key] = instructions(["set", key, value, "--db", f"set-{key}.db"], work)
        print("set, callgrind instructions of the whole process (goal: integer and choice within 5% of text)")
        print(f"  text     {counts['t']:>12,}")
        for key, name in [("n", "integer"), ("c", "choice")]:
            print(f"  {name:<8} {counts[key]:>12,}  {counts[key] / counts['t']:.3f}x")

        # 2. apply of 10,000 fields, typed against text.
        print(f"\napply of {FIELDS:,} fields to a new database, median of {RUNS}, taking turns (goal: typed at most 1 s)")
        jobs = {}
        for name in ("text", "typed"):
            path = os.path.join(work, f"{name}.yaml")
            form_file(path, name == "typed")
            db = os.path.join(work, f"{name}.db")
            def remove(db=db):
                for suffix in ("", "-wal", "-shm"):
                    if os.path.exists(db + suffix):
                        os.remove(db + suffix)
            jobs[name] = (["apply", path, "--db", db], remove)
        medians, ratio = alternating(jobs, work)
        print(f"  text     {medians['text']:.3f} s")
        print(f"  typed    {medians['typed']:.3f} s  {ratio:.2f}x text (median of the rounds' ratios)")

        # 3. a full layout, typed against text.
        print(f"\nlayout of {FIELDS:,} fields on one page (minimap after needs_refresh), median of {RUNS}, taking turns (goal: typed at most 1.2x text)")
        jobs = {}
        for name in ("text", "typed"):
            # One page, so that all 10,000 fields are laid out (the minimap
            # lays out the page shown).
            path = os.path.join(work, f"{name}-one-page.yaml")
            form_file(path, name == "typed", pages=1)
            db = os.path.join(work, f"{name}-one-page.db")
            run(["apply", path, "--db", db], work)
            def stale(db=db):
                with sqlite3.connect(db) as connection:
                    connection.execute("UPDATE form SET needs_refresh = 1")
            jobs[name] = (["minimap", "--format", "text", "--width", "80", "--db", db], stale)
        layouts, ratio = alternating(jobs, work)
        print(f"  text     {layouts['text']:.3f} s")
        print(f"  typed    {layouts['typed']:.3f} s  {ratio:.2f}x (median of the rounds' ratios)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


main()
