#!/usr/bin/env bash
# Generates formctl's man page from the commands' own help (the text
# `formctl --help` and `formctl COMMAND --help` print) with
# swift-argument-parser's generate-manual plugin, and installs it.
set -euo pipefail

usage() {
    cat <<'TEXT'
usage: Scripts/install-man.sh [PREFIX]
       Scripts/install-man.sh --generate-only

Builds formctl (debug: the help text is the same in every configuration),
generates formctl.1 from its help, one page with every command, and
installs it as PREFIX/share/man/man1/formctl.1 (PREFIX: /usr/local by
default; `sudo` may be needed to write there). Then `man formctl` shows it.

  --generate-only   generate the page, install nothing, and print its path
                    on the last line (CI checks that page with `man -l`)

The page's date is the last commit's, so the same commit gives the same
page.
TEXT
}

generate_only=0
prefix=/usr/local
case "${1:-}" in
    -h|--help) usage; exit 0 ;;
    --generate-only) generate_only=1 ;;
    "") ;;
    -*) usage >&2; exit 64 ;;
    *) prefix="$1" ;;
esac

cd "$(dirname "$0")/.."
date="$(git log -1 --format=%cs 2>/dev/null || date -u +%F)"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# SwiftPM itself has died of SIGSEGV (in libdispatch, before running the
# plugin) now and then: a death by a signal is tried once more, an error
# is not.
for attempt in 1 2; do
    status=0
    swift package generate-manual --configuration debug --date "$date" >"$log" 2>&1 || status=$?
    if (( status <= 128 || attempt == 2 )); then break; fi
    echo "install-man: swift package generate-manual died of signal $((status - 128)); trying once more" >&2
done
if (( status != 0 )); then
    cat "$log" >&2
    echo "install-man: swift package generate-manual failed" >&2
    exit 1
fi
# The plugin says where it wrote: "Generated manual in '…/'".
folder="$(sed -nE "s/^Generated manual in '(.*)'$/\1/p" "$log" | tail -n 1)"
folder="${folder#file://}"
page="${folder%/}/formctl.1"
if [[ ! -s "$page" ]]; then
    cat "$log" >&2
    echo "install-man: the plugin wrote no formctl.1 (looked for $page)" >&2
    exit 1
fi

# generate-manual writes a discussion's text as it is, so the blank line
# between two of its paragraphs (in `formctl --help`, the one before the
# exit codes) reaches the page as an empty input line, which mdoc warns
# about; `.Pp` is mdoc's paragraph break. (It also drops every non-ASCII
# character, which is why the help texts are ASCII: VersionTests checks.)
sed -i 's/^$/.Pp/' "$page"

if [[ "$generate_only" -eq 1 ]]; then
    echo "$page"
    exit 0
fi
install -d "$prefix/share/man/man1"
install -m 0644 "$page" "$prefix/share/man/man1/formctl.1"
echo "installed $prefix/share/man/man1/formctl.1 (man formctl)"
