/// A formctl database at schema version 1 (migration 0001_initial only), as
/// the formctl of that time created it: the seed form, as `sqlite3 .dump`
/// printed it, plus the header fields `.dump` leaves out (application id,
/// user_version, WAL). Loading it with `sqlite3 FILE < script` gives a file
/// that a newer formctl migrates on first use: the SIGKILL test kills
/// formctl while it does.
let versionOneDatabaseScript = #"""
PRAGMA application_id = 1179798851;
PRAGMA user_version = 1;
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE schema_migration (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO schema_migration VALUES(1,'0001_initial','2026-11-23T12:16:05.280Z');
CREATE TABLE form (
    id             INTEGER PRIMARY KEY CHECK (id = 1),
    title_template TEXT    NOT NULL,
    minimap_width  REAL    NOT NULL CHECK (minimap_width > 10),
    -- 1 when a change was made outside formctl (or is being made inside a
    -- formctl transaction) and the derived columns may be approximate.
    needs_refresh  INTEGER NOT NULL DEFAULT 0 CHECK (needs_refresh IN (0, 1))
);
INSERT INTO form VALUES(1,'Hello {first} {middle} {last}',200.0,0);
CREATE TABLE form_row (
    number    INTEGER PRIMARY KEY CHECK (number >= 1),
    width     REAL    NOT NULL,
    min_width REAL    NOT NULL,
    max_width REAL    NOT NULL,
    CHECK (min_width <= max_width),
    CHECK (width BETWEEN min_width AND max_width)
);
INSERT INTO form_row VALUES(1,540.0,540.0,540.0);
INSERT INTO form_row VALUES(2,360.0,360.0,540.0);
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
INSERT INTO field VALUES(1,'first','First Name','','empty','red',0,1,1,1,1,NULL,NULL,NULL,0);
INSERT INTO field VALUES(2,'middle','Middle Name','','empty','red',0,1,2,1,1,NULL,NULL,NULL,0);
INSERT INTO field VALUES(3,'last','Last Name','','empty','red',0,1,3,1,1,NULL,NULL,NULL,0);
INSERT INTO field VALUES(4,'email','Email','','empty','red',0,2,4,1,1,NULL,NULL,NULL,0);
INSERT INTO field VALUES(5,'twitter','Twitter','','empty','red',0,2,5,0,0,NULL,NULL,NULL,0);
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
INSERT INTO minimap_rect VALUES(0,'email','fieldContainer','gray',5.0,74.314814814814809549,126.6666666666666714,33.074074074074076179);
INSERT INTO minimap_rect VALUES(1,'email','field','red',10.277777777777778566,90.14814814814815236,116.11111111111111427,11.962962962962963686);
INSERT INTO minimap_rect VALUES(2,'last','fieldContainer','gray',133.54320987654318741,38.42592592592592382,61.456790123456798368,33.074074074074076179);
INSERT INTO minimap_rect VALUES(3,'last','field','red',138.82098765432095888,54.259259259259259521,50.901234567901241234,11.962962962962963686);
INSERT INTO minimap_rect VALUES(4,'middle','fieldContainer','gray',69.271604938271593709,38.42592592592592382,61.456790123456798368,33.074074074074076179);
INSERT INTO minimap_rect VALUES(5,'middle','field','red',74.54938271604936517,54.259259259259259521,50.901234567901241234,11.962962962962963686);
INSERT INTO minimap_rect VALUES(6,'first','fieldContainer','gray',5.0,38.42592592592592382,61.456790123456791264,33.074074074074076179);
INSERT INTO minimap_rect VALUES(7,'first','field','red',10.277777777777778566,54.259259259259259521,50.901234567901234131,11.962962962962963686);
INSERT INTO minimap_rect VALUES(8,'title','title','purple',83.750749629629638089,5.0,32.498500740740738023,11.962962962962963686);
CREATE TABLE history (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    key        TEXT NOT NULL,
    old_value  TEXT,
    new_value  TEXT,
    changed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    source     TEXT NOT NULL DEFAULT 'sql' CHECK (source IN ('formctl', 'sql'))
);
INSERT INTO history VALUES(1,'first',NULL,'','2026-11-23T12:16:05.289Z','formctl');
INSERT INTO history VALUES(2,'middle',NULL,'','2026-11-23T12:16:05.290Z','formctl');
INSERT INTO history VALUES(3,'last',NULL,'','2026-11-23T12:16:05.290Z','formctl');
INSERT INTO history VALUES(4,'email',NULL,'','2026-11-23T12:16:05.291Z','formctl');
INSERT INTO history VALUES(5,'twitter',NULL,'','2026-11-23T12:16:05.291Z','formctl');
DELETE FROM sqlite_sequence;
INSERT INTO sqlite_sequence VALUES('history',5);
CREATE INDEX field_row ON field ("row", position);
CREATE INDEX history_key ON history (key, id);
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
COMMIT;
PRAGMA journal_mode = WAL;
"""#
