import FormModel
import Foundation
import GRDB
import Testing
@testable import FormStore

/// Every file listed in `folder`, for "no new file beside it".
private func listing(_ folder: TemporaryFolder) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []).sorted()
}

/// Makes `path` a WAL database with a `-wal` file and no `-shm`, as a
/// copy of a database whose writer still has it open: `setUp` runs on a
/// connection that never checkpoints.
private func makeWALWithoutSHM(_ path: String, _ setUp: String) throws {
    let source = path + ".source"
    var config = Configuration()
    config.prepareDatabase { db in try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0") }
    let queue = try DatabaseQueue(path: source, configuration: config)
    try queue.writeWithoutTransaction { db in try db.execute(sql: setUp) }
    try FileManager.default.copyItem(atPath: source, toPath: path)
    try FileManager.default.copyItem(atPath: source + "-wal", toPath: path + "-wal")
    try queue.close()
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: source + suffix) }
}

@Suite("Refused means untouched; what counts as formctl's")
struct UntouchedFileTests {
    @Test func aRollbackJournalDatabaseWithFormctlsApplicationIDIsRefusedUnchanged() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("claims.db")
        try sqlite3(path, "CREATE TABLE notes (body TEXT); PRAGMA application_id = \(SchemaFacts.applicationID); PRAGMA user_version = \(FormDatabase.knownSchemaVersion);")
        let before = bytes(path), files = listing(folder)
        #expect(storeError { _ = try openStore(path) } == .notAFormDatabase(path: path))
        #expect(storeError { _ = try FormDatabase.openForReading(path: path, minimap: testMinimap) } == .notAFormDatabase(path: path))
        #expect(bytes(path) == before)
        #expect(listing(folder) == files)
        #expect(try sqlite3(path, "PRAGMA journal_mode;") == "delete")
    }

    @Test func formctlsSchemaWithAnUnknownMigrationInRollbackModeIsRefusedUnchanged() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("future.db")
        try createStore(path)
        try sqlite3(path, "PRAGMA journal_mode = DELETE; INSERT INTO schema_migration (version, name) VALUES (999, '0999_future');")
        let before = bytes(path), files = listing(folder)
        #expect(storeError { _ = try openStore(path) } == .schemaTooNew(found: 999, known: FormDatabase.knownSchemaVersion))
        #expect(bytes(path) == before)
        #expect(listing(folder) == files)
        #expect(try sqlite3(path, "PRAGMA journal_mode;") == "delete")
    }

    @Test func aFormctlFileSwitchedToRollbackModeIsStillOpenedAndSwitchedBack() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        try sqlite3(path, "PRAGMA journal_mode = DELETE;")
        let store = try openStore(path, create: false)
        try store.setValue(key: "first", value: "Ada")
        try store.close()
        #expect(try sqlite3(path, "PRAGMA journal_mode;") == "wal")
    }

    @Test func anotherProgramsDatabaseIsNotFormctlsWhateverItsUserVersion() throws {
        let folder = try TemporaryFolder()
        let cases = [
            ("version42.db", "CREATE TABLE t (a); PRAGMA user_version = 42;"),
            ("view.db", "CREATE VIEW v AS SELECT 1;"),
            ("empty-migrations.db", "CREATE TABLE schema_migration (version INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, applied_at TEXT);"),
            ("null-name.db", "CREATE TABLE schema_migration (version, name); INSERT INTO schema_migration VALUES (1, NULL);"),
            ("text-version.db", "CREATE TABLE schema_migration (version, name); INSERT INTO schema_migration VALUES ('one', '0001_initial');"),
            ("their-migrations.db", "CREATE TABLE schema_migration (version INTEGER PRIMARY KEY, name TEXT); INSERT INTO schema_migration VALUES (1, 'create_users'); CREATE TABLE users (id);"),
            ("user-version-only.db", "PRAGMA user_version = 7;"),
            ("other-app.db", "PRAGMA application_id = 1234; CREATE TABLE t (a);"),
        ]
        for (name, sql) in cases {
            let path = folder.path(name)
            try sqlite3(path, sql)
            let before = bytes(path), files = listing(folder)
            #expect(storeError { _ = try openStore(path) } == .notAFormDatabase(path: path), "\(name)")
            #expect(bytes(path) == before, "\(name)")
            #expect(listing(folder) == files, "\(name)")
        }
        // A formctl database with extra tables of someone's is not formctl's either.
        let extra = folder.path("extra.db")
        try createStore(extra)
        try sqlite3(extra, "CREATE TABLE mine (a);")
        #expect(storeError { _ = try openStore(extra) } == .notAFormDatabase(path: extra))
    }

    @Test func anotherProgramsWALDatabaseWithItsWALGainsNoSHM() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("theirs.db")
        try makeWALWithoutSHM(path, "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me');")
        let before = bytes(path), wal = bytes(path + "-wal"), files = listing(folder)
        #expect(storeError { _ = try openStore(path) } == .notAFormDatabase(path: path))
        #expect(storeError { _ = try FormDatabase.openForReading(path: path, minimap: testMinimap) } == .notAFormDatabase(path: path))
        #expect(bytes(path) == before && bytes(path + "-wal") == wal)
        #expect(listing(folder) == files)
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
    }

    @Test func aReadOnlyFormctlFileWithItsWALIsReadWholeWithoutASHM() throws {
        let folder = try TemporaryFolder()
        let original = folder.path("original.db")
        try createStore(original)
        let path = folder.path("form.db")
        // The last value lives only in the -wal.
        try FileManager.default.copyItem(atPath: original, toPath: path + ".source")
        var config = Configuration()
        config.prepareDatabase { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        let writer = try DatabaseQueue(path: path + ".source", configuration: config)
        try writer.write { db in try db.execute(sql: "UPDATE field SET value = 'Ada' WHERE key = 'first'") }
        try FileManager.default.copyItem(atPath: path + ".source", toPath: path)
        try FileManager.default.copyItem(atPath: path + ".source-wal", toPath: path + "-wal")
        try writer.close()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + ".source" + suffix) }
        #expect(chmod(path, 0o444) == 0)
        let before = bytes(path), wal = bytes(path + "-wal"), files = listing(folder)

        #expect(storeError { _ = try openStore(path) } == .readOnly(path: path))
        let reader = try FormDatabase.openForReading(path: path, minimap: testMinimap)
        #expect(try reader.field("first").value == "Ada")
        #expect(try reader.history().last?.newValue == "Ada")
        try reader.close()
        #expect(bytes(path) == before && bytes(path + "-wal") == wal)
        #expect(listing(folder) == files)
    }

    @Test func aFlippedBitInTheSchemaFormatIsADamagedFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        var content = try #require(bytes(path))
        content[47] ^= 0x10
        try content.write(to: URL(fileURLWithPath: path))
        #expect(storeError { _ = try openStore(path) } == .notADatabase(path: path))
        #expect(storeError { _ = try FormDatabase.openForReading(path: path, minimap: testMinimap) } == .notADatabase(path: path))
        #expect(bytes(path) == content)
        #expect(hasNoSideFiles(path))
    }
}

