#!/usr/bin/env python3
"""Submissions (issue 21): formctl next to the sqlite3 shell, in one run.

Run by Benchmarks/responses.sh, which builds the release binary. Three cases:

  submit    `formctl submit --from FILE` of one response of the default form
            (five fields), per response, against a `sqlite3` process doing
            the INSERT of the same row: the response and its five answers in
            one transaction, foreign keys on as formctl has them. Each side
            adds to its own copy of the same database; medians of RUNS
            processes each (posix_spawn + wait4, as cli_bench.py), the two
            sides alternating. For information: no goal.
  export    `formctl responses --format csv` of N (100,000) responses of the
            default form against `sqlite3 -csv -header` printing the same
            table from the same database: the wide pivot query, one row per
            response, columns id, submitted_at, status, then each key (a
            hidden answer empty, as formctl writes it). The query is the one
            `formctl responses sql` prints when formctl has it, else the
            same query written here (one GROUP BY over the join, a
            `max(CASE ...)` per key); a second shape (a sub-select per key,
            which the UNIQUE (response_id, key) index answers) is timed too,
            and the goal is judged against the faster of them: at most 1.5x. Output to
            /dev/null; before timing, both outputs are read with Python's
            csv and must hold the same rows.
  many      16 processes x 100 `submit --from` at once (shell loops, each
            value unique to its process and round) while a busy loop keeps
            the other core busy: wall time, throughput, exits with 75 and
            any other failure, then whether all 1,600 responses are there
            with exactly the values sent, and `PRAGMA integrity_check`.

The N responses are made quickly: response 1 by `formctl submit --from`,
responses 2..N by one sqlite3 `INSERT ... WITH RECURSIVE` that copies
response 1's answers (keys, labels, positions, shown) with the values of
`values(n)`. Before anything is timed, the same generator's rows for n = 1
must equal what formctl wrote for response 1, column for column, so the
table holds exactly what formctl would have written N times.

Usage: responses_bench.py FORMCTL [--responses N] [--runs R] [--submits S]
                          [--processes P] [--per-process K] [--skip CASE,...]
"""
import argparse
import csv
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli_bench import cpu_model, first_line, median, percentile, spawn_and_wait  # noqa: E402

KEYS = ["first", "middle", "last", "email", "twitter"]
EXPORT_GOAL = 1.5


def values(n):
    """The values of response n: a quote and a comma every 10th, non-ASCII
    every 7th, the hidden twitter always filled (its value kept, not
    answered)."""
    return {
        "first": f"Ada {n}",
        "middle": f'Mae "Quote", {n}' if n % 10 == 0 else "Mae",
        "last": f"Lovelace-{n}" + (" Åström" if n % 7 == 0 else ""),
        "email": f"ada{n}@example.com",
        "twitter": f"@ada{n}",
    }


# values(n) in SQL, for column `t.key` and number `n.i`.
VALUE_SQL = """CASE t.key
    WHEN 'first' THEN 'Ada ' || n.i
    WHEN 'middle' THEN CASE WHEN n.i % 10 = 0 THEN 'Mae "Quote", ' || n.i ELSE 'Mae' END
    WHEN 'last' THEN 'Lovelace-' || n.i || CASE WHEN n.i % 7 = 0 THEN ' Åström' ELSE '' END
    WHEN 'email' THEN 'ada' || n.i || '@example.com'
    WHEN 'twitter' THEN '@ada' || n.i
END"""


def generated_answers(first, last):
    """The answer rows of responses first..last as the generator makes them."""
    return f"""WITH RECURSIVE n(i) AS (SELECT {first} UNION ALL SELECT i + 1 FROM n WHERE i < {last})
SELECT n.i, t.position, t.key, t.label, {VALUE_SQL}, t.shown
FROM n CROSS JOIN answer t WHERE t.response_id = 1 ORDER BY n.i, t.position"""


def pivot_subselect(keys):
    """One row per response: a sub-select per key (the UNIQUE (response_id,
    key) index finds each), a hidden answer empty, a missing one NULL."""
    columns = ",\n  ".join(
        f"(SELECT CASE WHEN a.shown THEN a.value ELSE '' END FROM answer a WHERE a.response_id = r.id AND a.key = '{key}') AS \"{key}\""
        for key in keys)
    return f"SELECT r.id, r.submitted_at, r.status,\n  {columns}\nFROM response r ORDER BY r.id;"


