import Foundation
import Testing
@testable import FormStore

/// Migration 0009 merges triggers (issue 35): what each did before, the
/// merged ones do, as a hand edit in the sqlite3 shell sees it.
@Suite("0009's merged triggers") struct FewerTriggersTests {
    @Test func theFieldTriggersAreMergedAndTheOldNamesAreGone() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        let triggers = try sqlite3(path, "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('field', 'form') ORDER BY name;")
        #expect(triggers.split(separator: "\n") == [
            "field_changed", "field_deleted", "field_derive_update", "field_history_update", "field_inserted",
            "field_structure_updated", "form_changed", "form_direction_changed",
        ])
    }

    @Test func aHandEditDoesWhatTheSeparateTriggersDid() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        let version = { try Int(sqlite3(path, "SELECT fields_version FROM form;")) ?? -1 }
        var before = try version()
        // Inserting: history, an estimate, the refresh flag, the structure's version.
        #expect(try sqlite3(path, """
            UPDATE form SET needs_refresh = 0;
            INSERT INTO field (key, label, value, "row", position) VALUES ('extra', 'Extra', 'abcd', 1, 99);
            SELECT length || ' ' || state || ' ' || color FROM field WHERE key = 'extra';
            SELECT needs_refresh FROM form;
            SELECT coalesce(old_value, '-') || ' ' || new_value || ' ' || source FROM history WHERE key = 'extra';
            """) == "4 valid green\n1\n- abcd sql")
        #expect(try version() == before + 1)
        // Rules and length unit (0004's and 0005's columns) recompute the estimate.
        #expect(try sqlite3(path, """
            UPDATE form SET needs_refresh = 0;
            UPDATE field SET short_below = 9 WHERE key = 'extra';
            SELECT state || ' ' || color FROM field WHERE key = 'extra';
            SELECT needs_refresh FROM form;
            UPDATE field SET short_below = 3, min_length = 5 WHERE key = 'extra';
            SELECT state FROM field WHERE key = 'extra';
            UPDATE field SET min_length = NULL, length_unit = 'code_points' WHERE key = 'extra';
            SELECT state FROM field WHERE key = 'extra';
            """) == "short yellow\n1\ninvalid\nvalid")
        // A type (0008's columns) or a label flags the form and leaves the
        // estimate; a hint does neither.
        #expect(try sqlite3(path, """
            UPDATE form SET needs_refresh = 0;
            UPDATE field SET hint = 'help' WHERE key = 'extra';
            SELECT needs_refresh FROM form;
            UPDATE field SET type = 'integer', value = '' WHERE key = 'extra';
            UPDATE form SET needs_refresh = 0;
            UPDATE field SET type = 'text' WHERE key = 'extra';
            SELECT needs_refresh || ' ' || state FROM form, field WHERE field.key = 'extra';
            UPDATE form SET needs_refresh = 0;
            UPDATE field SET label = 'Other' WHERE key = 'extra';
            SELECT needs_refresh FROM form;
            """) == "0\n1 empty\n1")
        // The form's title and tab bar flag it.
        #expect(try sqlite3(path, """
            UPDATE form SET needs_refresh = 0;
            UPDATE form SET title_template = 'Hi';
            SELECT needs_refresh FROM form;
            UPDATE form SET needs_refresh = 0;
            UPDATE form SET tab_bar_hidden = 1;
            SELECT needs_refresh FROM form;
            """) == "1\n1")
        // Deleting: history, the refresh flag, the structure's version.
        before = try version()
        #expect(try sqlite3(path, """
            UPDATE form SET needs_refresh = 0;
            DELETE FROM field WHERE key = 'extra';
            SELECT needs_refresh FROM form;
            SELECT '[' || old_value || '] ' || coalesce(new_value, '-') FROM history WHERE key = 'extra' ORDER BY id DESC LIMIT 1;
            """) == "1\n[] -")
        #expect(try version() == before + 1)
    }
}
