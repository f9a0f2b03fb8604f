#!/usr/bin/env bash
# Keystroke -> last byte of the redraw of `formctl edit`, through a
# pseudo-terminal (120 x 40), on the default form and on forms of 1,000 and
# 10,000 fields, next to one whole `formctl minimap` process. A benchmark,
# not a test.
#
#   Benchmarks/editor.sh [KEYSTROKES]      # default 200; FORMCTL_BIN=... to time another binary
set -euo pipefail
cd "$(dirname "$0")/.."
keystrokes="${1:-200}"
if [[ -z "${FORMCTL_BIN:-}" ]]; then
    swift build -c release --scratch-path .build-bench --product formctl >&2
    FORMCTL_BIN="$(swift build -c release --scratch-path .build-bench --show-bin-path)/formctl"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$FORMCTL_BIN" fields --db "$work/default.db" >/dev/null
# A form of N fields: the seed's 5 plus N - 5 in rows of three, added in one
# sqlite3 transaction (formctl recomputes the derived data at its next open).
make_form() {   # make_form FIELDS PATH
    local extra=$(($1 - 5))
    "$FORMCTL_BIN" fields --db "$2" >/dev/null
    sqlite3 "$2" <<SQL
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < $(((extra + 2) / 3 - 1)))
INSERT INTO form_row (number, width, min_width, max_width) SELECT 3 + i, 540, 540, 540 FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < $((extra - 1)))
INSERT INTO field (key, label, "row", position) SELECT 'f' || i, 'Field ' || i, 3 + i / 3, 100 + i FROM n;
COMMIT;
SQL
    "$FORMCTL_BIN" fields --db "$2" | tail -n +2 | wc -l | xargs echo "fields in $(basename "$2"):" >&2
}
make_form 1000 "$work/1k.db"
make_form 10000 "$work/10k.db"
python3 Benchmarks/editor_bench.py "$FORMCTL_BIN" "$keystrokes" \
    "default form=$work/default.db" "1,000-field form=$work/1k.db" "10,000-field form=$work/10k.db"
echo "goal (issue 23): keystroke -> redraw <= 2 ms at 10,000 fields (median), the default form <= 1 ms"
