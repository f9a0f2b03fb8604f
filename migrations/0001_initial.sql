-- 0001_initial: the form, its rows and fields, the minimap and the history.
--
-- This file is compiled into formctl by the EmbedMigrations build-tool
-- plugin. Migrations are append-only: never edit this file once it has
-- landed; add 0002_….sql instead.
--
-- The store fills the tables with FormDefinition.seed when it creates a
-- database. `state`, `color`, `length` and `minimap_rect` are derived: the
-- store computes them exactly in Swift (grapheme clusters, patterns, email
-- syntax) on every write. When someone edits the database with the sqlite3
-- shell, the triggers below recompute an approximation (code points, length
-- rules, a rough email check) and set form.needs_refresh = 1, which makes the
-- store recompute everything exactly before its next read.
--
-- The triggers are written to behave the same with recursive_triggers on
-- or off.

-- The single row describing the whole form.
CREATE TABLE form (
    id             INTEGER PRIMARY KEY CHECK (id = 1),
    title_template TEXT    NOT NULL,
    minimap_width  REAL    NOT NULL CHECK (minimap_width > 10),
    -- 1 when a change was made outside formctl (or is being made inside a
    -- formctl transaction) and the derived columns may be approximate.
    needs_refresh  INTEGER NOT NULL DEFAULT 0 CHECK (needs_refresh IN (0, 1))
);

-- Rows of fields, top to bottom, each with a width the user may change
-- within [min_width, max_width].
CREATE TABLE form_row (
    number    INTEGER PRIMARY KEY CHECK (number >= 1),
    width     REAL    NOT NULL,
    min_width REAL    NOT NULL,
    max_width REAL    NOT NULL,
    CHECK (min_width <= max_width),
    CHECK (width BETWEEN min_width AND max_width)
);

CREATE TABLE field (
    id         INTEGER PRIMARY KEY,
    key        TEXT    NOT NULL UNIQUE,
    label      TEXT    NOT NULL,
    value      TEXT    NOT NULL DEFAULT '' CHECK (typeof(value) = 'text'),
    -- Derived from value and the rules.
    state      TEXT    NOT NULL DEFAULT 'empty'
               CHECK (state IN ('empty', 'short', 'valid', 'invalid')),
    color      TEXT    NOT NULL DEFAULT 'red'
               CHECK (color IN ('red', 'yellow', 'green', 'orange')),
    -- Characters (grapheme clusters) in value; code points until refreshed.
    length     INTEGER NOT NULL DEFAULT 0,
    "row"      INTEGER NOT NULL REFERENCES form_row (number) ON UPDATE CASCADE,
    -- Order in the whole form: rows first, then left to right.
    position   INTEGER NOT NULL UNIQUE CHECK (position >= 1),
    visible    INTEGER NOT NULL DEFAULT 1 CHECK (visible IN (0, 1)),
    -- Rules (FieldRules).
    required   INTEGER NOT NULL DEFAULT 0 CHECK (required IN (0, 1)),
    min_length INTEGER CHECK (min_length >= 0),
    max_length INTEGER CHECK (max_length >= 0),
    pattern    TEXT,
    email      INTEGER NOT NULL DEFAULT 0 CHECK (email IN (0, 1))
);

CREATE INDEX field_row ON field ("row", position);

-- The minimap's rectangles in drawing order (z = 0 is the back-most), in
-- minimap points. Derived from the whole form.
CREATE TABLE minimap_rect (
    z      INTEGER PRIMARY KEY CHECK (z >= 0),
    key    TEXT NOT NULL,
    kind   TEXT NOT NULL CHECK (kind IN ('title', 'field', 'fieldContainer')),
    color  TEXT NOT NULL
           CHECK (color IN ('red', 'yellow', 'green', 'orange', 'purple', 'gray')),
    x      REAL NOT NULL,
    y      REAL NOT NULL,
    width  REAL NOT NULL,
    height REAL NOT NULL
);

-- Every change of a field's value, whoever made it. old_value is NULL when
-- the field was added, new_value is NULL when it was removed. formctl marks
-- the rows its own writes produced as 'formctl' before committing.
CREATE TABLE history (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    key        TEXT NOT NULL,
    old_value  TEXT,
    new_value  TEXT,
    changed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    source     TEXT NOT NULL DEFAULT 'sql' CHECK (source IN ('formctl', 'sql'))
);

CREATE INDEX history_key ON history (key, id);

-- History.

CREATE TRIGGER field_history_insert AFTER INSERT ON field
BEGIN
    INSERT INTO history (key, old_value, new_value) VALUES (NEW.key, NULL, NEW.value);
END;

CREATE TRIGGER field_history_update AFTER UPDATE OF value ON field
WHEN OLD.value IS NOT NEW.value
BEGIN
    INSERT INTO history (key, old_value, new_value) VALUES (NEW.key, OLD.value, NEW.value);
END;

CREATE TRIGGER field_history_delete AFTER DELETE ON field
BEGIN
    INSERT INTO history (key, old_value, new_value) VALUES (OLD.key, OLD.value, NULL);
END;

-- Approximate derived columns, so that sqlite3 readers never see a stale
-- state or colour. length() counts code points where formctl counts
-- grapheme clusters, and patterns are left to formctl.

-- The estimate in one place: what SQL alone can say of each field.
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
               WHEN email = 1 AND (value NOT LIKE '_%@_%._%' OR instr(value, ' ') > 0) THEN 'invalid'
               WHEN length(value) < 3 THEN 'short'
               ELSE 'valid'
           END AS state
    FROM field
);

CREATE TRIGGER field_derive_insert AFTER INSERT ON field
BEGIN
    UPDATE field SET (length, state, color) =
        (SELECT length, state, color FROM field_estimate WHERE field_estimate.id = NEW.id)
    WHERE id = NEW.id;
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;

CREATE TRIGGER field_derive_update
AFTER UPDATE OF value, required, min_length, max_length, pattern, email ON field
BEGIN
    UPDATE field SET (length, state, color) =
        (SELECT length, state, color FROM field_estimate WHERE field_estimate.id = NEW.id)
    WHERE id = NEW.id;
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;

-- Anything else that changes what the store derives.

CREATE TRIGGER field_changed
AFTER UPDATE OF key, label, "row", position, visible, state, color, length ON field
BEGIN
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;

CREATE TRIGGER field_deleted AFTER DELETE ON field
BEGIN
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;

CREATE TRIGGER form_changed AFTER UPDATE OF title_template, minimap_width ON form
BEGIN
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;

CREATE TRIGGER form_row_inserted AFTER INSERT ON form_row
BEGIN
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;

CREATE TRIGGER form_row_updated AFTER UPDATE ON form_row
BEGIN
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;

CREATE TRIGGER form_row_deleted AFTER DELETE ON form_row
BEGIN
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;

CREATE TRIGGER minimap_rect_inserted AFTER INSERT ON minimap_rect
BEGIN
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;

CREATE TRIGGER minimap_rect_updated AFTER UPDATE ON minimap_rect
BEGIN
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;

CREATE TRIGGER minimap_rect_deleted AFTER DELETE ON minimap_rect
BEGIN
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;
