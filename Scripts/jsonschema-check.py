"""Validates instances against JSON Schemas with draft 2020-12 and format
assertion, for the JSON Schema tests (Tests/*/JSONSchema*).

Reads a JSON array of jobs, {"schema": S, "instances": [I, ...]}, on
standard input; writes a JSON array with, per job, one boolean per
instance (valid or not). A schema that is not valid draft 2020-12 is an
error (exit 1), as is a pattern Python's `re` cannot compile.
"""
import json
import sys

from jsonschema import Draft202012Validator


def main():
    jobs = json.load(sys.stdin)
    results = []
    for job in jobs:
        schema = job["schema"]
        Draft202012Validator.check_schema(schema)
        validator = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
        results.append([validator.is_valid(instance) for instance in job["instances"]])
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
