"""Published form schemas against formctl's JSON Schema import.

Every `*.json` in Tests/Fixtures/schema-corpus (JSON Schemas taken from the
examples and playgrounds of rjsf, JSON Forms, uniforms, ngx-formly, vjsf and
json-editor; corpus.tsv says where each came from) is given to `formctl
apply` into a fresh database of its own. Exit 0 is an import; exit 65 a
refusal, whose lines (`formctl: FILE:LINE:COLUMN (/json/pointer): message`;
a `warning:` refuses nothing and is passed over) are read one by one and
each put under the construct it names: a nested object, an array of
objects, a `format` formctl does not take, a UI keyword outside JSON Schema
(`x-display`, `options`), and so on. A schema refused for several
constructs counts under each. A line no rule names is counted under
"unclassified" (the end-to-end test wants none).

A document is read as a JSON Schema when it has a json-schema.org `$schema`,
or a top-level `"type": "object"` with `properties` (docs/json-schema.md);
apply has no option to say so. A corpus schema of another shape is read as
a form file and refused as one: it is counted under the shape of its top
level ("read as a form file: …"), which is the construct that refuses it.

Prints the totals, then one line per construct: how many schemas it
refuses, most first, and how many it refuses alone (those that would
import if it were taken). `--json PATH` writes the same as JSON: {"total",
"imported", "imported_files", "refused", "constructs": {NAME: {"schemas",
"alone", "files"}}, "unclassified": [lines], "failures": [...]}.

Usage: schema-corpus.py FORMCTL [--json PATH] [--verbose]. Standard library
only (Debian's /usr/bin/python3 runs it). Exits 1 when formctl fails
otherwise than by importing or refusing (a crash, another exit code), or a
refusal line is unclassified.
"""
import concurrent.futures
import json
import os
import re
import signal
import subprocess
import sys
import tempfile

CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures", "schema-corpus")

# The keywords of JSON Schema (drafts 4 to 2020-12, validation, applicators,
# annotations, content). Any other keyword is a renderer's own (`x-display`,
# `options`, `uniforms`, `layout`, json-editor's `readonly`).
JSON_SCHEMA_KEYWORDS = {
    "$schema", "$id", "id", "$ref", "$defs", "definitions", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef",
    "$recursiveAnchor", "$vocabulary", "$comment",
    "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength",
    "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains", "maxProperties",
    "minProperties", "required", "dependentRequired", "dependencies", "format",
    "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "prefixItems", "items", "additionalItems",
    "contains", "properties", "patternProperties", "additionalProperties", "propertyNames", "unevaluatedItems",
    "unevaluatedProperties",
    "title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples",
    "contentEncoding", "contentMediaType", "contentSchema",
}

OBJECT_KEYWORDS = {"additionalProperties", "patternProperties", "propertyNames", "maxProperties", "minProperties",
                   "unevaluatedProperties"}

NO_TYPE = "property without a type"
SCHEMAS = "oneOf/anyOf of schemas (not choices)"
OBJECT_SCHEMAS = "(object schemas)"
OBJECTS = "array of objects"
UI = "UI keyword outside JSON Schema (x-*, options, layout, …)"
NESTED = "nested object"
TUPLE = "tuple arrays (items as a list, additionalItems, prefixItems) or contains"
NOT_CHOICES = "array of values that are not choices (free strings, numbers, arrays)"
UNIQUE = "array without uniqueItems: true"
BOOLEAN_OR_LIST = "a schema that is not an object"

LINE = re.compile(r"^formctl: .*?:(\d+):(\d+)(?: \((/[^\n]*?|)\))?: (.*)$")


def keyword_of(pointer, message):
    """The keyword a refusal line names: the pointer's last segment, else
    the first `quoted` word of the message."""
    if pointer:
        return pointer.rsplit("/", 1)[-1].replace("~1", "/").replace("~0", "~")
    match = re.search(r"`([^`]+)`", message)
    return match.group(1) if match else ""


def top_level_shape(schema):
    """Why a schema is read as a form file, from its top level."""
    if not isinstance(schema, dict):
        return "read as a form file: the top level is not an object schema"
    kind = schema.get("type")
    if kind is not None and kind != "object":
        return "read as a form file: the top level is not an object (type %s)" % (
            "/".join(kind) if isinstance(kind, list) else kind)
    if "properties" not in schema:
        instead = [k for k in schema if k in JSON_SCHEMA_KEYWORDS and k not in (
            "$schema", "$id", "id", "$comment", "$defs", "definitions", "title", "description", "type", "required",
            "default", "examples")]
        return "read as a form file: no top-level properties (%s instead)" % (", ".join(instead) or "nothing")
    return "read as a form file: properties without top-level \"type\": \"object\" or $schema"


