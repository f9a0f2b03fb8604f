-- 0002_strict_tables: every table STRICT, with a CHECK for whatever the
-- code relies on, so that an edit made with the sqlite3 shell that formctl
-- could not read is refused by SQLite itself:
--
--   sqlite> UPDATE field SET min_length = 'x' WHERE key = 'first';
--   Error: stepping, cannot store TEXT value in INTEGER column field.min_length (19)
--   sqlite> UPDATE form_row SET width = 9e999 WHERE number = 1;
--   Error: stepping, CHECK constraint failed: width BETWEEN min_width AND max_width (19)
--
-- SQLite cannot add STRICT or a CHECK to a table, so each table is rebuilt
-- with SQLite's recipe (https://sqlite.org/lang_altertable.html#otheralter):
-- new table, copy, drop, rename. Dropping a table drops its triggers and
-- indexes, and a view naming a dropped table stops the renames, so every
-- trigger and the view are dropped first and created again at the end,
-- exactly as 0001 made them. The migration runner turns foreign keys off
-- around this transaction and runs foreign_key_check before committing.
--
-- Values, rules, rows and history are copied unchanged (history keeps its
-- ids and its AUTOINCREMENT counter). minimap_rect is derived: it is left
-- empty and form.needs_refresh raised, so the command that migrates draws it
-- again before it answers. Before this runs, the store reads every row of
-- the old tables with the same rules (FormTables), so a value that would
-- not fit is reported with its table, column and key and the file is left
-- as it was.

DROP TRIGGER field_history_insert;
DROP TRIGGER field_history_update;
DROP TRIGGER field_history_delete;
DROP TRIGGER field_derive_insert;
DROP TRIGGER field_derive_update;
DROP TRIGGER field_changed;
DROP TRIGGER field_deleted;
DROP TRIGGER form_changed;
DROP TRIGGER form_row_inserted;
DROP TRIGGER form_row_updated;
DROP TRIGGER form_row_deleted;
DROP TRIGGER minimap_rect_inserted;
DROP TRIGGER minimap_rect_updated;
DROP TRIGGER minimap_rect_deleted;
DROP VIEW field_estimate;

-- The single row describing the whole form. The minimap area is drawn
-- 10 points narrower than its width (seed 002's padding), so it must be
-- wider than 10; 100000 points is the widest row formctl accepts.
CREATE TABLE form_new (
    id             INTEGER PRIMARY KEY CHECK (id = 1),
    title_template TEXT    NOT NULL,
    minimap_width  REAL    NOT NULL CHECK (minimap_width > 10 AND minimap_width <= 100000),
    needs_refresh  INTEGER NOT NULL DEFAULT 0 CHECK (needs_refresh IN (0, 1))
) STRICT;
INSERT INTO form_new (id, title_template, minimap_width, needs_refresh)
    SELECT id, title_template, minimap_width, 1 FROM form;
DROP TABLE form;
ALTER TABLE form_new RENAME TO form;

-- Rows: numbers from 1 (at most a million, so that renumbering never
-- overflows), widths finite points in (0, 100000], min ≤ width ≤ max.
-- A REAL column refuses text and blobs; 9e999 (infinity) fails the
-- range, and NaN is stored as NULL, which NOT NULL refuses.
CREATE TABLE form_row_new (
    number    INTEGER PRIMARY KEY CHECK (number BETWEEN 1 AND 1000000),
    width     REAL    NOT NULL,
    min_width REAL    NOT NULL CHECK (min_width > 0),
    max_width REAL    NOT NULL CHECK (max_width <= 100000),
    CHECK (min_width <= max_width),
    CHECK (width BETWEEN min_width AND max_width)
) STRICT;
INSERT INTO form_row_new (number, width, min_width, max_width)
    SELECT number, width, min_width, max_width FROM form_row;
DROP TABLE form_row;
ALTER TABLE form_row_new RENAME TO form_row;

-- Fields. Positions stay below 2^31 so that moving every position above
-- the highest one (FormTables.assignPositions) cannot overflow.
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
    CHECK (min_length <= max_length)
) STRICT;
INSERT INTO field_new (id, key, label, value, state, color, length, "row", position, visible,
                       required, min_length, max_length, pattern, email)
    SELECT id, key, label, value, state, color, length, "row", position, visible,
           required, min_length, max_length, pattern, email
    FROM field;
DROP TABLE field;
ALTER TABLE field_new RENAME TO field;
CREATE INDEX field_row ON field ("row", position);

-- The minimap's rectangles: finite minimap points, sizes not negative.
CREATE TABLE minimap_rect_new (
    z      INTEGER PRIMARY KEY CHECK (z >= 0),
    key    TEXT NOT NULL,
    kind   TEXT NOT NULL CHECK (kind IN ('title', 'field', 'fieldContainer')),
    color  TEXT NOT NULL
           CHECK (color IN ('red', 'yellow', 'green', 'orange', 'purple', 'gray')),
    x      REAL NOT NULL CHECK (x BETWEEN -1e15 AND 1e15),
    y      REAL NOT NULL CHECK (y BETWEEN -1e15 AND 1e15),
    width  REAL NOT NULL CHECK (width BETWEEN 0 AND 1e15),
    height REAL NOT NULL CHECK (height BETWEEN 0 AND 1e15)
) STRICT;
DROP TABLE minimap_rect;
ALTER TABLE minimap_rect_new RENAME TO minimap_rect;

-- History, ids and AUTOINCREMENT counter kept: the counter may be above
-- the highest id left (rows deleted in sqlite3), and ids are never reused.
CREATE TABLE history_new (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    key        TEXT NOT NULL,
    old_value  TEXT,
    new_value  TEXT,
    changed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    source     TEXT NOT NULL DEFAULT 'sql' CHECK (source IN ('formctl', 'sql'))
) STRICT;
INSERT INTO history_new (id, key, old_value, new_value, changed_at, source)
    SELECT id, key, old_value, new_value, changed_at, source FROM history;
DELETE FROM sqlite_sequence WHERE name = 'history_new';
INSERT INTO sqlite_sequence (name, seq)
    SELECT 'history_new', max(seq) FROM (
        SELECT seq FROM sqlite_sequence WHERE name = 'history'
        UNION ALL SELECT max(id) FROM history_new
    ) WHERE seq IS NOT NULL HAVING count(*) > 0;
DROP TABLE history;
ALTER TABLE history_new RENAME TO history;
CREATE INDEX history_key ON history (key, id);

-- The migration record, which another program could have written too: a
-- version is a whole number from 1, a name is text.
CREATE TABLE schema_migration_new (
    version    INTEGER PRIMARY KEY CHECK (version >= 1),
    name       TEXT NOT NULL UNIQUE,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
INSERT INTO schema_migration_new (version, name, applied_at)
    SELECT version, name, applied_at FROM schema_migration;
DROP TABLE schema_migration;
ALTER TABLE schema_migration_new RENAME TO schema_migration;

-- History, as in 0001.

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

-- The estimate and derived-state triggers, as in 0001.

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
