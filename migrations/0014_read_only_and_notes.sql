-- 0014_read_only_and_notes: read-only fields and notes (issue 46; a JSON
-- Schema's `readOnly`, and its `"type": "null"` or a property with only a
-- title or a description).
--
--   read_only  1: `formctl set` refuses the field unless `--force`, and
--              respondents cannot change it: the owner sets it, or it
--              holds its `default_value`. 0 (every field before) as today.
--   type       adds 'note': text shown in the form (its label and hint),
--              holding no value: `value` stays '', it is never required,
--              has no answer and no column in exports.
--
--   sqlite> UPDATE field SET read_only = 2 WHERE key = 'first';
--   Error: stepping, CHECK constraint failed: read_only IN (0, 1) (19)
--   sqlite> UPDATE field SET required = 1 WHERE type = 'note';
--   Error: stepping, CHECK constraint failed: … (19)
--
-- SQLite cannot change a CHECK, so `field` is rebuilt (0002's recipe: new
-- table, copy, drop, rename; foreign keys are off while a migration runs,
-- so `field_choice` keeps its rows). Its index, triggers and the two views
-- that read it are made again as 0009 and 0013 made them; the triggers
-- that follow a change of the structure follow `read_only` too.

CREATE TABLE field_new (
    id         INTEGER PRIMARY KEY,
    key        TEXT    NOT NULL UNIQUE CHECK (length(key) >= 1),
    label      TEXT    NOT NULL,
    value      TEXT    NOT NULL DEFAULT '',
    state      TEXT    NOT NULL DEFAULT 'empty'
               CHECK (state IN ('empty', 'short', 'valid', 'invalid')),
    color      TEXT    NOT NULL DEFAULT 'red'
               CHECK (color IN ('red', 'yellow', 'green', 'orange')),
    length     INTEGER NOT NULL DEFAULT 0 CHECK (length >= 0),
    "row"      INTEGER NOT NULL REFERENCES form_row (number) ON UPDATE CASCADE,
    position   INTEGER NOT NULL UNIQUE CHECK (position BETWEEN 1 AND 2147483647),
    visible    INTEGER NOT NULL DEFAULT 1 CHECK (visible IN (0, 1)),
    required   INTEGER NOT NULL DEFAULT 0 CHECK (required IN (0, 1)),
    min_length INTEGER CHECK (min_length >= 0),
    max_length INTEGER CHECK (max_length >= 0),
    pattern    TEXT,
    email      INTEGER NOT NULL DEFAULT 0 CHECK (email IN (0, 1)),
    short_below INTEGER NOT NULL DEFAULT 3 CHECK (short_below >= 0),
    message    TEXT    CHECK (length(message) >= 1),
    show_if_field TEXT CHECK (show_if_field <> key),
    show_if_equals TEXT,
    show_if_filled INTEGER NOT NULL DEFAULT 0
    CHECK (show_if_filled IN (0, 1) AND CASE
        WHEN show_if_field IS NULL THEN show_if_equals IS NULL AND show_if_filled = 0
        ELSE (show_if_equals IS NULL) = (show_if_filled = 1)
    END),
    length_unit TEXT   NOT NULL DEFAULT 'characters'
    CHECK (length_unit IN ('characters', 'code_points')),
    type       TEXT    NOT NULL DEFAULT 'text'
    CHECK (type IN ('text', 'long_text', 'integer', 'decimal', 'select_one', 'select_multiple',
                    'boolean', 'date', 'time', 'datetime', 'note')),
    min_value  TEXT    CHECK (length(min_value) >= 1),
    above_value TEXT   CHECK (above_value IS NULL OR (length(above_value) >= 1 AND min_value IS NULL)),
    max_value  TEXT    CHECK (length(max_value) >= 1),
    below_value TEXT   CHECK (below_value IS NULL OR (length(below_value) >= 1 AND max_value IS NULL)),
    step       TEXT    CHECK (length(step) >= 1),
    min_selected INTEGER CHECK (min_selected >= 0),
    max_selected INTEGER CHECK (max_selected IS NULL OR (max_selected >= 0 AND max_selected >= coalesce(min_selected, 0))),
    hint       TEXT    CHECK (length(hint) >= 1),
    default_value TEXT,
    show_if    TEXT
    CHECK (show_if IS NULL OR (json_valid(show_if) AND json_type(show_if) = 'object' AND show_if_field IS NULL)),
    read_only  INTEGER NOT NULL DEFAULT 0 CHECK (read_only IN (0, 1)),
    CHECK (min_length <= max_length),
    -- A note holds no value: never required, no default, not read-only.
    CHECK (type <> 'note' OR (required = 0 AND default_value IS NULL AND read_only = 0))
) STRICT;

