import FormModel
import Foundation
import Testing
@testable import FormStore

@Suite("Migration 0005: length_unit")
struct LengthUnitMigrationTests {
    @Test func anOlderDatabaseMigratesAndEveryFieldKeepsCountingCharacters() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("old.db")
        try makeVersionThreeDatabase(path)
        let store = try openStore(path, create: false)
        #expect(try store.schemaVersion() == FormDatabase.knownSchemaVersion)
        #expect(try store.fields().allSatisfy { $0.rules.lengthUnit == .characters })
        try store.close()
        #expect(try sqlite3(path, "SELECT DISTINCT length_unit FROM field;") == "characters")
        #expect(try sqlite3(path, "SELECT version || '|' || name FROM schema_migration WHERE version = 5;") == "5|0005_length_unit")
        #expect(try sqlite3(path, "PRAGMA integrity_check; PRAGMA foreign_key_check;") == "ok")
    }

    @Test func theStoreWritesAndReadsTheUnit() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)
        defer { try? store.close() }
        try store.setValue(key: "first", value: "e\u{301}")
        #expect(try store.field("first").state == .short)
        let changed = try store.updateRules(key: "first") { rules in
            var rules = rules
            rules.lengthUnit = .codePoints
            rules.shortBelow = 2
            return rules
        }
        #expect(changed.rules.lengthUnit == .codePoints && changed.state == .valid && changed.length == 2)
        #expect(try sqlite3(path, "SELECT length_unit FROM field WHERE key = 'first';") == "code_points")
        #expect(try store.field("first").rules.lengthUnit == .codePoints)
        #expect(try store.field("middle").rules.lengthUnit == .characters)
    }

    @Test(arguments: [
        ("UPDATE field SET length_unit = 'bytes' WHERE key = 'first';", "CHECK constraint failed: length_unit IN ('characters', 'code_points')"),
        ("UPDATE field SET length_unit = NULL WHERE key = 'first';", "NOT NULL constraint failed: field.length_unit"),
        ("UPDATE field SET length_unit = 1 WHERE key = 'first';", "CHECK constraint failed"),
        ("UPDATE field SET length_unit = x'41' WHERE key = 'first';", "cannot store BLOB value in TEXT column field.length_unit"),
    ])
    func sqlite3RefusesWhatFormctlCouldNotRead(sql: String, error: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        do {
            try sqlite3(path, sql)
            Issue.record("sqlite3 accepted \(sql)")
        } catch let failure as ShellError {
            #expect(failure.description.contains(error), "\(failure)")
        }
        #expect(try sqlite3(path, "SELECT length_unit FROM field WHERE key = 'first';") == "characters")
    }

    @Test func aSqlite3EditOfTheUnitRaisesTheRefreshAndFormctlReadsIt() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        try sqlite3(path, "UPDATE field SET value = 'e' || char(769) || 'e' WHERE key = 'first';")
        try sqlite3(path, "UPDATE form SET needs_refresh = 0;")
        try sqlite3(path, "UPDATE field SET length_unit = 'code_points' WHERE key = 'first';")
        #expect(try sqlite3(path, "SELECT needs_refresh FROM form;") == "1")
        let store = try openStore(path, create: false)
        defer { try? store.close() }
        let first = try store.field("first")
        #expect(first.rules.lengthUnit == .codePoints && first.length == 3 && first.state == .valid)
    }
}
