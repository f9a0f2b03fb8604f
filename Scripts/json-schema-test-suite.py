"""The JSON Schema Test Suite (draft 2020-12) against formctl itself.

For each test group of the suite's files in Tests/Fixtures/JSON-Schema-Test-
Suite (type, enum, const, minimum, maximum, exclusiveMinimum,
exclusiveMaximum, multipleOf, items, uniqueItems, minItems, maxItems, and
the optional formats date and date-time), the group's schema is wrapped as
the one property `v` of an object schema (required) and given to `formctl
apply`. Where formctl imports it, each test's instance is loaded as the
field's value with `formctl values --load` (a file {"v": instance}),
formctl's reader of typed JSON, and `formctl check` says whether the form
passes: that verdict is compared with the suite's `valid`. A value the
reader refuses (exit 65: a JSON type that is not the field's, such as the
string "1" for an integer; a number with an exponent; a fraction for an
integer) is invalid; such tests are counted apart, since check never sees
them. null leaves the field empty.

A schema formctl refuses is counted with the reason formctl gives. The
suite's schemas mostly carry no `type` (`{"minimum": 1.1}` accepts any
string, which no field can say): a second pass adds the type their keywords
apply to (`number`, `string`) and runs the instances of that type only,
reported apart as "with the type added".

Usage: json-schema-test-suite.py FORMCTL [--json FILE]. Standard library
only (Debian's /usr/bin/python3 runs it). Exits 1 when any verdict differs.
"""
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures", "JSON-Schema-Test-Suite", "draft2020-12")
FILES = ["type", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "items",
         "uniqueItems", "minItems", "maxItems", "optional/format/date", "optional/format/date-time"]


class Number(str):
    """A JSON number's literal text, kept as written (never a float)."""


def load(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle, parse_float=Number, parse_int=Number)


def dump(value):
    """JSON text of a value read by load(), numbers as written."""
    if isinstance(value, Number):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(dump(item) for item in value) + "]"
    return "{" + ", ".join(json.dumps(key, ensure_ascii=False) + ": " + dump(item) for key, item in value.items()) + "}"


