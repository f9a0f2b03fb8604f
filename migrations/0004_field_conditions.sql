-- 0004_field_conditions: what a form author says about a field beyond its
-- rules (the form-file issue): where `short` ends, a message of their own,
-- and a condition under which the field is shown.
--
--   short_below     the length (in characters) under which a non-empty
--                   value is `short` (yellow); 0 means no `short` state.
--                   Existing fields keep seed 002's 3.
--   message         replaces every reason `check` gives for the field;
--                   NULL for none, never empty text.
--   show_if_field   the key of the field the condition reads; NULL for no
--                   condition. Not a foreign key: the sqlite3 shell runs
--                   with foreign keys off, so a reference can dangle anyway
--                   (formctl reads a condition naming no field as one that
--                   never holds), and a dangling one would stop the
--                   foreign_key_check every later migration runs.
--   show_if_equals  the condition holds when that field's value is this text…
--   show_if_filled  …or (1) when that field is not empty; exactly one of
--                   the two is set when show_if_field is, neither when not.
--
-- SQLite adds a column to a STRICT table in place, with its CHECKs tested
-- against every existing row. A column CHECK may read the row's other
-- columns, so the condition's shape is checked on its last column, when
-- all three exist.
--
--   sqlite> UPDATE field SET short_below = -1 WHERE key = 'first';
--   Error: stepping, CHECK constraint failed: short_below >= 0 (19)
--   sqlite> UPDATE field SET show_if_field = key WHERE key = 'twitter';
--   Error: stepping, CHECK constraint failed: show_if_field <> key (19)

ALTER TABLE field ADD COLUMN short_below INTEGER NOT NULL DEFAULT 3 CHECK (short_below >= 0);
ALTER TABLE field ADD COLUMN message TEXT CHECK (length(message) >= 1);
ALTER TABLE field ADD COLUMN show_if_field TEXT CHECK (show_if_field <> key);
ALTER TABLE field ADD COLUMN show_if_equals TEXT;
ALTER TABLE field ADD COLUMN show_if_filled INTEGER NOT NULL DEFAULT 0
    CHECK (show_if_filled IN (0, 1) AND CASE
        WHEN show_if_field IS NULL THEN show_if_equals IS NULL AND show_if_filled = 0
        ELSE (show_if_equals IS NULL) = (show_if_filled = 1)
    END);

-- The SQL estimate of a field's state (0002's view), with the short
-- threshold read from the field and RFC 5321's single-label domains
-- (`ada@example`) allowed. Only an estimate: the triggers raise
-- needs_refresh, and formctl recomputes states with its own Validator.
DROP VIEW field_estimate;
CREATE VIEW field_estimate AS
SELECT id, length, state,
       CASE state
           WHEN 'empty' THEN 'red'
           WHEN 'short' THEN 'yellow'
           WHEN 'valid' THEN 'green'
           ELSE 'orange'
       END AS color
FROM (
    SELECT id,
           length(value) AS length,
           CASE
               WHEN length(value) = 0 THEN 'empty'
               WHEN min_length IS NOT NULL AND length(value) < min_length THEN 'invalid'
               WHEN max_length IS NOT NULL AND length(value) > max_length THEN 'invalid'
               WHEN email = 1 AND (value NOT LIKE '_%@_%' OR instr(value, ' ') > 0) THEN 'invalid'
               WHEN length(value) < short_below THEN 'short'
               ELSE 'valid'
           END AS state
    FROM field
);

-- An edit of the new columns in the sqlite3 shell: the state may change
-- (short_below), and what is shown may (show_if_*), so formctl redraws.
CREATE TRIGGER field_conditions_changed
AFTER UPDATE OF short_below, message, show_if_field, show_if_equals, show_if_filled ON field
BEGIN
    UPDATE field SET (length, state, color) =
        (SELECT length, state, color FROM field_estimate WHERE field_estimate.id = NEW.id)
    WHERE id = NEW.id;
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;
