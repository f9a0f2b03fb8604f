#!/usr/bin/env bash
# axe-core, the accessibility engine the browser tests audit the page with:
# axe.min.js (axe-core 4.10) from PyPI's axe-selenium-python 3.0.0, whose
# wheel carries it. The wheel is downloaded once into .axe-core
# (gitignored), checked against the SHA-256 pinned here, and the script
# extracted from it. Prints axe.min.js's path:
#
#   export FORMCTL_AXE_JS="$(Scripts/axe-core.sh)"
#
# The wheel is pure Python for Python >= 3.12; only its JavaScript is used,
# so it is fetched for 3.12 whatever python3 is (pip download, no install).
set -euo pipefail
cd "$(dirname "$0")/.."
folder=.axe-core
wheel="$folder/axe_selenium_python-3.0.0-py3-none-any.whl"
sha256=847e3925861133a523609ff27d0fef387e7588a26f23a27c208a30682b8e9240
script="$folder/axe.min.js"
mkdir -p "$folder"
# One at a time: two test processes asking at once fetch it once.
exec 9<"$folder"
flock 9
if [ ! -s "$script" ]; then
    if [ ! -f "$wheel" ]; then
        echo "axe-core: downloading axe-selenium-python 3.0.0 from PyPI" >&2
        python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
            --python-version 3.12 -d "$folder" axe-selenium-python==3.0.0 >&2
    fi
    if ! echo "$sha256  $wheel" | sha256sum --check --status; then
        echo "axe-core: $wheel is not the pinned wheel (SHA-256 $sha256); delete $folder and run again" >&2
        exit 1
    fi
    python3 - "$wheel" "$script" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel:
    data = wheel.read("axe_selenium_python/node_modules/axe-core/axe.min.js")
with open(sys.argv[2] + ".part", "wb") as out:
    out.write(data)
PY
    mv "$script.part" "$script"
fi
echo "$PWD/$script"
