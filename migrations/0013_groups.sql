-- 0013_groups: groups, repeats and their instances (issue 46).
--
-- A form holds its groups expanded: `form_group` has one row per group,
-- per repeat and per instance of a repeat, each naming its parent (the
-- group or instance it is in; an instance's is its repeat). Every row and
-- field of a group or instance is a row of `form_row` and `field` as any
-- other, the row naming its group in `group_path`, the field keyed by its
-- path: `contact.phone`, `children.2.name`. So each field of each
-- instance has its own value, state and colour, and `set`, `history` and
-- every query of `field` work on paths as on keys. What one instance of a
-- repeat holds (its rows and fields as declared, conditions as written)
-- is kept with the repeat in `body`, a form file's JSON, to make more.
--
--   sqlite> SELECT path, value, state, color FROM form_values;
--   consent|true|valid|green
--   children.1.name|Ada|valid|green
--   children.2.name||empty|red
--
-- `answer.key` takes paths too (the table is rebuilt: SQLite cannot change
-- a CHECK), with `path` beside it for queries written for paths, and the
-- view `response_values` gives every answer of every response by path.

CREATE TABLE form_group (
    path       TEXT    PRIMARY KEY NOT NULL
               CHECK (length(path) BETWEEN 1 AND 1000 AND path GLOB '[A-Za-z]*' AND path NOT GLOB '*[^A-Za-z0-9_.-]*'),
    parent     TEXT    REFERENCES form_group (path) ON UPDATE CASCADE ON DELETE CASCADE
               CHECK (parent IS NULL OR substr(path, 1, length(parent) + 1) = parent || '.'),
    kind       TEXT    NOT NULL CHECK (kind IN ('group', 'repeat', 'instance')),
    page       TEXT    NOT NULL REFERENCES page (key) ON UPDATE CASCADE,
    -- Where it starts: the number of its first row (of the next row, when
    -- it has none); groups and rows are drawn in this order.
    first_row  INTEGER NOT NULL CHECK (first_row BETWEEN 1 AND 1000001),
    title      TEXT    CHECK (length(title) >= 1),
    hint       TEXT    CHECK (length(hint) >= 1),
    show_if    TEXT    CHECK (show_if IS NULL OR (json_valid(show_if) AND json_type(show_if) = 'object')),
    -- A repeat's rules (NULL for a group or an instance).
    min_count  INTEGER CHECK (min_count BETWEEN 0 AND 10000),
    max_count  INTEGER CHECK (max_count BETWEEN 1 AND 10000 AND max_count >= coalesce(min_count, 0)),
    unique_items INTEGER CHECK (unique_items IN (0, 1)),
    item_title TEXT    CHECK (length(item_title) >= 1),
    add_label  TEXT    CHECK (length(add_label) >= 1),
    body       TEXT    CHECK (body IS NULL OR (json_valid(body) AND json_type(body) = 'object')),
    CHECK ((kind = 'repeat') = (body IS NOT NULL AND min_count IS NOT NULL AND unique_items IS NOT NULL)),
    CHECK (kind <> 'instance' OR (parent IS NOT NULL AND substr(path, length(parent) + 2) NOT GLOB '*[^0-9]*'))
) STRICT;
CREATE INDEX form_group_parent ON form_group (parent);

ALTER TABLE form_row ADD COLUMN group_path TEXT;

-- A change made in the sqlite3 shell lays the form out again, as a
-- change of a row does.
CREATE TRIGGER form_group_changed AFTER UPDATE ON form_group
BEGIN
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;

CREATE TRIGGER form_group_deleted AFTER DELETE ON form_group
BEGIN
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;

-- The minimap draws a group's or an instance's box (kind 'group', keyed
-- by its path). The table is derived (formctl draws it again whenever the
-- form changes), so it is made again empty with the wider CHECK and its
-- triggers, and the form marked for a refresh.
DROP TABLE minimap_rect;
CREATE TABLE minimap_rect (
    z      INTEGER PRIMARY KEY CHECK (z >= 0),
    key    TEXT NOT NULL,
    kind   TEXT NOT NULL CHECK (kind IN ('title', 'field', 'fieldContainer', 'group')),
    color  TEXT NOT NULL
           CHECK (color IN ('red', 'yellow', 'green', 'orange', 'purple', 'gray')),
    x      REAL NOT NULL CHECK (x BETWEEN -1e15 AND 1e15),
    y      REAL NOT NULL CHECK (y BETWEEN -1e15 AND 1e15),
    width  REAL NOT NULL CHECK (width BETWEEN 0 AND 1e15),
    height REAL NOT NULL CHECK (height BETWEEN 0 AND 1e15)
) STRICT;

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

UPDATE form SET needs_refresh = 1;

-- Every value of the form by path, with its state and colour as `field`
-- spells them, in form order.
CREATE VIEW form_values (path, value, state, color) AS
SELECT key, value, state, color FROM field ORDER BY position;

-- `answer` rebuilt for paths (0006's recipe: new table, copy, drop,
-- rename); its index and triggers are made again as 0006 made them.
CREATE TABLE answer_new (
    response_id INTEGER NOT NULL REFERENCES response (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL CHECK (position BETWEEN 1 AND 2147483647),
    key         TEXT    NOT NULL
                CHECK (length(key) BETWEEN 1 AND 1000 AND key GLOB '[A-Za-z]*' AND key NOT GLOB '*[^A-Za-z0-9_.-]*'),
    label       TEXT    NOT NULL,
    value       TEXT    NOT NULL,
    shown       INTEGER NOT NULL CHECK (shown IN (0, 1)),
    type        TEXT    NOT NULL DEFAULT 'text'
    CHECK (type IN ('text', 'long_text', 'integer', 'decimal', 'select_one', 'select_multiple',
                    'boolean', 'date', 'time', 'datetime')),
    path        TEXT    GENERATED ALWAYS AS (key) VIRTUAL,
    PRIMARY KEY (response_id, position),
    UNIQUE (response_id, key)
) STRICT, WITHOUT ROWID;

INSERT INTO answer_new (response_id, position, key, label, value, shown, type)
SELECT response_id, position, key, label, value, shown, type FROM answer;
-- 0006's trigger deleting a response's answers names `answer`, which the
-- rename would find missing: it goes first and comes back unchanged.
DROP TRIGGER response_history_delete;
DROP TABLE answer;
ALTER TABLE answer_new RENAME TO answer;
CREATE INDEX answer_key ON answer (key, response_id);

CREATE TRIGGER response_history_delete AFTER DELETE ON response
BEGIN
    DELETE FROM answer WHERE response_id = OLD.id;
    UPDATE form SET open_response = NULL WHERE open_response = OLD.id;
    INSERT INTO history (key, old_value, new_value) VALUES ('#' || OLD.id, OLD.status, NULL);
END;

CREATE TRIGGER answer_needs_response BEFORE INSERT ON answer
WHEN NOT EXISTS (SELECT 1 FROM response WHERE id = NEW.response_id)
BEGIN
    SELECT RAISE(ABORT, 'answer.response_id names no response');
END;

CREATE TRIGGER answer_moved BEFORE UPDATE OF response_id ON answer
WHEN NOT EXISTS (SELECT 1 FROM response WHERE id = NEW.response_id)
BEGIN
    SELECT RAISE(ABORT, 'answer.response_id names no response');
END;

-- Every answer of every response by path, in form order.
CREATE VIEW response_values (response, status, path, value, shown) AS
SELECT a.response_id, r.status, a.key, a.value, a.shown
FROM answer AS a JOIN response AS r ON r.id = a.response_id
ORDER BY a.response_id, a.position;