def pivot_group_by(keys):
    """The same table from one pass over the join, grouped by response."""
    columns = ",\n  ".join(
        f"max(CASE WHEN a.key = '{key}' THEN CASE WHEN a.shown THEN a.value ELSE '' END END) AS \"{key}\"" for key in keys)
    return (f"SELECT r.id, r.submitted_at, r.status,\n  {columns}\n"
            "FROM response r LEFT JOIN answer a ON a.response_id = r.id GROUP BY r.id ORDER BY r.id;")


def run(argv, **kwargs):
    return subprocess.run(argv, check=True, capture_output=True, text=True, **kwargs).stdout


def sql(sqlite3, db, text):
    return run([sqlite3, db], input=text)


def ms(ns):
    return ns / 1e6


def time_sides(sides, runs, env, warmup=2):
    """{name: argv-for-run-i}: wall and cpu ns per side, alternating."""
    names = list(sides)
    walls = {name: [] for name in names}
    cpus = {name: [] for name in names}
    for i in range(warmup + runs):
        for name in (names if i % 2 == 0 else list(reversed(names))):
            argv = sides[name](i)
            wall, cpu, code = spawn_and_wait(argv, env)
            if code != 0:
                sys.exit(f"{name} exited {code}: {' '.join(argv)}")
            if i >= warmup:
                walls[name].append(wall)
                cpus[name].append(cpu)
    return {name: (sorted(walls[name]), sorted(cpus[name])) for name in names}


def make_base(formctl, sqlite3, tmp):
    """A database with the default form and no response."""
    base = os.path.join(tmp, "base.db")
    run([formctl, "fields", "--db", base])
    run([sqlite3, base, "PRAGMA wal_checkpoint(TRUNCATE);"])
    return base


def copy_db(source, target):
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(target + suffix):
            os.remove(target + suffix)
    shutil.copyfile(source, target)


def write_values(path, n):
    with open(path, "w") as f:
        json.dump(values(n), f, ensure_ascii=False)


def case_submit(formctl, sqlite3, base, tmp, runs, env):
    fdb, sdb = os.path.join(tmp, "submit-formctl.db"), os.path.join(tmp, "submit-sqlite3.db")
    copy_db(base, fdb)
    copy_db(base, sdb)
    labels = dict(line.split("|", 1) for line in run([sqlite3, base, "SELECT key || '|' || label FROM field ORDER BY position"]).splitlines())
    files = [os.path.join(tmp, f"submit-{i}.json") for i in (1, 2)]
    for n, path in zip((1, 2), files):
        write_values(path, n)

    def insert(n):
        v = values(n)
        quote = lambda s: "'" + s.replace("'", "''") + "'"
        rows = ", ".join(
            f"(last_insert_rowid(), {position}, '{key}', {quote(labels[key])}, {quote(v[key])}, {0 if key == 'twitter' else 1})"
            for position, key in enumerate(KEYS, start=1))
        return ("PRAGMA foreign_keys = ON; BEGIN IMMEDIATE; INSERT INTO response (status) VALUES ('complete'); "
                f"INSERT INTO answer (response_id, position, key, label, value, shown) VALUES {rows}; COMMIT;")
    scripts = [insert(1), insert(2)]
    results = time_sides({
        "formctl": lambda i: [formctl, "submit", "--from", files[i % 2], "--db", fdb],
        "sqlite3": lambda i: [sqlite3, sdb, scripts[i % 2]],
    }, runs, env)
    # Both sides stored the same rows.
    query = "SELECT status, position, key, label, value, shown FROM response JOIN answer ON response_id = id ORDER BY id, position"
    same = run([sqlite3, fdb, query]) == run([sqlite3, sdb, query])
    counts = [run([sqlite3, db, "SELECT count(*) FROM response"]).strip() for db in (fdb, sdb)]
    f, s = results["formctl"], results["sqlite3"]
    print(f"submit --from, one response of five answers ({runs} runs per side, {counts[0]} and {counts[1]} responses stored, "
          f"the same rows: {'yes' if same else 'NO'})")
    print(f"  {'side':<44} {'median ms':>9} {'p90 ms':>8} {'cpu ms':>7}")
    print(f"  {'formctl submit --from FILE':<44} {ms(median(f[0])):>9.2f} {ms(percentile(f[0], 0.9)):>8.2f} {ms(median(f[1])):>7.2f}")
    print(f"  {'sqlite3 INSERT response + 5 answers':<44} {ms(median(s[0])):>9.2f} {ms(percentile(s[0], 0.9)):>8.2f} {ms(median(s[1])):>7.2f}")
    print(f"  ratio formctl/sqlite3: {median(f[0]) / median(s[0]):.2f}x, CPU time {median(f[1]) / median(s[1]):.2f}x (no goal)")
    if not same:
        sys.exit("the two sides stored different rows")
    return median(f[0]) / median(s[0])


