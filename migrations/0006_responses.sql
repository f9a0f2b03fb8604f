-- 0006_responses: a form collects many responses (`formctl submit`).
--
-- A response is one row of `response`; its answers are rows of `answer`,
-- one per field the form had when it was submitted, with that field's key
-- and label as they were then, so a field added, relabelled or removed
-- later does not rewrite old responses. Every field is recorded, shown or
-- not: `shown` says whether it was (a hidden field keeps its value, and
-- that kept value is not an answer).
--
-- Both tables are STRICT, with a CHECK on whatever formctl relies on, so a
-- wrong edit made with the sqlite3 shell is refused by SQLite itself:
--
--   sqlite> UPDATE response SET status = 'done' WHERE id = 1;
--   Error: stepping, CHECK constraint failed: status IN ('complete', 'draft') (19)
--   sqlite> UPDATE answer SET shown = 'yes' WHERE response_id = 1;
--   Error: stepping, cannot store TEXT value in INTEGER column answer.shown (19)
--
-- Ids are never reused (AUTOINCREMENT). Times are UTC text with
-- milliseconds, as history's (`2026-11-25T18:00:00.123Z`), so they sort
-- and compare as text.

CREATE TABLE response (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    status       TEXT NOT NULL CHECK (status IN ('complete', 'draft')),
    -- When the response was first stored (a draft submitted again keeps it).
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                 CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z'),
    -- When it was last submitted.
    submitted_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                 CHECK (submitted_at GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z'),
    CHECK (created_at <= submitted_at)
) STRICT;
CREATE INDEX response_submitted ON response (submitted_at);

-- One answer per field of the form at submission, in form order
-- (`position`, from 1). Keys follow the rule for field keys.
CREATE TABLE answer (
    response_id INTEGER NOT NULL REFERENCES response (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL CHECK (position BETWEEN 1 AND 2147483647),
    key         TEXT    NOT NULL
                CHECK (length(key) BETWEEN 1 AND 64 AND key GLOB '[A-Za-z]*' AND key NOT GLOB '*[^A-Za-z0-9_-]*'),
    label       TEXT    NOT NULL,
    value       TEXT    NOT NULL,
    shown       INTEGER NOT NULL CHECK (shown IN (0, 1)),
    PRIMARY KEY (response_id, position),
    UNIQUE (response_id, key)
) STRICT, WITHOUT ROWID;
CREATE INDEX answer_key ON answer (key, response_id);

-- The sqlite3 shell runs with foreign keys off, where the REFERENCES above
-- is not enforced: these keep every answer with its response there too. An
-- answer naming no response would be left out of every export and stand in
-- the way of the response that later gets that id.
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

CREATE TRIGGER response_renumbered BEFORE UPDATE OF id ON response
WHEN NEW.id IS NOT OLD.id
BEGIN
    SELECT RAISE(ABORT, 'a response keeps its id');
END;

-- The draft being edited in the form (`formctl responses open ID`): the
-- next `submit` replaces it instead of adding a response. NULL: none.
ALTER TABLE form ADD COLUMN open_response INTEGER CHECK (open_response >= 1);

-- Counts the changes of the fields' structure: everything of a field but
-- its value and what formctl derives from it (length, state, colour). A
-- response of given values (`submit --from`) is checked outside the write
-- lock, against the fields as read; under the lock, an unchanged count
-- says the check still holds without reading the form again, however
-- many responses other processes stored meanwhile.
ALTER TABLE form ADD COLUMN fields_version INTEGER NOT NULL DEFAULT 0 CHECK (fields_version >= 0);

CREATE TRIGGER field_structure_inserted AFTER INSERT ON field
BEGIN
    UPDATE form SET fields_version = (fields_version + 1) % 9223372036854775807;
END;

CREATE TRIGGER field_structure_deleted AFTER DELETE ON field
BEGIN
    UPDATE form SET fields_version = (fields_version + 1) % 9223372036854775807;
END;

CREATE TRIGGER field_structure_updated
AFTER UPDATE OF key, label, "row", position, visible, required, min_length, max_length, pattern, email,
                short_below, message, show_if_field, show_if_equals, show_if_filled, length_unit ON field
BEGIN
    UPDATE form SET fields_version = (fields_version + 1) % 9223372036854775807;
END;

-- History records each response stored, submitted again or deleted: the
-- key is '#' and the id (no field key can start with '#'), the old and new
-- values are the status before and after (NULL: none), never the answers.

CREATE TRIGGER response_history_insert AFTER INSERT ON response
BEGIN
    INSERT INTO history (key, old_value, new_value) VALUES ('#' || NEW.id, NULL, NEW.status);
END;

CREATE TRIGGER response_history_update AFTER UPDATE OF status, submitted_at ON response
BEGIN
    INSERT INTO history (key, old_value, new_value) VALUES ('#' || NEW.id, OLD.status, NEW.status);
END;

-- Deleting a response deletes its answers also where foreign keys are off
-- (the sqlite3 shell's default), and closes it if it was open.
CREATE TRIGGER response_history_delete AFTER DELETE ON response
BEGIN
    DELETE FROM answer WHERE response_id = OLD.id;
    UPDATE form SET open_response = NULL WHERE open_response = OLD.id;
    INSERT INTO history (key, old_value, new_value) VALUES ('#' || OLD.id, OLD.status, NULL);
END;
