#!/usr/bin/env bash
# Builds the DocC documentation of FormLayout and FormKit from their
# catalogs (Sources/*/*.docc) and their public symbols, with every warning
# an error (a link to a symbol that does not exist, an ambiguous one, an
# article no page reaches), into OUTPUT/FormLayout and OUTPUT/FormKit.
#
#   Scripts/build-docs.sh [OUTPUT]     # default: .build/docs; prints each archive's path
#
# The symbols come from `swift package dump-symbol-graph`, which reuses the
# debug build (.ci/run runs this after the tests); `docc` is the
# toolchain's. Open OUTPUT/FormKit/index.html through a web server
# (python3 -m http.server), as DocC's pages load their data with fetch.
set -euo pipefail
cd "$(dirname "$0")/.."
output="${1:-.build/docs}"
command -v docc >/dev/null || { echo "build-docs.sh: no docc in the toolchain" >&2; exit 69; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
swift package dump-symbol-graph --minimum-access-level public >"$work/symbols.log" 2>&1 || { cat "$work/symbols.log" >&2; exit 1; }
graphs="$(sed -n 's/^Files written to //p' "$work/symbols.log" | tail -n 1)"
[[ -d "$graphs" ]] || { cat "$work/symbols.log" >&2; echo "build-docs.sh: no symbol graphs" >&2; exit 1; }
for module in FormLayout FormKit; do
    mkdir -p "$work/$module"
    cp "$graphs/$module.symbols.json" "$work/$module/"
    # Its extensions of other modules' types, when it has some.
    for extension in "$graphs/$module"@*.symbols.json; do [[ -e "$extension" ]] && cp "$extension" "$work/$module/"; done
    rm -rf "$output/$module"
    mkdir -p "$output"
    docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$work/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "formctl.$module" \
        --output-path "$output/$module" --warnings-as-errors >"$work/$module.log" 2>&1 || { cat "$work/$module.log" >&2; exit 1; }
    echo "$output/$module"
done