def classify(pointer, message, document=None):
    """The construct one refusal line names, or None."""
    keyword = keyword_of(pointer, message)
    if "choice value cannot hold spaces or commas" in message:
        return "choice value with a space or comma"
    if "YAML anchors" in message:
        return "'&' in a JSON string refused as a YAML anchor"
    if "a nested object cannot be one field" in message:
        return NESTED
    if "arrays of objects cannot be one field" in message:
        return OBJECTS
    if "needs \"uniqueItems\": true" in message or "`uniqueItems` must be true" in message:
        return UNIQUE
    if "arrays of anything but choices" in message or "field needs `choices`" in message:
        return NOT_CHOICES
    if "cannot be represented in the items of a `select_multiple` field" in message:
        if keyword in ("oneOf", "anyOf"):
            kind = alternatives_of(document, resolve(document, pointer))
            return OBJECTS if kind == OBJECT_SCHEMAS else NOT_CHOICES if kind == SCHEMAS else kind
        if keyword in ("properties", "required", "allOf", "additionalProperties"):
            return OBJECTS
        if keyword.startswith("x-") or keyword not in JSON_SCHEMA_KEYWORDS:
            return UI
        return NOT_CHOICES
    if "cannot be a field key" in message:
        return "property name that is not a field key ($id, _header, a[0], …)"
    if "must be \"string\" with choices: a choice's value is a string" in message or "`enum` holds only strings" in message:
        return "enum of numbers, booleans or objects"
    if "`const` must be a string" in message or (keyword == "const" and "whose type is not known" in message):
        return "const that is not a string"
    if "gives" in message and "types" in message and keyword == "type":
        return "several types (type: [string, integer, …])"
    if "alone cannot be a field" in message:
        return "type null alone"
    if "must be a schema object" in message or "a schema here must be an object" in message:
        return BOOLEAN_OR_LIST
    if "has no \"type\"" in message:
        return NO_TYPE
    if "must be a number" in message:
        return "number written as a string (\"maximum\": \"5\")"
    if "must be an array of choice values" in message or re.search(r"`default` .*not of|default.*must be", message):
        return "default not of the field's type"
    if "\"time\" cannot be imported" in message:
        return "format: time"
    if keyword == "format" or "`format` is accepted only as" in message:
        return "a format formctl does not take (uri, color, data-url, password, …)"
    if "a form has no read-only fields" in message or keyword == "readOnly":
        return "readOnly: true"
    if "`type` must be \"object\"" in message:
        kind = resolve(document, pointer) if document is not None else None
        if isinstance(kind, list) and "object" in kind:
            return "several types (type: [string, integer, …])"
        return "top level not an object (type %s)" % (
            "/".join(map(str, kind)) if isinstance(kind, list) else kind)
    if keyword in ("if", "then", "else"):
        return "if/then/else"
    if keyword == "allOf":
        return "allOf"
    if keyword in ("oneOf", "anyOf"):
        return alternatives_kind(document, resolve(document, pointer))
    if keyword in ("dependencies", "dependentRequired", "dependentSchemas"):
        return "dependencies"
    if keyword in ("additionalItems", "prefixItems", "contains", "minContains", "maxContains"):
        return TUPLE
    if keyword in OBJECT_KEYWORDS or "is accepted only as true or false" in message:
        return "additionalProperties schema, patternProperties, propertyNames, min/maxProperties"
    if keyword == "id":
        return "draft-04 id"
    if keyword in ("contentMediaType", "contentEncoding", "contentSchema"):
        return "contentMediaType/contentEncoding (files)"
    if keyword == "not":
        return "not"
    if keyword.startswith("x-") or (keyword and keyword not in JSON_SCHEMA_KEYWORDS):
        return UI
    if keyword == "$ref":
        return "$ref"
    if keyword == "items":
        return NOT_CHOICES
    if keyword:
        return "the keyword `%s` where formctl cannot place it" % keyword
    return None


def consequence(message):
    """A line that only follows from another refusal: a keyword that cannot
    be placed because its property's type is not known (a nested object,
    several types, no type)."""
    return "whose type is not known" in message