def make_large(formctl, sqlite3, base, tmp, count):
    """N responses: response 1 by formctl, 2..N by sqlite3, checked equal."""
    db = os.path.join(tmp, "export.db")
    copy_db(base, db)
    first = os.path.join(tmp, "export-1.json")
    write_values(first, 1)
    run([formctl, "submit", "--from", first, "--db", db])
    started = time.perf_counter()
    sql(sqlite3, db, f"""PRAGMA foreign_keys = ON;
BEGIN IMMEDIATE;
WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < {count})
INSERT INTO response (status) SELECT 'complete' FROM n;
INSERT INTO answer (response_id, position, key, label, value, shown)
SELECT * FROM ({generated_answers(2, count)});
COMMIT;
PRAGMA wal_checkpoint(TRUNCATE);
""")
    made = time.perf_counter() - started
    # The generator's rows for n = 1 are formctl's own, column for column,
    # and responses 2..N look like response 1 in every other column.
    formctl_rows = run([sqlite3, db, "SELECT response_id, position, key, label, value, shown FROM answer WHERE response_id = 1 ORDER BY position"])
    generated = run([sqlite3, db, generated_answers(1, 1)])
    if formctl_rows != generated:
        sys.exit(f"the generator does not write what formctl writes:\nformctl:\n{formctl_rows}\ngenerator:\n{generated}")
    shape = run([sqlite3, db, f"""SELECT count(*), min(id), max(id),
  sum(status = 'complete'), sum(created_at = submitted_at),
  (SELECT count(*) FROM answer), (SELECT count(*) FROM history WHERE key GLOB '#*'),
  (SELECT count(DISTINCT value) FROM answer WHERE key = 'email')
FROM response"""]).strip()
    expected = f"{count}|1|{count}|{count}|{count}|{count * 5}|{count}|{count}"
    if shape != expected:
        sys.exit(f"the database is not {count} responses of five answers: {shape} (expected {expected})")
    return db, made