INSERT INTO field_new (id, key, label, value, state, color, length, "row", position, visible, required, min_length, max_length,
                       pattern, email, short_below, message, show_if_field, show_if_equals, show_if_filled, length_unit, type,
                       min_value, above_value, max_value, below_value, step, min_selected, max_selected, hint, default_value, show_if)
SELECT id, key, label, value, state, color, length, "row", position, visible, required, min_length, max_length,
       pattern, email, short_below, message, show_if_field, show_if_equals, show_if_filled, length_unit, type,
       min_value, above_value, max_value, below_value, step, min_selected, max_selected, hint, default_value, show_if
FROM field;

-- The views that read `field` go first (the rename checks every view),
-- and come back as they were, the estimate knowing notes.
DROP VIEW form_values;
DROP VIEW field_estimate;
DROP TABLE field;
ALTER TABLE field_new RENAME TO field;
CREATE INDEX field_row ON field ("row", position);

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
               WHEN type = 'note' THEN CASE WHEN length(value) = 0 THEN 'valid' ELSE 'invalid' END
               WHEN length(value) = 0 THEN 'empty'
               WHEN type NOT IN ('text', 'long_text') THEN 'valid'
               WHEN min_length IS NOT NULL AND length(value) < min_length THEN 'invalid'
               WHEN max_length IS NOT NULL AND length(value) > max_length THEN 'invalid'
               WHEN email = 1 AND (value NOT LIKE '_%@_%' OR instr(value, ' ') > 0) THEN 'invalid'
               WHEN length(value) < short_below THEN 'short'
               ELSE 'valid'
           END AS state
    FROM field
);

CREATE VIEW form_values (path, value, state, color) AS
SELECT key, value, state, color FROM field ORDER BY position;

CREATE TRIGGER field_history_update AFTER UPDATE OF value ON field
WHEN OLD.value IS NOT NEW.value
BEGIN
    INSERT INTO history (key, old_value, new_value) VALUES (NEW.key, OLD.value, NEW.value);
END;

CREATE TRIGGER field_structure_updated
AFTER UPDATE OF key, label, "row", position, visible, required, min_length, max_length, pattern, email,
                short_below, message, show_if_field, show_if_equals, show_if_filled, length_unit, read_only ON field
BEGIN
    UPDATE form SET fields_version = (fields_version + 1) % 9223372036854775807;
END;

CREATE TRIGGER field_inserted AFTER INSERT ON field
BEGIN
    UPDATE form SET fields_version = (fields_version + 1) % 9223372036854775807;
    UPDATE field SET (length, state, color) =
        (SELECT length, state, color FROM field_estimate WHERE field_estimate.id = NEW.id)
    WHERE id = NEW.id;
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
    INSERT INTO history (key, old_value, new_value) VALUES (NEW.key, NULL, NEW.value);
END;

CREATE TRIGGER field_deleted AFTER DELETE ON field
BEGIN
    UPDATE form SET fields_version = (fields_version + 1) % 9223372036854775807;
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
    INSERT INTO history (key, old_value, new_value) VALUES (OLD.key, OLD.value, NULL);
END;

CREATE TRIGGER field_derive_update
AFTER UPDATE OF value, required, min_length, max_length, pattern, email,
                short_below, message, show_if_field, show_if_equals, show_if_filled, length_unit ON field
BEGIN
    UPDATE field SET (length, state, color) =
        (SELECT length, state, color FROM field_estimate WHERE field_estimate.id = NEW.id)
    WHERE id = NEW.id;
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;

CREATE TRIGGER field_changed
AFTER UPDATE OF key, label, "row", position, visible, state, color, length,
                type, min_value, above_value, max_value, below_value, step, min_selected, max_selected, default_value, show_if,
                read_only ON field
BEGIN
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;