def resolve(document, pointer):
    """The value at a JSON pointer, or None."""
    value = document
    for part in pointer.split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return None
    return value


def deref(document, schema):
    """A schema with its `$ref` within the document followed (a `$ref` to
    elsewhere, to nothing or in a cycle is left as it is)."""
    seen = set()
    while isinstance(schema, dict) and isinstance(schema.get("$ref"), str) and schema["$ref"].startswith("#"):
        target = schema["$ref"][1:]
        if target in seen:
            break
        seen.add(target)
        resolved = resolve(document, target) if target else document
        if resolved is None:
            break
        schema = resolved
    return schema


def untyped(document, schema):
    """What a property without a type has instead, its `$ref` followed."""
    schema = deref(document, schema)
    if isinstance(schema, dict):
        if "allOf" in schema:
            return "allOf"
        if "oneOf" in schema or "anyOf" in schema:
            return alternatives_kind(document, schema.get("oneOf", schema.get("anyOf")))
        if "if" in schema:
            return "if/then/else"
        if "enum" in schema or "const" in schema:
            return "enum of numbers, booleans or objects"
        if "properties" in schema:
            return NESTED
    return NO_TYPE


def alternatives_kind(document, alternatives):
    """What a refused oneOf/anyOf holds: choices written otherwise than as
    `const` with `title`, or schemas of their own."""
    kind = alternatives_of(document, alternatives)
    return SCHEMAS if kind == OBJECT_SCHEMAS else kind


def alternatives_of(document, alternatives):
    """alternatives_kind, telling object schemas apart (an array of them is
    an array of objects)."""
    if document is None or not isinstance(alternatives, list) or not alternatives:
        return SCHEMAS
    alternatives = [deref(document, a) for a in alternatives]
    if not all(isinstance(a, dict) for a in alternatives):
        return SCHEMAS
    if any(a.get("type") == "object" or "properties" in a for a in alternatives):
        return OBJECT_SCHEMAS
    if all(isinstance(a.get("enum"), list) and len(a["enum"]) == 1 and "const" not in a for a in alternatives):
        return "choices as oneOf/anyOf of one-value enums (not const)"
    if all("const" in a for a in alternatives):
        extra = {k for a in alternatives for k in a if k not in JSON_SCHEMA_KEYWORDS}
        if extra:
            return UI
    return SCHEMAS


def is_choice(document, schema):
    schema = deref(document, schema)
    if not isinstance(schema, dict):
        return False
    if "enum" in schema or "const" in schema:
        return True
    alternatives = schema.get("oneOf", schema.get("anyOf"))
    return isinstance(alternatives, list) and all(isinstance(a, dict) and "const" in deref(document, a) for a in alternatives)


def array_kind(document, array):
    """The construct an array refused for lacking `uniqueItems: true` is:
    what its items are."""
    array = deref(document, array)
    items = array.get("items") if isinstance(array, dict) else None
    if isinstance(items, list):
        return TUPLE
    items = deref(document, items)
    if isinstance(items, dict) and (items.get("type") == "object" or "properties" in items or any(
            alternatives_of(document, items.get(k)) == OBJECT_SCHEMAS for k in ("allOf", "oneOf", "anyOf"))):
        return OBJECTS
    if is_choice(document, items):
        return "array of choices without uniqueItems: true"
    return NOT_CHOICES


