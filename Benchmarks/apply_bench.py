#!/usr/bin/env python3
"""formctl apply on a generated form of many fields, next to sqlite3 in the same run.

Three cases, each the median of RUNS wall-clock times (the two sides of a
case alternate, A B then B A, so that a busy moment of the shared machine
falls on both):

  new       `formctl apply FILE` to a database that does not exist yet, against
            `sqlite3` executing the same inserts (form, pages, rows, fields:
            one INSERT each, in one transaction) into a copy of formctl's
            empty schema, triggers and all (WAL mode, as formctl leaves it),
            and against the same rows as one multi-row INSERT per table (the
            shell prepares a statement and its triggers once per statement).
  same      `formctl apply FILE` again, which changes nothing and writes
            nothing, against `sqlite3` reading the same rows (SELECT * from
            form, page, form_row and field).
  one       for information: `formctl apply` of the same file with one
            field's label changed (and back), on the full database.

Usage: apply_bench.py FORMCTL [--fields N] [--pages P] [--per-row K] [--runs R] [--format yaml|json]
"""
import argparse
import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def form_text(fields, pages, per_row, fmt, label_of=lambda n: f"Field {n}"):
    """The form file: `pages` pages, rows of `per_row` fields, some rules."""
    per_page = -(-fields // pages)
    numbered = []  # (page, row index, field number)
    n = 0
    layout = []
    for p in range(pages):
        rows = []
        count = min(per_page, fields - n)
        for start in range(0, count, per_row):
            rows.append(list(range(n + start + 1, n + min(start + per_row, count) + 1)))
        n += count
        layout.append(rows)

    def rules(k):
        r = {}
        if k % 3 == 0:
            r["required"] = True
        if k % 5 == 0:
            r["max_length"] = 80
        if k % 100 == 0:
            r["pattern"] = "[A-Za-z ]+"
        if k % 50 == 1 and k > 1:
            r["show_if"] = {"field": f"f{k - 1}", "filled": True}
        return r

    if fmt == "json":
        import json
        doc = {"title": "Bench {f1}", "pages": [
            {"key": f"p{p + 1}", "title": f"Page {p + 1}", "rows": [
                {"width": 540, "min_width": 360, "max_width": 720,
                 "fields": [dict({"key": f"f{k}", "label": label_of(k)}, **rules(k)) for k in row]}
                for row in rows]}
            for p, rows in enumerate(layout)]}
        return json.dumps(doc, indent=1), layout, rules
    out = ['title: "Bench {f1}"', "pages:"]
    for p, rows in enumerate(layout):
        out += [f"  - key: p{p + 1}", f"    title: Page {p + 1}", "    rows:"]
        for row in rows:
            out += ["      - width: 540", "        min_width: 360", "        max_width: 720", "        fields:"]
            for k in row:
                out.append(f"          - key: f{k}")
                out.append(f"            label: {label_of(k)}")
                for name, value in rules(k).items():
                    if isinstance(value, bool):
                        out.append(f"            {name}: true")
                    elif isinstance(value, dict):
                        out.append(f"            {name}: {{field: {value['field']}, filled: true}}")
                    elif isinstance(value, str):
                        out.append(f"            {name}: \"{value}\"")
                    else:
                        out.append(f"            {name}: {value}")
    return "\n".join(out) + "\n", layout, rules


def sql_text(layout, rules):
    """The same form as the INSERTs formctl makes, in one transaction."""
    q = lambda s: "'" + s.replace("'", "''") + "'"
    out = ["BEGIN IMMEDIATE;",
           "INSERT INTO form (id, title_template, minimap_width, selected_page, tab_bar_height, tab_bar_hidden) "
           "VALUES (1, 'Bench {f1}', 200, 'p1', 49, 0);"]
    number = position = 0
    for p, rows in enumerate(layout):
        out.append(f"INSERT INTO page (key, title, position) VALUES ('p{p + 1}', 'Page {p + 1}', {p + 1});")
    for p, rows in enumerate(layout):
        for row in rows:
            number += 1
            out.append(f"INSERT INTO form_row (number, width, min_width, max_width, page) VALUES ({number}, 540, 360, 720, 'p{p + 1}');")
            for k in row:
                position += 1
                r = rules(k)
                show = r.get("show_if")
                out.append(
                    "INSERT INTO field (key, label, value, \"row\", position, visible, required, min_length, max_length, pattern, "
                    "email, short_below, message, show_if_field, show_if_equals, show_if_filled) VALUES ("
                    f"'f{k}', 'Field {k}', '', {number}, {position}, 1, {1 if r.get('required') else 0}, NULL, "
                    f"{r.get('max_length', 'NULL')}, {q(r['pattern']) if 'pattern' in r else 'NULL'}, 0, 0, NULL, "
                    f"{q(show['field']) if show else 'NULL'}, NULL, {1 if show else 0});")
    out.append("COMMIT;")
    return "\n".join(out) + "\n"


def batched(script):
    """The same INSERTs as one multi-row INSERT per table: the shell then
    prepares each table's statement (and the triggers it fires) once, as
    formctl's cached statements do, instead of once per row."""
    out, current, rows = [], None, []

    def flush():
        if current:
            out.append(current + " VALUES\n" + ",\n".join(rows) + ";")

    for line in script.splitlines():
        if line.startswith("INSERT INTO") and " VALUES (" in line:
            head, values = line.split(" VALUES ", 1)
            if head != current:
                flush()
                current, rows = head, []
            rows.append(values.rstrip(";"))
        else:
            flush()
            current, rows = None, []
            out.append(line)
    flush()
    return "\n".join(out) + "\n"


def timed(argv, **kwargs):
    start = time.perf_counter()
    result = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **kwargs)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed ({result.returncode}): {result.stderr.decode(errors='replace')}")
    return elapsed


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("formctl")
    parser.add_argument("--fields", type=int, default=10000)
    parser.add_argument("--pages", type=int, default=10)
    parser.add_argument("--per-row", type=int, default=10)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--format", choices=["yaml", "json"], default="yaml")
    args = parser.parse_args()
    formctl = os.path.abspath(args.formctl)
    sqlite3 = shutil.which("sqlite3") or sys.exit("no sqlite3 on PATH")

    tmp = tempfile.mkdtemp(prefix="apply-bench.")
    try:
        text, layout, rules = form_text(args.fields, args.pages, args.per_row, args.format)
        changed, _, _ = form_text(args.fields, args.pages, args.per_row, args.format,
                                  label_of=lambda n: "Changed" if n == args.fields // 2 else f"Field {n}")
        form = os.path.join(tmp, f"form.{args.format}")
        other = os.path.join(tmp, f"changed.{args.format}")
        script = os.path.join(tmp, "inserts.sql")
        script_batched = os.path.join(tmp, "inserts-batched.sql")
        inserts = sql_text(layout, rules)
        for path, content in ((form, text), (other, changed), (script, inserts), (script_batched, batched(inserts))):
            with open(path, "w") as f:
                f.write(content)

        # formctl's empty schema: a database made by formctl, emptied.
        schema = os.path.join(tmp, "schema.db")
        tiny = os.path.join(tmp, "tiny.json")
        with open(tiny, "w") as f:
            f.write('{"title": "t", "pages": [{"key": "p", "title": "P", "rows": []}]}')
        subprocess.run([formctl, "apply", tiny, "--db", schema], check=True, stdout=subprocess.DEVNULL)
        subprocess.run([sqlite3, schema, "DELETE FROM minimap_rect; DELETE FROM field; DELETE FROM form_row; "
                        "DELETE FROM page; DELETE FROM form; DELETE FROM history; DELETE FROM sqlite_sequence; VACUUM;"],
                       check=True)

        db = os.path.join(tmp, "form.db")
        ref = os.path.join(tmp, "ref.db")
        new_formctl, new_sqlite, new_batched = [], [], []
        for run in range(args.runs):
            for side in ((0, 1, 2) if run % 2 == 0 else (2, 1, 0)):
                if side == 2:
                    shutil.copyfile(schema, ref)
                    new_batched.append(timed([sqlite3, ref, f".read {script_batched}"]))
                elif side == 0:
                    for suffix in ("", "-wal", "-shm"):
                        if os.path.exists(db + suffix):
                            os.remove(db + suffix)
                    new_formctl.append(timed([formctl, "apply", form, "--db", db]))
                else:
                    shutil.copyfile(schema, ref)
                    new_sqlite.append(timed([sqlite3, ref, f".read {script}"]))
        counts = subprocess.run([sqlite3, db, "SELECT (SELECT count(*) FROM field) || ' fields, ' || "
                                 "(SELECT count(*) FROM form_row) || ' rows, ' || (SELECT count(*) FROM page) || ' pages'"],
                                check=True, capture_output=True, text=True).stdout.strip()
        ref_counts = subprocess.run([sqlite3, ref, "SELECT count(*) FROM field"], check=True, capture_output=True, text=True).stdout.strip()

        before = digest(db)
        same_formctl, same_sqlite = [], []
        select = "SELECT * FROM form; SELECT * FROM page; SELECT * FROM form_row; SELECT * FROM field;"
        for run in range(args.runs):
            for side in ((0, 1) if run % 2 == 0 else (1, 0)):
                if side == 0:
                    same_formctl.append(timed([formctl, "apply", form, "--db", db]))
                else:
                    same_sqlite.append(timed([sqlite3, db, select]))
        unchanged = digest(db) == before

        one = []
        for run in range(args.runs):
            one.append(timed([formctl, "apply", other if run % 2 == 0 else form, "--db", db]))

        def ms(values):
            return statistics.median(values) * 1000

        size = os.path.getsize(form)
        print(f"form file: {args.fields} fields ({counts}; sqlite3 side: {ref_counts} fields), {args.format}, {size} bytes; "
              f"median of {args.runs} runs; formctl {formctl}")
        print(f"{'case':<44} {'formctl ms':>11} {'sqlite3 ms':>11} {'ratio':>7}")
        for name, a, b in (("apply to a new database  vs  sqlite3 inserts", new_formctl, new_sqlite),
                           ("re-apply, nothing changes  vs  sqlite3 reads", same_formctl, same_sqlite)):
            print(f"{name:<44} {ms(a):>11.1f} {ms(b):>11.1f} {ms(a) / ms(b):>6.2f}×")
        name = "apply to a new database  vs  multi-row INSERTs"
        print(f"{name:<44} {ms(new_formctl):>11.1f} {ms(new_batched):>11.1f} {ms(new_formctl) / ms(new_batched):>6.2f}×")
        print(f"{'apply of one changed label (no reference)':<44} {ms(one):>11.1f}")
        print(f"re-apply left the database byte for byte unchanged: {'yes' if unchanged else 'NO'}")
        if not unchanged:
            sys.exit(1)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
