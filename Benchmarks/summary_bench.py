#!/usr/bin/env python3
"""`formctl summary --format json` next to the sqlite3 shell (issue 48).

Run by Benchmarks/summary.sh. A form of ten typed questions (text, integer,
decimal, select_one, select_multiple, boolean, date, time, datetime,
long_text) and N (100,000) complete responses: response 1 by `formctl
submit --from`, 2..N by one sqlite3 `INSERT ... WITH RECURSIVE` copying its
answer rows with the values of `VALUE_SQL` (checked equal to formctl's for
n = 1): unanswered, hidden and invalid answers among them.

The reference is what a person would type into the sqlite3 shell for the
same figures (REFERENCE_SQL): per question the answered, unanswered and
not-shown counts; for numbers min, max, mean, the three quartiles (window
functions: SQLite 3.40 has no percentile_cont) and a histogram; choices
counted (json_each for select_multiple); dates' earliest, latest and
weeks; text's distinct count and ten most common. Both print to
/dev/null; medians of RUNS runs each, the two sides alternating, after two
warm-up runs each. Goal: formctl at most 1.5x the reference.

Then the owner's summary page on the same file (`formctl serve`): its
first request, which counts every question, and the median of RUNS
requests each after one more response (`formctl submit`), which add only
that response's answers to the counts the server keeps.

Usage: summary_bench.py FORMCTL WORKDIR [--responses N] [--runs R]
"""
import argparse
import json
import os
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli_bench import median, spawn_and_wait  # noqa: E402

GOAL = 1.5

FORM = """title: Lunch at scale
pages:
  - key: main
    rows:
      - width: 540
        fields:
          - {key: name, label: Name}
          - {key: age, label: Age, type: integer, min: 18, max: 99}
      - width: 540
        fields:
          - {key: height, label: Height, type: decimal}
          - {key: colour, label: Colour, type: select_one, choices: [red, green, blue]}
      - width: 540
        fields:
          - {key: toppings, label: Toppings, type: select_multiple, choices: [cheese, olives, basil]}
          - {key: laptop, label: Laptop, type: boolean}
      - width: 540
        fields:
          - {key: start, label: Start, type: date}
          - {key: call, label: Call at, type: time}
      - width: 540
        fields:
          - {key: meeting, label: Meeting, type: datetime}
          - {key: bio, label: About you, type: long_text}
"""

# The value of question t.key in response n.i (response 1's by formctl).
VALUE_SQL = """CASE t.key
    WHEN 'name' THEN CASE WHEN n.i % 50 = 0 THEN '' ELSE 'Name ' || (n.i * 7919 % 500) END
    WHEN 'age' THEN CASE WHEN n.i % 97 = 0 THEN 'abc' WHEN n.i % 89 = 0 THEN '150' ELSE CAST(18 + n.i * 31 % 80 AS TEXT) END
    WHEN 'height' THEN '1.' || printf('%02d', n.i * 13 % 100)
    WHEN 'colour' THEN CASE n.i % 4 WHEN 0 THEN 'red' WHEN 1 THEN 'green' WHEN 2 THEN 'blue' ELSE '' END
    WHEN 'toppings' THEN CASE n.i % 4 WHEN 0 THEN '["cheese"]' WHEN 1 THEN '["cheese","olives"]' WHEN 2 THEN '["olives","basil"]' ELSE '' END
    WHEN 'laptop' THEN CASE n.i % 3 WHEN 0 THEN 'true' ELSE 'false' END
    WHEN 'start' THEN date('2026-01-01', '+' || (n.i * 17 % 200) || ' days')
    WHEN 'call' THEN printf('%02d:%02d', 9 + n.i % 8, (n.i % 4) * 15)
    WHEN 'meeting' THEN printf('2026-03-%02dT%02d:00:00Z', 1 + n.i % 20, 8 + n.i % 10)
    WHEN 'bio' THEN 'Bio ' || (n.i % 2000)
END"""
# Every 20th response did not see the colour question.
SHOWN_SQL = "CASE WHEN t.key = 'colour' AND n.i % 20 = 0 THEN 0 ELSE t.shown END"


def answers_of(key):
    return f"FROM answer AS a JOIN response AS r ON r.id = a.response_id WHERE a.key = '{key}' AND r.status = 'complete'"


def counts(key):
    return f"SELECT sum(a.shown = 1 AND a.value <> ''), sum(a.shown = 1 AND a.value = ''), sum(a.shown = 0) {answers_of(key)};\n"


