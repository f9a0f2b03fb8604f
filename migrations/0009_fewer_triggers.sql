-- 0009_fewer_triggers: the same behaviour from fewer triggers (issue 35,
-- speed).
--
-- SQLite parses the whole schema whenever a connection opens, so every
-- trigger costs every formctl command, whether it fires or not (about
-- 28,000 instructions a trigger at each open).
--
-- Triggers of one table, one event and one body are merged into one that
-- fires on the union of their columns, and triggers of one table and one
-- event with different bodies into one running those bodies, in the
-- order SQLite fired them (the newest first). What each does is
-- unchanged:
--
--   field_inserted       0002's field_history_insert, field_derive_insert
--                        and 0006's field_structure_inserted
--   field_deleted        0002's field_history_delete, field_deleted and
--                        0006's field_structure_deleted
--   field_derive_update  0002's field_derive_update, 0004's
--                        field_conditions_changed and 0005's
--                        field_length_unit_changed (one body, the union
--                        of their columns)
--   field_changed        0002's field_changed and 0008's
--                        field_type_changed (one body)
--   form_changed         0002's form_changed and 0003's form_page_changed
--                        (one body)
--
-- (An UPDATE that names columns of two merged triggers ran the one body
-- twice, the second time changing nothing; it now runs once.)

DROP TRIGGER field_history_insert;
DROP TRIGGER field_derive_insert;
DROP TRIGGER field_structure_inserted;
DROP TRIGGER field_history_delete;
DROP TRIGGER field_deleted;
DROP TRIGGER field_structure_deleted;
DROP TRIGGER field_derive_update;
DROP TRIGGER field_conditions_changed;
DROP TRIGGER field_length_unit_changed;
DROP TRIGGER field_changed;
DROP TRIGGER field_type_changed;
DROP TRIGGER form_changed;
DROP TRIGGER form_page_changed;

CREATE TRIGGER field_inserted AFTER INSERT ON field
BEGIN
    UPDATE form SET fields_version = (fields_version + 1) % 9223372036854775807;
    UPDATE field SET (length, state, color) =
        (SELECT length, state, color FROM field_estimate WHERE field_estimate.id = NEW.id)
    WHERE id = NEW.id;
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
    INSERT INTO history (key, old_value, new_value) VALUES (NEW.key, NULL, NEW.value);
END;

CREATE TRIGGER field_deleted AFTER DELETE ON field
BEGIN
    UPDATE form SET fields_version = (fields_version + 1) % 9223372036854775807;
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
    INSERT INTO history (key, old_value, new_value) VALUES (OLD.key, OLD.value, NULL);
END;

CREATE TRIGGER field_derive_update
AFTER UPDATE OF value, required, min_length, max_length, pattern, email,
                short_below, message, show_if_field, show_if_equals, show_if_filled, length_unit ON field
BEGIN
    UPDATE field SET (length, state, color) =
        (SELECT length, state, color FROM field_estimate WHERE field_estimate.id = NEW.id)
    WHERE id = NEW.id;
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;

CREATE TRIGGER field_changed
AFTER UPDATE OF key, label, "row", position, visible, state, color, length,
                type, min_value, above_value, max_value, below_value, step, min_selected, max_selected, default_value, show_if ON field
BEGIN
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;

CREATE TRIGGER form_changed
AFTER UPDATE OF title_template, minimap_width, selected_page, tab_bar_height, tab_bar_hidden ON form
BEGIN
    UPDATE form SET needs_refresh = 1 WHERE needs_refresh = 0;
END;
