import Foundation
import Testing

/// Files formctl must refuse, or read without writing: each is left byte
/// for byte as it was, with no `-wal`, `-shm` or journal created beside it.
@Suite("hostile input: refused and read-only files")
struct HostileFileTests {
    static let readAndWrite: [[String]] = [["get", "first"], ["fields"], ["minimap", "--format", "text"], ["set", "first", "Ada"], ["check"]]

    /// formctl's application id ("FRMC").
    static let applicationID = 0x4652_4D43

    /// A database made by the sqlite3 shell alone.
    struct Foreign: CustomTestStringConvertible, Sendable {
        var name: String
        var sql: String
        /// 74 (not formctl's); 78 is allowed too where the header claims a
        /// newer formctl: either way the file is refused untouched.
        var codes: Set<Int32> = [74]
        var testDescription: String { name }
    }

    static let foreign: [Foreign] = [
        // The repros.
        Foreign(name: "rollback journal with formctl's application id", sql: "PRAGMA application_id = \(applicationID); CREATE TABLE notes (x); INSERT INTO notes VALUES (1);"),
        Foreign(name: "user_version 42", sql: "PRAGMA user_version = 42; CREATE TABLE notes (x); INSERT INTO notes VALUES (1);"),
        Foreign(name: "only a view", sql: "CREATE VIEW v AS SELECT 1 AS one;"),
        Foreign(name: "an empty schema_migration", sql: "CREATE TABLE schema_migration (version INTEGER PRIMARY KEY, name TEXT NOT NULL);"),
        Foreign(name: "another program's schema_migration with a NULL name", sql: "CREATE TABLE schema_migration (version, name); INSERT INTO schema_migration VALUES (1, NULL);"),
        Foreign(name: "another program's schema_migration with a text version", sql: "CREATE TABLE schema_migration (version, name); INSERT INTO schema_migration VALUES ('one', 'init');"),
        // More of the kind.
        Foreign(name: "user_version 1 and someone's table", sql: "PRAGMA user_version = 1; CREATE TABLE field (x);"),
        Foreign(name: "formctl's application id and user_version 999", sql: "PRAGMA application_id = \(applicationID); PRAGMA user_version = 999; CREATE TABLE t (x);", codes: [74, 78]),
        Foreign(name: "only an index's table", sql: "CREATE TABLE t (x); CREATE INDEX ti ON t (x);"),
        Foreign(name: "only a trigger's tables", sql: "CREATE TABLE a (x); CREATE TABLE b (y); CREATE TRIGGER ta AFTER INSERT ON a BEGIN INSERT INTO b VALUES (NEW.x); END;"),
        Foreign(name: "a table named like formctl's with other columns", sql: "CREATE TABLE form (id, stuff); INSERT INTO form VALUES (1, 'mine');"),
        Foreign(name: "another application id", sql: "PRAGMA application_id = 1598903374; CREATE TABLE t (x);"),
    ]

    @Test("another program's database: 74 for every command, untouched", arguments: foreign)
    func foreignDatabase(database: Foreign) throws {
        let box = try Sandbox()
        let made = try box.sqlite(database.sql)
        try #require(made.succeeded && made.stderr.isEmpty, "\(made)")
        try box.expectUntouched(Self.readAndWrite, database.codes, database.name)
    }

    @Test("another program's WAL database with its -wal: 74, no -shm, untouched")
    func foreignWAL() throws {
        let box = try Sandbox()
        try box.walPair(from: box.path("source.db"), after: "CREATE TABLE notes (x); INSERT INTO notes VALUES ('kept in the WAL');", to: box.db)
        try FileManager.default.removeItem(atPath: box.path("source.db"))
        try? FileManager.default.removeItem(atPath: box.path("source.db-wal"))
        try? FileManager.default.removeItem(atPath: box.path("source.db-shm"))
        #expect(FileManager.default.fileExists(atPath: box.db + "-wal"))
        try box.expectUntouched(Self.readAndWrite, [74], "foreign WAL database")
    }

    @Test("a read-only formctl file with a -wal: read without a -shm, writes 77, untouched")
    func readOnlyWithWAL() throws {
        let box = try Sandbox()
        let source = box.path("source.db")
        try box.ok(["set", "first", "Ada"], db: source)
        try box.walPair(from: source, after: "UPDATE field SET value = 'Grace' WHERE key = 'middle';", to: box.db)
        for name in ["source.db", "source.db-wal", "source.db-shm"] { try? FileManager.default.removeItem(atPath: box.path(name)) }
        chmod(box.db, 0o444)
        chmod(box.db + "-wal", 0o444)
        try box.expectUntouched([["get", "middle"], ["fields"], ["minimap", "--format", "text"], ["history"], ["check"]],
                                [0, 1], "read-only file with -wal")
        let get = try box.formctl(["get", "middle"])
        #expect(get.stdoutText == "Grace\n", "the WAL's transaction is read: \(get)")
        try box.expectUntouched([["set", "first", "Lovelace"], ["field", "hide", "first"]], [77], "read-only file with -wal, writing")
    }