def kind(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, Number):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def wrap(schema):
    """The group's schema as property `v`: its $defs and definitions move to
    the top, where its `#/$defs/…` references point."""
    document = {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"}
    if isinstance(schema, dict):
        schema = dict(schema)
        schema.pop("$schema", None)
        for name in ("$defs", "definitions"):
            if name in schema:
                document[name] = schema.pop(name)
    document["properties"] = {"v": schema}
    document["required"] = ["v"]
    return dump(document)


def formctl(binary, arguments, db, stdin=None):
    """`formctl SUBCOMMAND --db DB ARGUMENTS…` (`--db` first: a value after
    `--` may start with `-`)."""
    return subprocess.run([binary, arguments[0], "--db", db] + arguments[1:], input=stdin, capture_output=True)


REASONS = [
    (r"has no \"type\"", "no type (the schema accepts values of every JSON type)"),
    (r"must be a schema object", "a boolean schema (true/false) is not a field"),
    (r"gives \d+ types", "several types (a field holds one)"),
    (r"nested object", "type object (a nested object)"),
    (r"\"null\" alone", "type null alone"),
    (r"enum` holds only strings|`const` must be a string|const` of a choice must be a string", "an enum or const that is not all strings"),
    (r"cannot hold spaces or commas", "a choice value with a space or a comma"),
    (r"cannot hold control characters", "a choice value with a control character"),
    (r"choice value cannot be empty", "an empty choice value"),
    (r"needs `choices`", "an empty enum"),
    (r"only with `items` of choices", "an array without items of choices"),
    (r"`type` of items must be", "items that are not choices"),
    (r"needs \"uniqueItems\": true", "an array without uniqueItems: true"),
    (r"uniqueItems` must be true", "uniqueItems: false"),
    (r"outside what a `decimal` holds", "a number past 15 digits either side"),
    (r"cannot be represented in the items", "items keywords other than choices"),
    (r"cannot be represented", "a keyword formctl cannot say"),
]


def reason(stderr):
    text = stderr.decode("utf-8", "replace")
    for pattern, label in REASONS:
        if re.search(pattern, text):
            keyword = re.search(r"`([^`]+)` cannot be represented", text)
            return label + (f": `{keyword.group(1)}`" if label == "a keyword formctl cannot say" and keyword else "")
    first = text.strip().splitlines()[0] if text.strip() else "(no message)"
    return re.sub(r"^formctl: [^ ]+ ", "", first)


def field_type(binary, db):
    """The type of the one field `v` imported as; None when `v` became a
    group, repeat or list (its values nest: not one field's)."""
    listing = json.loads(formctl(binary, ["fields", "--json"], db).stdout)
    return listing[0]["type"] if len(listing) == 1 and listing[0].get("key") == "v" else None


def given(binary, db, instance):
    """Loads {"v": instance} with `formctl values --load`, formctl's typed
    JSON reader; "refused" when it refuses the value (exit 65: a JSON type
    that is not the field's, an exponent, a fraction for an integer)."""
    path = db[:-3] + ".values.json"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write('{"v": ' + dump(instance) + "}")
    result = formctl(binary, ["values", "--load", path], db)
    if result.returncode == 65:
        return "refused"
    if result.returncode != 0:
        raise SystemExit(f"values --load exited {result.returncode}: {result.stderr.decode('utf-8', 'replace')}")
    return None


ADDED_TYPES = [
    ({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"}, "number"),
    ({"format"}, "string"),
    ({"items", "prefixItems", "uniqueItems", "minItems", "maxItems", "contains"}, "array"),
]


def known_difference(schema, ftype, instance, valid):
    """Why formctl's verdict differs from the suite's by design (each is in
    docs/json-schema.md, "Differences between validators"), or None."""
    if ftype in ("text", "long_text") and instance == "" and valid:
        return "an empty text is empty to formctl, which a required field refuses: `required` asks for a value, not only the key"
    return None


def run_group(binary, folder, name, index, group, added_type=None):
    schema = group["schema"]
    if added_type is not None:
        schema = dict(schema)
        schema["type"] = added_type
    db = os.path.join(folder, f"{name.replace('/', '-')}-{index}{'-typed' if added_type else ''}.db")
    path = db[:-3] + ".json"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(wrap(schema))
    applied = formctl(binary, ["apply", path], db)
    outcome = {"file": name, "group": group["description"], "tests": len(group["tests"]), "added_type": added_type}
    if applied.returncode != 0:
        outcome["refused"] = reason(applied.stderr)
        return outcome
    ftype = field_type(binary, db)
    outcome["field_type"] = ftype
    if ftype is None:
        outcome["refused"] = "imported as a group, repeat or list (its values nest: not one field)"
        return outcome
    results = []
    for test in group["tests"]:
        instance = test["data"]
        if added_type is not None and kind(instance) != added_type and not (added_type == "number" and kind(instance) == "number"):
            results.append({"test": test["description"], "skipped": True})
            continue
        refused = given(binary, db, instance)
        if refused is None:
            checked = formctl(binary, ["check"], db).returncode
            valid = checked == 0
            if checked not in (0, 1):
                valid = None
        else:
            valid = False
        results.append({"test": test["description"], "data": dump(instance), "valid": test["valid"], "formctl": valid,
                        "decided_by": refused,
                        "known": known_difference(group["schema"], ftype, instance, test["valid"]) if valid != test["valid"] else None})
    outcome["results"] = results
    return outcome


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: json-schema-test-suite.py FORMCTL [--json FILE]")
    binary = os.path.abspath(sys.argv[1])
    report_path = sys.argv[sys.argv.index("--json") + 1] if "--json" in sys.argv else None
    groups = [(name, index, group) for name in FILES for index, group in enumerate(load(os.path.join(ROOT, name + ".json")))]
    with tempfile.TemporaryDirectory(prefix="formctl-jsts.") as folder:
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            outcomes = list(pool.map(lambda item: run_group(binary, folder, *item), groups))
            typed = []
            for (name, index, group), outcome in zip(groups, outcomes):
                if outcome.get("refused", "").startswith("no type") and isinstance(group["schema"], dict):
                    added = next((kind for keys, kind in ADDED_TYPES if keys & set(group["schema"])), None)
                    if added:
                        typed.append((name, index, group, added))
            typed_outcomes = list(pool.map(lambda item: run_group(binary, folder, *item[:3], added_type=item[3]), typed))

    def summary(items):
        counts = {"groups": len(items), "tests": sum(o["tests"] for o in items), "imported_groups": 0, "run": 0, "agree": 0,
                  "disagree": [], "known": [], "decided_by_type": 0, "skipped": 0, "refused_tests": 0, "refused": {}}
        for outcome in items:
            if "refused" in outcome:
                counts["refused_tests"] += outcome["tests"]
                counts["refused"][outcome["refused"]] = counts["refused"].get(outcome["refused"], 0) + outcome["tests"]
                continue
            counts["imported_groups"] += 1
            for result in outcome["results"]:
                if result.get("skipped"):
                    counts["skipped"] += 1
                    continue
                counts["run"] += 1
                if result["decided_by"] == "refused":
                    counts["decided_by_type"] += 1
                line = (f"{outcome['file']}: {outcome['group']}: {result['test']}: {result['data']} "
                        f"(suite {result['valid']}, formctl {result['formctl']}, a {outcome['field_type']} field)")
                if result["formctl"] == result["valid"]:
                    counts["agree"] += 1
                elif result["known"]:
                    counts["known"].append(line + ": " + result["known"])
                else:
                    counts["disagree"].append(line)
        return counts

    as_written = summary(outcomes)
    with_type = summary(typed_outcomes)
    per_file = {}
    for outcome in outcomes:
        entry = per_file.setdefault(outcome["file"], {"tests": 0, "imported": 0, "refused": 0})
        entry["tests"] += outcome["tests"]
        entry["refused" if "refused" in outcome else "imported"] += outcome["tests"]

    def show(title, counts):
        print(f"{title}: {counts['groups']} groups, {counts['tests']} tests; imported {counts['imported_groups']} groups, "
              f"ran {counts['run']} tests ({counts['decided_by_type']} refused at input by values --load), "
              f"{counts['agree']} agree, {len(counts['known'])} differ by design, {len(counts['disagree'])} disagree" + (f", {counts['skipped']} skipped (another JSON type)" if counts["skipped"] else "")
              + f"; refused {counts['refused_tests']} tests")
        for label, count in sorted(counts["refused"].items(), key=lambda item: -item[1]):
            print(f"  refused, {count:3} tests: {label}")
        for line in counts["known"]:
            print(f"  by design: {line}")
        for line in counts["disagree"]:
            print(f"  DISAGREE {line}")

    show("As written", as_written)
    for name, entry in per_file.items():
        print(f"  {name}: {entry['tests']} tests, {entry['imported']} imported, {entry['refused']} refused")
    show("With the type added", with_type)
    if report_path:
        with open(report_path, "w", encoding="utf-8") as handle:
            json.dump({"as_written": as_written, "with_type": with_type, "per_file": per_file,
                       "outcomes": outcomes + typed_outcomes}, handle, indent=1, ensure_ascii=False)
    sys.exit(1 if as_written["disagree"] or with_type["disagree"] else 0)


if __name__ == "__main__":
    main()