@Suite("Paths a user can type")
struct DatabasePathTests {
    @Test func namesThatAreNotFilesAreRefusedBeforeAnythingIsCreated() throws {
        let folder = try TemporaryFolder()
        let cwd = FileManager.default.currentDirectoryPath
        for path in ["", ":memory:", "file::memory:", "file:x.db", "file:\(folder.path("uri.db"))?mode=rwc", folder.path("x.db") + "/",
                     folder.path(String(repeating: "n", count: 300)), folder.path("a") + String(repeating: "/b", count: 2100)] {
            guard case .invalidPath = storeError({ _ = try openStore(path) }) else {
                Issue.record("'\(path.prefix(80))' was not refused as a path")
                continue
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cwd + "/x.db"))
    }

    @Test func pathsThatCannotBeFollowedSayWhy() throws {
        let folder = try TemporaryFolder()
        FileManager.default.createFile(atPath: folder.path("notes.txt"), contents: Data("notes\n".utf8))
        let throughFile = folder.path("notes.txt/form.db")
        #expect({ if case .unreachablePath = storeError({ _ = try openStore(throughFile) }) { true } else { false } }())
        #expect(bytes(folder.path("notes.txt")) == Data("notes\n".utf8))

        try FileManager.default.createSymbolicLink(atPath: folder.path("loop1"), withDestinationPath: folder.path("loop2"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("loop2"), withDestinationPath: folder.path("loop1"))
        #expect({ if case .unreachablePath = storeError({ _ = try openStore(folder.path("loop1")) }) { true } else { false } }())

        try FileManager.default.createSymbolicLink(atPath: folder.path("dangling.db"), withDestinationPath: folder.path("nowhere/x.db"))
        #expect({ if case .unreachablePath = storeError({ _ = try openStore(folder.path("dangling.db")) }) { true } else { false } }())

        let missingFolder = folder.path("no/such/folder.db")
        #expect(storeError { _ = try openStore(missingFolder) } == .noFolder(path: missingFolder, folder: folder.path("no/such")))

        let directory = folder.path("a-folder.db")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        #expect(storeError { _ = try openStore(directory) } == .notADatabase(path: directory))
    }
}

@Suite("No busy without cause")
struct ConcurrentCreationTests {
    @Test func sixteenCreatorsOfOneNewDatabaseAllSucceed() async throws {
        for round in 0..<3 {
            let folder = try TemporaryFolder()
            let path = folder.path("new.db")
            let results = await withTaskGroup(of: FormStoreError?.self) { group in
                for index in 0..<16 {
                    group.addTask {
                        storeError {
                            let store = try openStore(path)
                            try store.setValue(key: "first", value: "writer \(index)")
                            try store.close()
                        }
                    }
                }
                var errors: [FormStoreError?] = []
                for await result in group { errors.append(result) }
                return errors
            }
            #expect(results.compactMap { $0 } == [], "round \(round)")
            #expect(try sqlite3(path, "SELECT count(*) FROM field; SELECT count(*) FROM history WHERE key = 'first' AND old_value IS NOT NULL;") == "5\n16")
            #expect(try sqlite3(path, "PRAGMA integrity_check;") == "ok")
            // No temporary file is left beside it.
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.contains("creating") } == [])
        }
    }

    @Test func setWritesWhatAFullRefreshWould() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)
        defer { try? store.close() }
        try store.showField(key: "twitter")
        for (key, value) in [("first", "Ada"), ("twitter", "@ada"), ("middle", "B"), ("first", "")] {
            try store.setValue(key: key, value: value)
            let stored = try sqlite3(path, "SELECT * FROM minimap_rect ORDER BY z; SELECT key, state, color, length FROM field ORDER BY position;")
            try store.refreshDerived()
            #expect(try sqlite3(path, "SELECT * FROM minimap_rect ORDER BY z; SELECT key, state, color, length FROM field ORDER BY position;") == stored)
            #expect(try sqlite3(path, "SELECT source FROM history ORDER BY id DESC LIMIT 1; SELECT needs_refresh FROM form;") == "formctl\n0")
        }
        // A write by another connection is seen by the next set, which
        // keeps it.
        try sqlite3(path, "UPDATE field SET value = 'Grace' WHERE key = 'last';")
        #expect(try store.setValue(key: "middle", value: "Brewster").state == .valid)
        #expect(try store.field("last").value == "Grace")
    }

    @Test func aPlaceOfAnySizeIsAPlace() throws {
        let folder = try TemporaryFolder()
        let store = try openStore(folder.path("form.db"))
        defer { try? store.close() }
        #expect(try store.moveField(key: "last", index: Int.min).position == 1)
        #expect(try store.moveField(key: "last", index: Int.max).position == 3)
        #expect(try store.addField(key: "phone", label: "Phone", row: 1, index: Int.min).position == 1)
    }
}