def numbers(key, cast, valid, width):
    given = f"SELECT CAST(a.value AS {cast}) AS v {answers_of(key)} AND a.shown = 1 AND a.value <> '' AND {valid}"
    return (counts(key)
            + f"SELECT min(v), max(v), avg(v) FROM ({given});\n"
            + f"WITH s AS (SELECT v, row_number() OVER (ORDER BY v) - 1 AS k, count(*) OVER () AS n FROM ({given})) "
              "SELECT k, v FROM s WHERE k IN ((n - 1) / 4, (n - 1) / 4 + 1, (n - 1) / 2, (n - 1) / 2 + 1, 3 * (n - 1) / 4, 3 * (n - 1) / 4 + 1);\n"
            + f"SELECT CAST(v / {width} AS INTEGER) * {width} AS bin, count(*) FROM ({given}) GROUP BY bin;\n")


def choices(key):
    return counts(key) + f"SELECT a.value, count(*) {answers_of(key)} AND a.shown = 1 AND a.value <> '' GROUP BY a.value;\n"


def text(key):
    return (counts(key) + f"SELECT count(DISTINCT a.value) {answers_of(key)} AND a.shown = 1 AND a.value <> '';\n"
            + f"SELECT a.value, count(*) AS c {answers_of(key)} AND a.shown = 1 AND a.value <> '' GROUP BY a.value ORDER BY c DESC, a.value LIMIT 10;\n")


def dates(key, day):
    return (counts(key) + f"SELECT min(a.value), max(a.value) {answers_of(key)} AND a.shown = 1 AND a.value <> '';\n"
            + f"SELECT date({day}, 'weekday 0', '-6 days') AS week, count(*) {answers_of(key)} AND a.shown = 1 AND a.value <> '' GROUP BY week;\n")


REFERENCE_SQL = ("SELECT count(*) FROM response WHERE status = 'complete';\n"
                 + text("name")
                 + numbers("age", "INTEGER", "a.value GLOB '[0-9]*' AND CAST(a.value AS INTEGER) BETWEEN 18 AND 99", 5)
                 + numbers("height", "REAL", "a.value GLOB '[0-9]*'", 0.05)
                 + choices("colour")
                 + counts("toppings")
                 + f"SELECT j.value, count(*) {answers_of('toppings')} AND a.shown = 1 AND a.value <> '' AND json_valid(a.value) "
                   "GROUP BY j.value;\n".replace("FROM answer AS a", "FROM answer AS a JOIN json_each(a.value) AS j ON 1", 1)
                 + choices("laptop")
                 + dates("start", "a.value")
                 + text("call")
                 + dates("meeting", "substr(a.value, 1, 10)")
                 + text("bio"))


def run(argv, **kwargs):
    return subprocess.run(argv, check=True, capture_output=True, text=True, **kwargs).stdout


