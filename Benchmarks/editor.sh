#!/usr/bin/env bash
# Keystroke -> last byte of the redraw of `formctl edit`, through a
# pseudo-terminal (120 x 40), on the default form and on a 1,000-field form,
# next to one whole `formctl minimap` process. A benchmark, not a test.
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
# 1,000 fields: the seed's 5 plus 995 in rows of three, added in one
# sqlite3 transaction (formctl recomputes the derived data at its next open).
"$FORMCTL_BIN" fields --db "$work/big.db" >/dev/null
sqlite3 "$work/big.db" <<'SQL'
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 331)
INSERT INTO form_row (number, width, min_width, max_width) SELECT 3 + i, 540, 540, 540 FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 994)
INSERT INTO field (key, label, "row", position) SELECT 'f' || i, 'Field ' || i, 3 + i / 3, 100 + i FROM n;
COMMIT;
SQL
"$FORMCTL_BIN" fields --db "$work/big.db" | tail -n +2 | wc -l | xargs echo "fields in the big form:" >&2
python3 Benchmarks/editor_bench.py "$FORMCTL_BIN" "$work/default.db" "$work/big.db" "$keystrokes"
