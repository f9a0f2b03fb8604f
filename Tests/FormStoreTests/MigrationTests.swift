import FormModel
import Foundation
import Testing
@testable import FormStore

@Suite("Migrations") struct MigrationTests {
    @Test func pluginEmbedsTheMigrationFilesInOrder() {
        let all = EmbeddedMigration.all
        #expect(all.first?.name == "0001_initial")
        #expect(all.map(\.number) == Array(1...all.count))
        #expect(all.allSatisfy { $0.name.hasPrefix(String(format: "%04d_", $0.number)) })
        #expect(all[0].sql.contains("CREATE TABLE field"))
        #expect(FormDatabase.knownSchemaVersion == all.count)
    }

    @Test func embeddedSQLIsTheFileByteForByte() throws {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("migrations/0001_initial.sql")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(EmbeddedMigration.all[0].sql == text)
    }

    @Test func migrationsAreAppliedAndRecorded() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)
        #expect(try store.schemaVersion() == FormDatabase.knownSchemaVersion)
        try store.close()

        let recorded = try sqlite3(path, "SELECT version || '|' || name FROM schema_migration ORDER BY version;")
        #expect(recorded == EmbeddedMigration.all.map { "\($0.number)|\($0.name)" }.joined(separator: "\n"))
        #expect(try sqlite3(path, "PRAGMA user_version;") == "\(FormDatabase.knownSchemaVersion)")
        #expect(try sqlite3(path, "PRAGMA journal_mode;") == "wal")
        #expect(try sqlite3(path, "SELECT count(*) FROM schema_migration WHERE applied_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*Z';") == "\(EmbeddedMigration.all.count)")
        // Closing checkpoints the WAL: the database is one file again.
        #expect(hasNoSideFiles(path))

        // Opening again applies nothing twice and writes nothing.
        let before = bytes(path)
        try openStore(path, create: false).close()
        #expect(bytes(path) == before)
        #expect(try sqlite3(path, "SELECT count(*) FROM schema_migration;") == "\(EmbeddedMigration.all.count)")
    }

    @Test func freshDatabaseHoldsTheSeedFormInOrder() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)
        #expect(try store.definition() == FormDefinition.seed)
        #expect(try store.fields().map(\.key) == ["first", "middle", "last", "email", "twitter"])
        #expect(try store.minimapRects() == testMinimap(.seed))
        try store.close()

        #expect(try sqlite3(path, "SELECT key, label, value, state, color FROM field ORDER BY position;") == """
            first|First Name||empty|red
            middle|Middle Name||empty|red
            last|Last Name||empty|red
            email|Email||empty|red
            twitter|Twitter||empty|red
            """)
        #expect(try sqlite3(path, "SELECT key, \"row\", position, visible FROM field ORDER BY position;") == """
            first|1|1|1
            middle|1|2|1
            last|1|3|1
            email|2|4|1
            twitter|2|5|0
            """)
        #expect(try sqlite3(path, "SELECT title_template, minimap_width, needs_refresh FROM form;") == "Hello {first} {middle} {last}|200.0|0")
        #expect(try sqlite3(path, "SELECT * FROM form_row ORDER BY number;") == "1|540.0|540.0|540.0|main|\n2|360.0|360.0|540.0|main|")
        #expect(try sqlite3(path, "SELECT z, key, kind, color FROM minimap_rect ORDER BY z;") == """
            0|title|title|purple
            1|first|field|red
            2|middle|field|red
            3|last|field|red
            4|email|field|red
            """)
    }

    @Test func anEmptyFileBecomesASeededDatabase() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("empty.db")
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let store = try openStore(path, create: false)
        #expect(try store.definition() == FormDefinition.seed)
        try store.close()
    }
}
