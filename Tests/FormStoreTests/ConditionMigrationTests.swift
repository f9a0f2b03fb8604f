import FormModel
import Foundation
import Testing
@testable import FormStore

/// A database as formctl left it at schema version 3 (before
/// `0004_field_conditions`): version 1's seed and values, then 0002 and
/// 0003 as the runner applies them.
func makeVersionThreeDatabase(_ path: String) throws {
    try makeVersionOneDatabase(path)
    let (second, third) = (EmbeddedMigration.all[1], EmbeddedMigration.all[2])
    try sqlite3(path, """
        PRAGMA foreign_keys = OFF;
        BEGIN;
        \(second.sql)
        INSERT INTO schema_migration (version, name) VALUES (2, '\(second.name)');
        \(third.sql)
        INSERT INTO schema_migration (version, name) VALUES (3, '\(third.name)');
        PRAGMA user_version = 3;
        COMMIT;
        """)
}

@Suite("Migration 0004: short_below, message, show_if")
struct ConditionMigrationTests {
    @Test func aVersionThreeDatabaseMigratesWithItsValuesAndKeepsSeedTwosShortState() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("old.db")
        try makeVersionThreeDatabase(path)
        #expect(try sqlite3(path, "PRAGMA user_version;") == "3")
        let valuesBefore = try sqlite3(path, "SELECT key, value, required, min_length, pattern FROM field ORDER BY position;")

        let store = try openStore(path, create: false)
        #expect(try store.schemaVersion() == FormDatabase.knownSchemaVersion)
        #expect(try store.field("first").value == "Ada")
        #expect(try store.fields().allSatisfy { $0.rules.shortBelow == 3 && $0.rules.message == nil && $0.showIf == nil })
        try store.close()