def run(binary, path, verbose):
    name = os.path.basename(path)
    with tempfile.TemporaryDirectory(prefix="schema-corpus-") as folder:
        result = subprocess.run([binary, "--db", os.path.join(folder, "x.db"), "apply", path],
                                capture_output=True, env={k: v for k, v in os.environ.items() if k != "FORMCTL_DB"},
                                timeout=120)
    stderr = result.stderr.decode("utf-8", "replace")
    entry = {"file": name, "status": result.returncode, "constructs": {}, "consequences": [], "unclassified": [],
             "failure": None}
    if result.returncode == 0:
        return entry
    if result.returncode != 65:
        entry["failure"] = "exit %d: %s" % (result.returncode, stderr.strip()[:500])
        return entry
    with open(path, encoding="utf-8") as handle:
        schema = json.load(handle)
    lines = [line for line in stderr.splitlines() if line.strip()]
    parsed = []
    for line in lines:
        match = LINE.match(line)
        if not match:
            entry["unclassified"].append(line)
            continue
        if match.group(4).startswith("warning:"):
            continue  # a keyword formctl drops, which refuses nothing
        parsed.append((match.group(3) or "", match.group(4), line))
    form_file = any("in a form file" in message or "a form file needs" in message for _, message, _ in parsed)
    later = []
    for pointer, message, line in parsed:
        if "YAML anchors" in message:
            construct = classify(pointer, message)
        elif form_file and ("in a form file" in message or "a form file needs" in message):
            construct = top_level_shape(schema)
        elif consequence(message):
            later.append((pointer, message, line))
            continue
        else:
            construct = classify(pointer, message, schema)
            if construct == NO_TYPE:
                construct = untyped(schema, resolve(schema, pointer))
            elif construct == UNIQUE:
                construct = array_kind(schema, resolve(schema, pointer.rsplit("/", 1)[0]))
            elif construct == BOOLEAN_OR_LIST:
                value = resolve(schema, pointer)
                construct = TUPLE if isinstance(value, list) and pointer.endswith("/items") else \
                    "boolean schema (true/false) where a field is expected"
        if construct is None:
            entry["unclassified"].append(line)
            continue
        entry["constructs"].setdefault(construct, []).append(line)
    # A keyword refused only because its property's type is unknown follows
    # from the construct that left it unknown, named on its own line; it is
    # counted by its keyword only when no other line names a construct.
    for pointer, message, line in later:
        if entry["constructs"]:
            entry["consequences"].append(line)
            continue
        construct = classify(pointer, message, schema) or "keyword on a property whose type is not known"
        entry["constructs"].setdefault(construct, []).append(line)
    if not entry["constructs"] and not entry["unclassified"]:
        entry["unclassified"].append("(exit 65 without a refusal line) " + stderr.strip()[:300])
    if verbose:
        for construct, construct_lines in entry["constructs"].items():
            for line in construct_lines:
                print("%s: %s: %s" % (name, construct, line), file=sys.stderr)
        for line in entry["consequences"]:
            print("%s: (follows from the above): %s" % (name, line), file=sys.stderr)
    return entry


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quietly, into `| head`
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        print("usage: schema-corpus.py FORMCTL [--json PATH] [--verbose]", file=sys.stderr)
        return 2
    binary = os.path.abspath(sys.argv[1])
    report_path = sys.argv[sys.argv.index("--json") + 1] if "--json" in sys.argv else None
    verbose = "--verbose" in sys.argv
    files = sorted(os.path.join(CORPUS, name) for name in os.listdir(CORPUS) if name.endswith(".json"))
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        entries = list(pool.map(lambda path: run(binary, path, verbose), files))

    imported = [e["file"] for e in entries if e["status"] == 0]
    refused = [e for e in entries if e["status"] == 65]
    failures = [e["file"] + ": " + e["failure"] for e in entries if e["failure"]]
    constructs = {}
    for entry in refused:
        for construct in entry["constructs"]:
            constructs.setdefault(construct, []).append(entry["file"])
    unclassified = [e["file"] + ": " + line for e in refused for line in e["unclassified"]]
    if unclassified:
        constructs["unclassified"] = sorted({line.split(": ", 1)[0] for line in unclassified})
    ordered = sorted(constructs.items(), key=lambda item: (-len(item[1]), item[0]))

    print("schemas: %d" % len(entries))
    print("imported: %d" % len(imported))
    print("refused: %d" % len(refused))
    if failures:
        print("failed otherwise: %d" % len(failures))
    print()
    alone = {}
    for entry in refused:
        if len(entry["constructs"]) == 1:
            only = next(iter(entry["constructs"]))
            alone[only] = alone.get(only, 0) + 1
    print("construct: schemas it refuses (a schema refused for several constructs counts under each),")
    print("and of those, refused by it alone")
    width = max((len(name) for name, _ in ordered), default=0)
    for name, names in ordered:
        print("  %-*s  %3d  %3d" % (width, name + ":", len(names), alone.get(name, 0)))
    for line in failures:
        print("FAILED " + line)
    for line in unclassified:
        print("UNCLASSIFIED " + line)

    if report_path:
        report = {
            "total": len(entries),
            "imported": len(imported),
            "imported_files": imported,
            "refused": len(refused),
            "constructs": {name: {"schemas": len(names), "alone": alone.get(name, 0), "files": sorted(names)}
                           for name, names in ordered},
            "unclassified": unclassified,
            "failures": failures,
        }
        with open(report_path, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=2, ensure_ascii=False)
            handle.write("\n")
    return 1 if failures or unclassified else 0


if __name__ == "__main__":
    sys.exit(main())