    /// A formctl file, checkpointed (no -wal), then changed by `change`.
    private func formctlFile(_ box: Sandbox, _ change: (Sandbox) throws -> Void) throws {
        try box.ok(["set", "first", "Ada"])
        try box.sqlite("PRAGMA wal_checkpoint(TRUNCATE);")
        try change(box)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: box.db + suffix) }
    }

    private func flip(_ path: String, byte offset: Int, mask: UInt8) throws {
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        data[offset] ^= mask
        try data.write(to: URL(fileURLWithPath: path))
    }

    @Test("a flipped bit in the header's byte 47 (schema format): 74, untouched", arguments: [0x01, 0x02, 0x20, 0x80] as [UInt8])
    func flippedSchemaFormat(mask: UInt8) throws {
        let box = try Sandbox()
        try formctlFile(box) { try flip($0.db, byte: 47, mask: mask) }
        try box.expectUntouched(Self.readAndWrite, [74], "byte 47 ^ \(mask)")
    }

    @Test("other damaged header bytes: 74, untouched",
          arguments: [(16, 0xFF as UInt8), (18, 0x07), (19, 0x07), (20, 0xFF), (21, 0x01), (0, 0x20), (28, 0xFF)])
    func damagedHeader(offset: Int, mask: UInt8) throws {
        let box = try Sandbox()
        try formctlFile(box) { try flip($0.db, byte: offset, mask: mask) }
        let before = box.snapshot
        for command in Self.readAndWrite {
            let result = try box.formctl(command, timeout: 30)
            // Some header bytes are advisory to SQLite (the change counter
            // at 24…27 is not among these): an exit 0 is allowed only if
            // the file still reads as formctl's.
            expectDocumented(result, [0, 1, 74], "byte \(offset) ^ \(mask), \(command)")
            if result.status == 74 {
                #expect(box.snapshot.changes(since: before).isEmpty, "refused but touched: \(result)")
            }
        }
    }

    @Test("formctl's schema in rollback-journal mode with migration 999: 78, untouched (not switched to WAL first)")
    func migration999() throws {
        let box = try Sandbox()
        try formctlFile(box) { box in
            try box.sqlite("PRAGMA journal_mode = DELETE; INSERT INTO schema_migration (version, name) VALUES (999, '0999_future'); PRAGMA user_version = 999;")
        }
        try box.expectUntouched(Self.readAndWrite, [78], "migration 999")
        // Byte 18/19 = 1: still a rollback-journal file.
        let header = try box.bytes()
        #expect(header[18] == 1 && header[19] == 1)
    }

    @Test("formctl's own file switched to rollback-journal mode by sqlite3 is still formctl's")
    func ownFileInRollbackMode() throws {
        let box = try Sandbox()
        try formctlFile(box) { box in try box.sqlite("PRAGMA journal_mode = DELETE;") }
        let set = try box.formctl(["set", "middle", "B"])
        expectDocumented(set, [0], "set on a rollback-journal formctl file")
        try box.expectRoundTrip("middle", "B")
    }

    @Test("formctl's file with an extra table someone added: 74, untouched")
    func extraTable() throws {
        let box = try Sandbox()
        try formctlFile(box) { box in try box.sqlite("CREATE TABLE mine (x); PRAGMA journal_mode = DELETE;") }
        try box.expectUntouched(Self.readAndWrite, [74], "extra table")
    }

    @Test("a history id at its maximum: set answers with a documented code, never 70, and never loses the value")
    func historyIDAtMaximum() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Ada"])
        try box.exec("UPDATE sqlite_sequence SET seq = 9223372036854775807 WHERE name = 'history'; INSERT INTO history (id, key, old_value, new_value, changed_at, source) SELECT 9223372036854775807, key, old_value, new_value, changed_at, source FROM history WHERE id = 1;")
        let set = try box.formctl(["set", "first", "Grace"], timeout: 30)
        expectDocumented(set, nil, "set with history at its maximum id")
        #expect(!set.stderrText.contains("disk is full"), "not a full disk: \(set)")
        if set.succeeded {
            try box.expectRoundTrip("first", "Grace")
        } else {
            try box.expectRoundTrip("first", "Ada")
        }
        #expect(try box.value("PRAGMA integrity_check") == "ok")
    }

    @Test("truncated, empty-named and garbage files: 74, untouched", arguments: [0, 50, 100, 4096, 4097])
    func truncated(length: Int) throws {
        let box = try Sandbox()
        try formctlFile(box) { box in
            let data = try box.bytes()
            try data.prefix(length).write(to: URL(fileURLWithPath: box.db))
        }
        if length == 0 {
            // An empty file is an empty SQLite database: formctl may take it over.
            expectDocumented(try box.formctl(["get", "first"]), [0, 74], "empty file")
        } else {
            try box.expectUntouched(Self.readAndWrite, [74], "cut to \(length) bytes")
        }
    }
}
