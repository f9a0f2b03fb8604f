-- 0007_form_direction: the direction a form is read in (issue 25).
--
--   'ltr'  left to right, every existing form's;
--   'rtl'  right to left (Arabic, Hebrew, Persian, Urdu): the screens are
--          mirrored, the first field of a row on the right and the
--          minimap area on the window's right, and so are the minimap's
--          rectangles (`minimap_rect`) and pictures.
--
-- The form file's `direction: ltr|rtl` sets it (`formctl apply`). The
-- CHECK keeps anything else out, also in the sqlite3 shell:
--
--   sqlite> UPDATE form SET direction = 'RTL';
--   Error: stepping, CHECK constraint failed: direction IN ('ltr', 'rtl') (19)

ALTER TABLE form ADD COLUMN direction TEXT NOT NULL DEFAULT 'ltr'
    CHECK (direction IN ('ltr', 'rtl'));

-- A change made in the sqlite3 shell mirrors the whole layout: formctl
-- recomputes the minimap's rectangles before its next read, as for a
-- change of the title or the minimap's width (0002's form_changed).
CREATE TRIGGER form_direction_changed AFTER UPDATE OF direction ON form
WHEN NEW.direction IS NOT OLD.direction
BEGIN
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;
