-- 0014_read_only: read-only fields (issue 46; a JSON Schema's `readOnly`).
--
--   read_only  1: `formctl set` refuses the field unless `--force`, and
--              respondents cannot change it: the owner sets it, or it
--              holds its `default_value`. 0 (every field before) as today.
--
--   sqlite> UPDATE field SET read_only = 2 WHERE key = 'first';
--   Error: stepping, CHECK constraint failed: read_only IN (0, 1) (19)

ALTER TABLE field ADD COLUMN read_only INTEGER NOT NULL DEFAULT 0 CHECK (read_only IN (0, 1));

-- An edit in the sqlite3 shell changes what respondents may answer, as a
-- change of `required` does (0009's field_structure_updated), and what
-- the page draws.
CREATE TRIGGER field_read_only_changed AFTER UPDATE OF read_only ON field
BEGIN
    UPDATE form SET fields_version = (fields_version + 1) % 9223372036854775807;
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;
