-- 0011_form_language: the language a form is written in (issue 37), a
-- BCP 47 tag such as 'en', 'he' or 'pt-BR'. The page served in a browser
-- says it (`<html lang>`), and its buttons and status words come from a
-- table of messages for the language (English for a language the table
-- lacks).
--
-- The form file's `language: TAG` sets it (`formctl apply`). The CHECK
-- keeps what is not a tag's shape out (letters, digits and hyphens,
-- starting with two or three letters), also in the sqlite3 shell:
--
--   sqlite> UPDATE form SET language = 'english please';
--   Error: stepping, CHECK constraint failed: ... (19)

-- (The CHECK is short: SQLite parses it at every open. formctl itself
-- also refuses empty subtags, `en--GB` or `en-`.)
ALTER TABLE form ADD COLUMN language TEXT NOT NULL DEFAULT 'en'
    CHECK (length(language) BETWEEN 2 AND 35 AND language GLOB '[A-Za-z][A-Za-z]*'
           AND language NOT GLOB '*[^A-Za-z0-9-]*');