def case_export(formctl, sqlite3, base, tmp, count, runs, env):
    db, made = make_large(formctl, sqlite3, base, tmp, count)
    keys = run([sqlite3, db, "SELECT key FROM field ORDER BY position"]).split()
    queries = {}
    documented = subprocess.run([formctl, "responses", "sql", "--db", db], capture_output=True, text=True)
    if documented.returncode == 0 and documented.stdout.strip():
        queries["formctl responses sql"] = documented.stdout
    else:
        queries["GROUP BY over the join"] = pivot_group_by(keys)
    queries["sub-select per key"] = pivot_subselect(keys)
    files = {}
    for name, text in queries.items():
        path = os.path.join(tmp, f"pivot-{len(files)}.sql")
        with open(path, "w") as f:
            f.write(text)
        files[name] = path

    # Same data before any timing: formctl's CSV and each query's, as rows.
    ours = subprocess.run([formctl, "responses", "--format", "csv", "--db", db], capture_output=True, check=True).stdout
    our_rows = list(csv.reader(io.StringIO(ours.decode("utf-8"), newline="")))
    if len(our_rows) != count + 1:
        sys.exit(f"formctl printed {len(our_rows)} CSV rows for {count} responses")
    for name, path in files.items():
        theirs = subprocess.run([sqlite3, "-csv", "-header", db, f".read {path}"], capture_output=True, check=True).stdout
        their_rows = list(csv.reader(io.StringIO(theirs.decode("utf-8"), newline="")))
        if their_rows[1:] != our_rows[1:]:
            bad = next(i for i, (a, b) in enumerate(zip(their_rows[1:], our_rows[1:])) if a != b) if len(their_rows) == len(our_rows) else None
            sys.exit(f"{name}: sqlite3 prints other rows than formctl ({len(their_rows)} rows against {len(our_rows)}; "
                     f"first difference at response {bad}: {their_rows[1:][bad] if bad is not None else ''} / {our_rows[1:][bad] if bad is not None else ''})")

    sides = {"formctl": lambda i: [formctl, "responses", "--format", "csv", "--db", db]}
    for name, path in files.items():
        sides[name] = (lambda p: lambda i: [sqlite3, "-csv", "-header", db, f".read {p}"])(path)
    results = time_sides(sides, runs, env, warmup=1)
    size = os.path.getsize(db)
    print(f"responses --format csv of {count:,} responses of the default form ({size / 1e6:.1f} MB database, made in {made:.1f} s; "
          f"{len(ours) / 1e6:.1f} MB of CSV; {runs} runs per side, output to /dev/null; every side prints the same rows)")
    print(f"  {'side':<44} {'median ms':>9} {'p90 ms':>8} {'cpu ms':>7}")
    for name, (walls, cpus) in results.items():
        label = "formctl responses --format csv" if name == "formctl" else f"sqlite3 -csv: {name}"
        print(f"  {label:<44} {ms(median(walls)):>9.1f} {ms(percentile(walls, 0.9)):>8.1f} {ms(median(cpus)):>7.1f}")
    reference = min((name for name in results if name != "formctl"), key=lambda name: median(results[name][0]))
    ratio = median(results["formctl"][0]) / median(results[reference][0])
    verdict = "PASS" if ratio <= EXPORT_GOAL else "MISS"
    cpu_ratio = median(results["formctl"][1]) / median(results[reference][1])
    print(f"  ratio formctl/sqlite3 (the faster query, {reference}): {ratio:.2f}x, goal <= {EXPORT_GOAL}x: {verdict} "
          f"(CPU time: {cpu_ratio:.2f}x)")
    return ratio, verdict


