-- 0003_pages: a form in pages, shown with a tab bar (seeds 000, 001, 003).
--
-- A page has a key (the name commands use), a title (what its tab says)
-- and a place in the tab bar. Every row of fields belongs to one page; a
-- field's page is its row's. The form remembers the selected page, the tab
-- bar's height and whether the bar is hidden.
--
-- An existing form becomes one page, `main`, holding all its rows; a form
-- of one page is drawn exactly as before (no tab bar), so its minimap_rect
-- rows do not change. minimap_rect holds the minimap of the selected page:
-- selecting another page redraws it.
--
-- SQLite adds a column to a STRICT table in place; form_row's new column
-- names page(key), which ALTER TABLE allows with a non-NULL default only
-- while foreign keys are off, as the migration runner has them (it runs
-- foreign_key_check before committing).

-- Pages, in tab bar order. Keys follow the rule for field keys: 1 to 64
-- ASCII letters, digits, '_' or '-', starting with a letter. Positions stay below 2^31, so that
-- moving every position above the highest cannot overflow.
CREATE TABLE page (
    key      TEXT    PRIMARY KEY NOT NULL
             CHECK (length(key) BETWEEN 1 AND 64 AND key GLOB '[A-Za-z]*' AND key NOT GLOB '*[^A-Za-z0-9_-]*'),
    title    TEXT    NOT NULL CHECK (length(title) >= 1),
    position INTEGER NOT NULL UNIQUE CHECK (position BETWEEN 1 AND 2147483647)
) STRICT;

INSERT INTO page (key, title, position) VALUES ('main', 'Main', 1);

ALTER TABLE form_row ADD COLUMN page TEXT NOT NULL DEFAULT 'main'
    REFERENCES page (key) ON UPDATE CASCADE;

CREATE INDEX form_row_page ON form_row (page, number);

-- The selected page: any text, since a stored selection may name no page
-- (formctl then shows seed 000's "Empty View" and says so). The tab bar is
-- 49 points high by default (UIKit's tab bar), 30 to 120 by choice.
ALTER TABLE form ADD COLUMN selected_page TEXT DEFAULT 'main';
ALTER TABLE form ADD COLUMN tab_bar_height REAL NOT NULL DEFAULT 49
    CHECK (tab_bar_height BETWEEN 30 AND 120);
ALTER TABLE form ADD COLUMN tab_bar_hidden INTEGER NOT NULL DEFAULT 0
    CHECK (tab_bar_hidden IN (0, 1));

-- What formctl derives (minimap_rect: the selected page's minimap) depends
-- on the pages and the selection: an edit in the sqlite3 shell asks for a
-- refresh, as the triggers of 0001 do for the other tables.
CREATE TRIGGER page_inserted AFTER INSERT ON page
BEGIN
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;

CREATE TRIGGER page_updated AFTER UPDATE ON page
BEGIN
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;

CREATE TRIGGER page_deleted AFTER DELETE ON page
BEGIN
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;

CREATE TRIGGER form_page_changed
AFTER UPDATE OF selected_page, tab_bar_height, tab_bar_hidden ON form
BEGIN
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;
