#!/usr/bin/env bash
# Random bits flipped in the schema's pages of a new database, get and set
# run on each copy (issue 35): HostileSchemaBitFlipTests' random test at full
# length. See usage() below.
set -euo pipefail

usage() {
    cat <<'TEXT'
usage: Scripts/schema-bitflips.sh [ROUNDS] [--seed S] [--scratch-path DIR]

Runs the end-to-end test HostileSchemaBitFlipTests/randomFlips with ROUNDS rounds
(default 2000; the suite runs 100). It makes a new database with formctl,
finds the pages that hold sqlite_master (page 1 and the rest of its b-tree),
and in each round copies the file, flips one random bit in those pages and
runs `formctl get first` and `formctl set first Grace` on the copy. Every
exit must be one docs/exit-codes.md lists, never 70 nor a signal, and a 74
must leave the file byte for byte as it was.

Prints the seed (--seed S repeats the same rounds), the count of each exit
code for get and for set, the 74s by kind of message, and every failure
with its round, page, byte and bit. Exits as `swift test` does: 0 when no
round failed.

environment:
  FORMCTL_BIN   the formctl to try (default: the one swift test builds)
TEXT
}

rounds=2000
seed=""
scratch=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        --seed) [[ $# -ge 2 && "$2" =~ ^[0-9]+$ ]] || { echo "schema-bitflips.sh: --seed needs a number" >&2; exit 64; }; seed="$2"; shift ;;
        --scratch-path) [[ $# -ge 2 ]] || { echo "schema-bitflips.sh: --scratch-path needs a folder" >&2; exit 64; }; scratch=(--scratch-path "$2"); shift ;;
        -*) echo "schema-bitflips.sh: unknown option $1 (see -h)" >&2; exit 64 ;;
        *) [[ "$1" =~ ^[1-9][0-9]*$ ]] || { echo "schema-bitflips.sh: ROUNDS must be a positive number, not '$1'" >&2; exit 64; }
           rounds="$1" ;;
    esac
    shift
done
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

log="$(mktemp "${TMPDIR:-/tmp}/formctl-bitflips.XXXXXX")"
trap 'rm -f "$log"' EXIT
start=$SECONDS
status=0
FORMCTL_BITFLIP_ROUNDS="$rounds" FORMCTL_BITFLIP_SEED="$seed" \
    swift test "${scratch[@]}" --filter 'HostileSchemaBitFlipTests/randomFlips' >"$log" 2>&1 || status=$?
grep -E 'schema bit flips:|recorded an issue|error:' "$log" || true
grep -E '(✔|✘) Test run with' "$log" || tail -20 "$log"
echo "schema-bitflips: $rounds rounds in $((SECONDS - start)) s, exit $status"
exit "$status"
