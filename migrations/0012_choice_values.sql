-- 0012_choice_values: a choice value may hold spaces and commas (issue 46).
--
-- Published JSON Schemas have choices such as "Vitamin A" or "1 Star", and
-- 0008 refused them because a selection of several was written as values
-- separated by spaces or commas. A selection is stored as a JSON array
-- (`["Vitamin A","Iron, zinc"]`), which needs no separator, so a choice
-- value is now any text of 1 to 200 characters (code points, as SQLite's
-- length() counts) without control characters (U+0000 to U+001F, U+007F):
-- those cannot be typed into a field or shown in a terminal, and would be
-- escaped in every file they are written to.
--
--   sqlite> INSERT INTO field_choice VALUES (1, 1, 'Vitamin A', 'Vitamin A');
--   sqlite> INSERT INTO field_choice VALUES (1, 2, 'a' || char(9) || 'b', 'A B');
--   Error: stepping, CHECK constraint failed: … (19)
--   sqlite> INSERT INTO field_choice VALUES (1, 3, '', 'Nothing');
--   Error: stepping, CHECK constraint failed: … (19)
--
-- SQLite cannot change a CHECK, so field_choice is rebuilt with its recipe
-- (https://sqlite.org/lang_altertable.html#otheralter), as 0002 rebuilt
-- its tables: new table, copy, drop, rename. Every row of 0008's table
-- fits the wider CHECK, so every choice is copied unchanged. Dropping the
-- table drops 0008's three triggers on it (0009 left them as they were),
-- so they are created again, exactly as 0008 made them. No view or other
-- table names field_choice. The migration runner turns foreign keys off
-- around this transaction and runs foreign_key_check before committing.

CREATE TABLE field_choice_new (
    field_id INTEGER NOT NULL REFERENCES field (id) ON DELETE CASCADE,
    position INTEGER NOT NULL CHECK (position BETWEEN 1 AND 10000),
    -- 1 to 200 characters, none a control character: U+0001 to U+001F
    -- and U+007F by the GLOB; U+0000 by the bytes, since length() and
    -- GLOB both stop at the first NUL.
    value    TEXT    NOT NULL
             CHECK (length(value) BETWEEN 1 AND 200
                    AND value NOT GLOB ('*[' || char(1) || '-' || char(31, 127) || ']*')
                    AND instr(CAST(value AS BLOB), x'00') = 0),
    label    TEXT    NOT NULL CHECK (length(label) >= 1),
    PRIMARY KEY (field_id, position),
    UNIQUE (field_id, value)
) STRICT, WITHOUT ROWID;

INSERT INTO field_choice_new (field_id, position, value, label)
SELECT field_id, position, value, label FROM field_choice;
DROP TABLE field_choice;
ALTER TABLE field_choice_new RENAME TO field_choice;

-- An edit of the choices in the sqlite3 shell may change states: formctl
-- recomputes them before its next read (0008's triggers, unchanged).
CREATE TRIGGER field_choice_inserted AFTER INSERT ON field_choice
BEGIN
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;
CREATE TRIGGER field_choice_updated AFTER UPDATE ON field_choice
BEGIN
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;
CREATE TRIGGER field_choice_deleted AFTER DELETE ON field_choice
BEGIN
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;
