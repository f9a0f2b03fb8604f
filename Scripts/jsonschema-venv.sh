#!/usr/bin/env bash
# The Python virtualenv the JSON Schema tests validate with: the first
# python3 on PATH, with `jsonschema` from PyPI, in .venv-jsonschema
# (gitignored). Skipped when it is already there. Prints the interpreter's
# path, which the tests read from FORMCTL_JSONSCHEMA_PYTHON (or, without it,
# get by running this script themselves the first time they need it):
#
#   export FORMCTL_JSONSCHEMA_PYTHON="$(Scripts/jsonschema-venv.sh)"
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.venv-jsonschema
# One at a time: two test processes asking at once make it once.
exec 9<.
flock 9
if ! "$venv/bin/python" -c "import jsonschema" >/dev/null 2>&1; then
    echo "jsonschema-venv: creating $venv with $(command -v python3)" >&2
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check jsonschema >&2
fi
echo "$PWD/$venv/bin/python"