        #expect(try sqlite3(path, "SELECT key, value, required, min_length, pattern FROM field ORDER BY position;") == valuesBefore)
        #expect(try sqlite3(path, "SELECT DISTINCT short_below, quote(message), quote(show_if_field), quote(show_if_equals), show_if_filled FROM field;")
            == "3|NULL|NULL|NULL|0")
        #expect(try sqlite3(path, "SELECT version || '|' || name FROM schema_migration WHERE version = 4;") == "4|0004_field_conditions")
        #expect(try sqlite3(path, "PRAGMA integrity_check; PRAGMA foreign_key_check;") == "ok")
        #expect(try sqlite3(path, "SELECT strict FROM pragma_table_list WHERE name = 'field';") == "1")
    }

    @Test(arguments: [
        ("UPDATE field SET short_below = 'three' WHERE key = 'first';", "cannot store TEXT value in INTEGER column field.short_below"),
        ("UPDATE field SET short_below = 2.5 WHERE key = 'first';", "cannot store REAL value in INTEGER column field.short_below"),
        ("UPDATE field SET short_below = -1 WHERE key = 'first';", "CHECK constraint failed: short_below >= 0"),
        ("UPDATE field SET short_below = NULL WHERE key = 'first';", "NOT NULL constraint failed: field.short_below"),
        ("UPDATE field SET message = x'4869' WHERE key = 'first';", "cannot store BLOB value in TEXT column field.message"),
        ("UPDATE field SET message = '' WHERE key = 'first';", "CHECK constraint failed: length(message) >= 1"),
        ("UPDATE field SET show_if_field = x'41', show_if_filled = 1 WHERE key = 'twitter';", "cannot store BLOB value in TEXT column field.show_if_field"),
        ("UPDATE field SET show_if_field = 'twitter' WHERE key = 'twitter';", "CHECK constraint failed: show_if_field <> key"),
        ("UPDATE field SET show_if_filled = 'yes', show_if_field = 'email' WHERE key = 'twitter';", "cannot store TEXT value in INTEGER column field.show_if_filled"),
        ("UPDATE field SET show_if_filled = 2, show_if_field = 'email' WHERE key = 'twitter';", "CHECK constraint failed"),
        ("UPDATE field SET show_if_field = 'email' WHERE key = 'twitter';", "CHECK constraint failed"),
        ("UPDATE field SET show_if_field = 'email', show_if_equals = 'x', show_if_filled = 1 WHERE key = 'twitter';", "CHECK constraint failed"),
        ("UPDATE field SET show_if_equals = 'x' WHERE key = 'twitter';", "CHECK constraint failed"),
    ])
    func sqlite3RefusesWhatFormctlCouldNotRead(sql: String, error: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        let before = bytes(path)
        do {
            try sqlite3(path, sql)
            Issue.record("sqlite3 accepted \(sql)")
        } catch let failure as ShellError {
            #expect(failure.description.contains(error), "\(failure)")
        }
        #expect(bytes(path) == before)
    }

    @Test func aSqlite3EditOfTheNewColumnsRaisesTheRefreshAndFormctlReadsIt() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        try sqlite3(path, "UPDATE field SET value = 'NY' WHERE key = 'first';")
        let store = try openStore(path, create: false)
        #expect(try store.field("first").state == .short)
        try store.close()
        #expect(try sqlite3(path, "SELECT needs_refresh FROM form;") == "0")

        // The estimate reads the field's threshold.
        try sqlite3(path, "UPDATE field SET short_below = 0 WHERE key = 'first';")
        #expect(try sqlite3(path, "SELECT state, needs_refresh FROM field, form WHERE key = 'first';") == "valid|1")
        for sql in ["UPDATE field SET message = 'Two letters' WHERE key = 'first';",
                    "UPDATE field SET show_if_field = 'first', show_if_filled = 1 WHERE key = 'twitter';",
                    "UPDATE field SET show_if_equals = 'NY', show_if_filled = 0 WHERE key = 'twitter';"] {
            try sqlite3(path, "UPDATE form SET needs_refresh = 0;")
            try sqlite3(path, sql)
            #expect(try sqlite3(path, "SELECT needs_refresh FROM form;") == "1", "\(sql)")
        }
        let reopened = try openStore(path, create: false)
        let first = try reopened.field("first")
        #expect(first.state == .valid && first.rules.shortBelow == 0 && first.rules.message == "Two letters")
        #expect(try reopened.field("twitter").showIf == .equals(field: "first", value: "NY"))
        try reopened.close()
    }

    @Test func theStoreWritesAndRefusesConditions() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)
        defer { try? store.close() }
        try store.setCondition(key: "twitter", .filled(field: "email"))
        #expect(try store.field("twitter").showIf == .filled(field: "email"))
        #expect(try sqlite3(path, "SELECT show_if_field, quote(show_if_equals), show_if_filled FROM field WHERE key = 'twitter';") == "email|NULL|1")
        try store.setCondition(key: "email", .equals(field: "first", value: "on"))
        #expect(storeError { try store.setCondition(key: "first", .filled(field: "twitter")) }
            == .invalidValue(key: "first", reason: "the conditions would form a cycle (first → twitter → email → first), so none of them could hold"))
        #expect(storeError { try store.setCondition(key: "first", .filled(field: "first")) }
            == .invalidValue(key: "first", reason: "a field cannot be shown on a condition of its own value"))
        #expect(storeError { try store.setCondition(key: "first", .filled(field: "emial")) } == .unknownField(key: "emial", suggestion: "email"))
        #expect(storeError { try store.setCondition(key: "frist", nil) } == .unknownField(key: "frist", suggestion: "first"))

        // Removing a field takes the conditions that read it away.
        try store.removeField(key: "email")
        #expect(try store.field("twitter").showIf == nil)
        try store.setCondition(key: "twitter", .equals(field: "first", value: "x"))
        try store.setCondition(key: "twitter", nil)
        #expect(try store.field("twitter").showIf == nil)

        try store.setRules(key: "first", rules: FieldRules(shortBelow: 0, message: "Your first name"))
        #expect(try sqlite3(path, "SELECT short_below, message FROM field WHERE key = 'first';") == "0|Your first name")
        #expect(storeError { try store.setRules(key: "first", rules: FieldRules(shortBelow: -1)) } != nil)
        #expect(storeError { try store.setRules(key: "first", rules: FieldRules(message: "")) } != nil)
    }
}
