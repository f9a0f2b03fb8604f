-- 0005_length_unit: what a field's lengths count (the form-file issue's
-- JSON Schema import). `min_length`, `max_length` and `short_below` count
--
--   'characters'   characters as a reader sees them (extended grapheme
--                  clusters: "é" written as e + U+0301 is one), seed 002's
--                  count and every existing field's;
--   'code_points'  Unicode code points, as JSON Schema's minLength and
--                  maxLength count (e + U+0301 is two): a field imported
--                  from a JSON Schema, or set with
--                  `formctl field rule KEY --length-unit code-points`.
--
--   sqlite> UPDATE field SET length_unit = 'bytes' WHERE key = 'first';
--   Error: stepping, CHECK constraint failed: length_unit IN ('characters', 'code_points') (19)

ALTER TABLE field ADD COLUMN length_unit TEXT NOT NULL DEFAULT 'characters'
    CHECK (length_unit IN ('characters', 'code_points'));

-- An edit of the unit in the sqlite3 shell may change the field's state:
-- formctl recomputes it (the estimate's length() counts code points).
CREATE TRIGGER field_length_unit_changed
AFTER UPDATE OF length_unit ON field
BEGIN
    UPDATE field SET (length, state, color) =
        (SELECT length, state, color FROM field_estimate WHERE field_estimate.id = NEW.id)
    WHERE id = NEW.id;
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;
