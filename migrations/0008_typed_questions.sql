-- 0008_typed_questions: a question's type, its bounds, choices and help
-- text (issue 35). Every existing field is `text` and keeps its meaning.
--
--   type           text (the default), long_text, integer, decimal,
--                  select_one, select_multiple, boolean, date, time,
--                  datetime. Values stay in `value` as text, one canonical
--                  form per type (docs/database.md): `42`, `0.5`, `true`,
--                  `2026-03-01`, `09:30`, `2026-03-01T09:30:00+01:00`, a
--                  select_multiple's as a JSON array (`["cheese","olives"]`)
--                  that json_each() reads.
--   min_value      the lowest value, itself allowed (`min:`)…
--   above_value    …or the value must be above it (`above:`); one of two.
--   max_value      the highest value, itself allowed (`max:`)…
--   below_value    …or the value must be below it (`below:`); one of two.
--                  Bounds are canonical text of the field's type.
--   step           a number is a whole multiple of this (`step:`).
--   min_selected   fewest choices a select_multiple answer holds…
--   max_selected   …and most.
--   hint           help text under the label; NULL for none.
--   default_value  the value a new or cleared form holds; NULL for empty.
--   show_if        a condition of the new kinds (below).
--
-- A select field's choices are rows of `field_choice`, in `position`
-- order; removing the field removes them.
--
--   sqlite> UPDATE field SET type = 'number' WHERE key = 'first';
--   Error: stepping, CHECK constraint failed: type IN (…) (19)
--   sqlite> INSERT INTO field_choice VALUES (1, 1, 'a b', 'A B');
--   Error: stepping, CHECK constraint failed: … (19)

ALTER TABLE field ADD COLUMN type TEXT NOT NULL DEFAULT 'text'
    CHECK (type IN ('text', 'long_text', 'integer', 'decimal', 'select_one', 'select_multiple',
                    'boolean', 'date', 'time', 'datetime'));
ALTER TABLE field ADD COLUMN min_value TEXT CHECK (length(min_value) >= 1);
ALTER TABLE field ADD COLUMN above_value TEXT CHECK (above_value IS NULL OR (length(above_value) >= 1 AND min_value IS NULL));
ALTER TABLE field ADD COLUMN max_value TEXT CHECK (length(max_value) >= 1);
ALTER TABLE field ADD COLUMN below_value TEXT CHECK (below_value IS NULL OR (length(below_value) >= 1 AND max_value IS NULL));
ALTER TABLE field ADD COLUMN step TEXT CHECK (length(step) >= 1);
ALTER TABLE field ADD COLUMN min_selected INTEGER CHECK (min_selected >= 0);
ALTER TABLE field ADD COLUMN max_selected INTEGER CHECK (max_selected IS NULL OR (max_selected >= 0 AND max_selected >= coalesce(min_selected, 0)));
ALTER TABLE field ADD COLUMN hint TEXT CHECK (length(hint) >= 1);
ALTER TABLE field ADD COLUMN default_value TEXT;
-- A condition beyond 0004's two (`equals` a value, `filled`), as the JSON
-- of a form file's `show_if` with its values as text:
-- {"field":"age","at_least":"18"}, {"all":[…]}, {"not":{…}}; NULL when
-- the field has none or has one of 0004's, which stay in show_if_*.
ALTER TABLE field ADD COLUMN show_if TEXT
    CHECK (show_if IS NULL OR (json_valid(show_if) AND json_type(show_if) = 'object' AND show_if_field IS NULL));

CREATE TABLE field_choice (
    field_id INTEGER NOT NULL REFERENCES field (id) ON DELETE CASCADE,
    position INTEGER NOT NULL CHECK (position BETWEEN 1 AND 10000),
    -- 1 to 64 characters, no white space and no commas: a selection of
    -- several is written with them.
    value    TEXT    NOT NULL
             CHECK (length(value) BETWEEN 1 AND 64
                    AND value NOT GLOB ('*[ ,' || char(9, 10, 11, 12, 13) || ']*')),
    label    TEXT    NOT NULL CHECK (length(label) >= 1),
    PRIMARY KEY (field_id, position),
    UNIQUE (field_id, value)
) STRICT, WITHOUT ROWID;

-- An answer keeps the type its field had when it was given, so a response
-- exports as it was answered after the form changes.
ALTER TABLE answer ADD COLUMN type TEXT NOT NULL DEFAULT 'text'
    CHECK (type IN ('text', 'long_text', 'integer', 'decimal', 'select_one', 'select_multiple',
                    'boolean', 'date', 'time', 'datetime'));

-- The estimate (0004's view): length rules and `short` are the text
-- types' alone. Typed values are checked by formctl's own validator.
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
               WHEN type NOT IN ('text', 'long_text') THEN 'valid'
               WHEN min_length IS NOT NULL AND length(value) < min_length THEN 'invalid'
               WHEN max_length IS NOT NULL AND length(value) > max_length THEN 'invalid'
               WHEN email = 1 AND (value NOT LIKE '_%@_%' OR instr(value, ' ') > 0) THEN 'invalid'
               WHEN length(value) < short_below THEN 'short'
               ELSE 'valid'
           END AS state
    FROM field
);

-- An edit of the new columns or of the choices in the sqlite3 shell may
-- change states: formctl recomputes them before its next read.
CREATE TRIGGER field_type_changed
AFTER UPDATE OF type, min_value, above_value, max_value, below_value, step, min_selected, max_selected, default_value, show_if ON field
BEGIN
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;
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