def make_database(formctl, sqlite3, work, count):
    form = os.path.join(work, "form.yaml")
    with open(form, "w") as out:
        out.write(FORM)
    db = os.path.join(work, "summary.db")
    run([formctl, "apply", form, "--db", db])
    first = os.path.join(work, "first.json")
    row = run([sqlite3, db, f"WITH n(i) AS (SELECT 1) SELECT json_group_object(t.key, {VALUE_SQL}) FROM n CROSS JOIN "
                            "(SELECT key FROM field ORDER BY position) AS t"]).strip()
    values = {key: value for key, value in json.loads(row).items() if value != ""}
    # As JSON types them (a values file's integer is a number, not text).
    for key in ("toppings", "age", "height", "laptop"):
        if key in values:
            values[key] = json.loads(values[key])
    with open(first, "w") as out:
        json.dump(values, out)
    run([formctl, "submit", "--from", first, "--db", db])
    started = time.perf_counter()
    run([sqlite3, db], input=f"""PRAGMA foreign_keys = ON;
BEGIN IMMEDIATE;
WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < {count})
INSERT INTO response (status) SELECT 'complete' FROM n;
INSERT INTO answer (response_id, position, key, label, value, shown, type)
SELECT * FROM (WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < {count})
SELECT n.i, t.position, t.key, t.label, {VALUE_SQL}, {SHOWN_SQL}, t.type
FROM n CROSS JOIN answer t WHERE t.response_id = 1 ORDER BY n.i, t.position);
COMMIT;
PRAGMA wal_checkpoint(TRUNCATE);
""")
    made = time.perf_counter() - started
    generated = run([sqlite3, db, f"WITH n(i) AS (SELECT 1) SELECT t.key, {VALUE_SQL}, {SHOWN_SQL} FROM n CROSS JOIN answer t "
                                  "WHERE t.response_id = 1 ORDER BY t.position"])
    stored = run([sqlite3, db, "SELECT key, value, shown FROM answer WHERE response_id = 1 ORDER BY position"])
    if generated != stored:
        sys.exit(f"the generator does not write what formctl writes:\nformctl:\n{stored}\ngenerator:\n{generated}")
    total = run([sqlite3, db, "SELECT count(*) FROM answer"]).strip()
    if total != str(count * 10):
        sys.exit(f"expected {count * 10} answers, found {total}")
    return db, made


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("formctl")
    parser.add_argument("work")
    parser.add_argument("--responses", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    sqlite3 = "/usr/bin/sqlite3" if os.path.exists("/usr/bin/sqlite3") else "sqlite3"
    db, made = make_database(args.formctl, sqlite3, args.work, args.responses)
    print(f"{args.responses:,} responses of 10 typed questions made in {made:.1f} s")
    reference = os.path.join(args.work, "reference.sql")
    with open(reference, "w") as out:
        out.write(REFERENCE_SQL)
    summary = json.loads(run([args.formctl, "summary", "--format", "json", "--db", db]))
    checked = run([sqlite3, db, "SELECT count(*) FROM response WHERE status = 'complete'"]).strip()
    if str(summary["responses"]) != checked:
        sys.exit(f"summary says {summary['responses']} responses, sqlite3 {checked}")
    env = dict(os.environ)
    sides = {
        "formctl summary --format json": [args.formctl, "summary", "--format", "json", "--db", db],
        "sqlite3 aggregate queries": [sqlite3, "-bail", "-init", reference, db, ".quit"],
    }
    walls = {name: [] for name in sides}
    for i in range(2 + args.runs):
        for name in (list(sides) if i % 2 == 0 else list(reversed(sides))):
            wall, _, code = spawn_and_wait(sides[name], env)
            if code != 0:
                sys.exit(f"{name} exited {code}")
            if i >= 2:
                walls[name].append(wall)
    print(f"median of {args.runs} runs each, wall time")
    for name, times in walls.items():
        print(f"  {name:<34} {median(sorted(times)) / 1e6:>9.1f} ms")
    ratio = median(sorted(walls["formctl summary --format json"])) / median(sorted(walls["sqlite3 aggregate queries"]))
    print(f"  ratio {ratio:.2f}x (goal: at most {GOAL}x): {'PASS' if ratio <= GOAL else 'MISS'}")
    page(args.formctl, db, os.path.join(args.work, "first.json"), args.runs)


def get(url):
    """The wall time of one GET of `url` (the whole body read), in ns."""
    started = time.perf_counter_ns()
    with urllib.request.urlopen(url, timeout=300) as answer:
        body = answer.read()
        if answer.status != 200:
            sys.exit(f"GET {url}: {answer.status}")
    return time.perf_counter_ns() - started, body


def page(formctl, db, values, runs):
    """The owner's summary page (`formctl serve`, `GET /owner/summary`):
    the first request counts every question; each one after a new
    response adds that response's answers to the counts kept (issue 48:
    a new response updates the page without counting every question
    again)."""
    server = subprocess.Popen([formctl, "serve", "--db", db, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline().strip()
        if not line.startswith("http://"):
            sys.exit(f"formctl serve printed no URL: {server.stderr.read()}")
        url = line.rstrip("/") + "/owner/summary"
        first, body = get(url)
        if b"Summary of " not in body:
            sys.exit("the summary page says no count")
        updates = []
        for _ in range(runs):
            run([formctl, "submit", "--from", values, "--db", db])
            wall, body = get(url)
            updates.append(wall)
        count = int(body.split(b"Summary of ")[1].split(b" ")[0].replace(b",", b""))
        expected = int(run(["sqlite3", db, "SELECT count(*) FROM response WHERE status = 'complete'"]).strip())
        if count != expected:
            sys.exit(f"the page counts {count} responses, sqlite3 {expected}")
        print(f"the owner's summary page (GET /owner/summary), median of {runs} after one new response each")
        print(f"  first request (counts every question)    {first / 1e6:>9.1f} ms")
        print(f"  after a new response (adds its answers)  {median(sorted(updates)) / 1e6:>9.1f} ms")
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
