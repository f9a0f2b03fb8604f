"""Validates instances against JSON Schemas with draft 2020-12 and format
assertion, for the JSON Schema tests (Tests/*/JSONSchema*).

Reads a JSON array of jobs, {"schema": S, "instances": [I, ...]}, on
standard input; writes a JSON array with, per job, one boolean per
instance (valid or not). A schema that is not valid draft 2020-12 is an
error (exit 1), as is a pattern Python's `re` cannot compile.

Numbers with a fraction or an exponent are read as `decimal.Decimal`, not
as binary floating point, as jsonschema's documentation advises for
`multipleOf`: JSON Schema's numbers are exact, and so are formctl's
decimals (0.3 is a multiple of 0.1; as floats, 0.3 / 0.1 is
2.9999999999999996). A Decimal with a zero fraction (`1.0`) is an
integer, as JSON Schema says.
"""
import json
import sys
from decimal import Decimal

from jsonschema import Draft202012Validator, validators


def is_integer(checker, instance):
    if isinstance(instance, Decimal):
        return instance.is_finite() and instance == instance.to_integral_value()
    return Draft202012Validator.TYPE_CHECKER.is_type(instance, "integer")


ExactValidator = validators.extend(
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", is_integer),
)


def as_floats(value):
    """The schema with floats for Decimals, for the metaschema's check."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, list):
        return [as_floats(item) for item in value]
    if isinstance(value, dict):
        return {key: as_floats(item) for key, item in value.items()}
    return value


def main():
    jobs = json.load(sys.stdin, parse_float=Decimal)
    results = []
    for job in jobs:
        schema = job["schema"]
        Draft202012Validator.check_schema(as_floats(schema))
        validator = ExactValidator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
        results.append([validator.is_valid(instance) for instance in job["instances"]])
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