def case_many(formctl, sqlite3, base, tmp, processes, per_process):
    db = os.path.join(tmp, "many.db")
    copy_db(base, db)
    # Each process writes its number and round into every value: p3-r17-first.
    script = r"""
i=1
while [ "$i" -le "$N" ]; do
    f="$DIR/p$P-r$i.json"
    printf '{"first":"p%s-r%s-first","middle":"p%s-r%s-middle","last":"p%s-r%s-last","email":"p%s-r%s@example.com","twitter":"p%s-r%s-twitter"}' \
        "$P" "$i" "$P" "$i" "$P" "$i" "$P" "$i" "$P" "$i" >"$f"
    "$FORMCTL" submit --from "$f" --db "$DB" >"$f.out" 2>>"$DIR/p$P.err"
    echo "$i $?" >>"$DIR/p$P.log"
    i=$((i + 1))
done
"""
    folder = os.path.join(tmp, "many")
    os.mkdir(folder)
    busy = subprocess.Popen(["sh", "-c", "while :; do :; done"])
    try:
        time.sleep(0.2)
        started = time.perf_counter()
        children = [subprocess.Popen(["sh", "-c", script], env=dict(os.environ, FORMCTL=formctl, DB=db, DIR=folder,
                                                                    P=str(p), N=str(per_process)))
                    for p in range(processes)]
        for child in children:
            child.wait()
        wall = time.perf_counter() - started
    finally:
        busy.send_signal(signal.SIGKILL)
        busy.wait()
    exits = {}
    printed = {}
    for p in range(processes):
        with open(os.path.join(folder, f"p{p}.log")) as f:
            for line in f:
                i, code = line.split()
                exits[(p, int(i))] = int(code)
                with open(os.path.join(folder, f"p{p}-r{i}.json.out")) as out:
                    printed[(p, int(i))] = out.read().strip()
    total = processes * per_process
    busy75 = sum(1 for code in exits.values() if code == 75)
    failed = sum(1 for code in exits.values() if code != 0)
    rows = run([sqlite3, db, "SELECT r.id, a.key, a.value FROM response r JOIN answer a ON a.response_id = r.id ORDER BY r.id, a.position"])
    stored = {}
    for line in rows.splitlines():
        rid, key, value = line.split("|", 2)
        stored.setdefault(rid, {})[key] = value
    expected = {f"p{p}-r{i}": {key: (f"p{p}-r{i}@example.com" if key == "email" else f"p{p}-r{i}-{key}") for key in KEYS}
                for (p, i), code in exits.items() if code == 0}
    found = {}
    for rid, answers in stored.items():
        tag = answers.get("first", "").removesuffix("-first")
        found[tag] = (rid, answers)
    whole = sum(1 for tag, answers in expected.items() if tag in found and found[tag][1] == answers)
    ids_printed = sum(1 for (p, i), text in printed.items() if exits[(p, i)] == 0 and text.split() and text.split()[0].isdigit()
                      and found.get(f"p{p}-r{i}", ("",))[0] == text.split()[0])
    integrity = run([sqlite3, db, "PRAGMA integrity_check"]).strip()
    print(f"{processes} processes x {per_process} submit --from at once, the other core busy ({total} submits)")
    print(f"  wall {wall:.1f} s, {total / wall:.0f} responses/s, {busy75} exits with 75, {failed} failed in all")
    print(f"  {len(stored)} responses stored, {whole} of {len(expected)} acknowledged ones whole with exactly the values sent, "
          f"{ids_printed} printed the id stored; integrity_check: {integrity}")
    return wall, busy75, failed, len(stored), whole, integrity


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("formctl")
    parser.add_argument("--responses", type=int, default=100000)
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each export side (default 7)")
    parser.add_argument("--submits", type=int, default=100, help="timed runs of each submit side (default 100)")
    parser.add_argument("--processes", type=int, default=16)
    parser.add_argument("--per-process", type=int, default=100)
    parser.add_argument("--skip", default="", help="cases to leave out: submit,export,many")
    args = parser.parse_args()
    formctl = os.path.abspath(args.formctl)
    sqlite3 = shutil.which("sqlite3") or sys.exit("no sqlite3 on PATH (apt-get install sqlite3)")
    skip = {name.strip() for name in args.skip.split(",") if name.strip()}
    env = {key: value for key, value in os.environ.items() if key not in ("FORMCTL_DB", "NO_COLOR")}

    affinity = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print("Submissions (issue 21): formctl vs the sqlite3 shell, whole processes, one run")
    print(f"machine: {affinity} CPUs usable, {cpu_model()}, load {os.getloadavg()[0]:.2f}")
    print(f"sqlite3: {first_line([sqlite3, '--version'])}")
    print(f"formctl: {formctl} ({os.path.getsize(formctl):,} bytes)")
    print()
    tmp = tempfile.mkdtemp(prefix="responses-bench.")
    summary = []
    try:
        base = make_base(formctl, sqlite3, tmp)
        if "submit" not in skip:
            ratio = case_submit(formctl, sqlite3, base, tmp, args.submits, env)
            summary.append(f"submit --from {ratio:.2f}x sqlite3's INSERT")
            print()
        if "export" not in skip:
            ratio, verdict = case_export(formctl, sqlite3, base, tmp, args.responses, args.runs, env)
            summary.append(f"export of {args.responses:,} as CSV {ratio:.2f}x sqlite3 -csv (<= {EXPORT_GOAL}x) {verdict}")
            print()
        if "many" not in skip:
            wall, busy75, failed, stored, whole, integrity = case_many(formctl, sqlite3, base, tmp, args.processes, args.per_process)
            summary.append(f"{args.processes}x{args.per_process} at once {wall:.1f} s, {busy75} exits 75, {failed} failed, "
                           f"{whole}/{stored} whole, integrity {integrity}")
            print()
        print("summary: " + "; ".join(summary))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
