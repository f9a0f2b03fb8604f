import FormModel
import Foundation
import Testing
@testable import FormStore

/// Files the store must refuse, leaving them byte for byte as they were.
@Suite("Refused files") struct RefusalTests {
    @Test func missingFileIsNotCreatedUnlessAsked() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("missing.db")
        #expect(storeError { _ = try openStore(path, create: false) } == .noDatabase(path: path))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(storeError { _ = try openStore(folder.path("no/such/folder.db")) } != nil)
    }

    @Test func nonSQLiteFilesAreRefusedUntouched() throws {
        let folder = try TemporaryFolder()
        let cases: [(String, Data)] = [
            ("text.db", Data(String(repeating: "not a database, just some text\n", count: 200).utf8)),
            ("short.db", Data("SQLite format 3\0".utf8)),
            ("header-only.db", Data("SQLite format 3\0".utf8) + Data(repeating: 0xA5, count: 4096)),
        ]
        for (name, content) in cases {
            let path = folder.path(name)
            _ = FileManager.default.createFile(atPath: path, contents: content)
            #expect(storeError { _ = try openStore(path, create: true) } == .notADatabase(path: path), "\(name)")
            #expect(bytes(path) == content)
            #expect(hasNoSideFiles(path))
        }
        let directory = folder.path("a-folder.db")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        #expect(storeError { _ = try openStore(directory) } == .notADatabase(path: directory))
    }

    @Test func corruptDatabaseIsRefusedUntouched() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("corrupt.db")
        try createStore(path)
        var content = try #require(bytes(path))
        // Keep the 100-byte header, scramble the schema page that follows.
        for index in 100..<4096 { content[index] = UInt8(truncatingIfNeeded: index &* 131) }
        try content.write(to: URL(fileURLWithPath: path))
        #expect(storeError { _ = try openStore(path) } == .notADatabase(path: path))
        #expect(bytes(path) == content)
        #expect(hasNoSideFiles(path))
    }

    @Test func someoneElsesDatabaseIsRefusedUntouched() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("notes.db")
        try sqlite3(path, "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me');")
        let before = bytes(path)
        #expect(storeError { _ = try openStore(path) } == .notAFormDatabase(path: path))
        #expect(bytes(path) == before)
        #expect(hasNoSideFiles(path))
    }

    @Test func newerSchemaIsRefusedUntouched() throws {
        let folder = try TemporaryFolder()
        let known = FormDatabase.knownSchemaVersion

        let byMigration = folder.path("migration.db")
        try createStore(byMigration)
        try sqlite3(byMigration, "INSERT INTO schema_migration (version, name) VALUES (\(known + 1), '9999_from_the_future');")
        let before = bytes(byMigration)
        let error = storeError { _ = try openStore(byMigration, create: false) }
        #expect(error == .schemaTooNew(found: known + 1, known: known))
        #expect(error?.description.contains("newer formctl") == true)
        #expect(bytes(byMigration) == before)
        #expect(hasNoSideFiles(byMigration))

        let byVersion = folder.path("version.db")
        try createStore(byVersion)
        try sqlite3(byVersion, "PRAGMA user_version = 42;")
        let versionBefore = bytes(byVersion)
        #expect(storeError { _ = try openStore(byVersion, create: false) } == .schemaTooNew(found: 42, known: known))
        #expect(bytes(byVersion) == versionBefore)
        #expect(hasNoSideFiles(byVersion))

        let renamed = folder.path("renamed.db")
        try createStore(renamed)
        try sqlite3(renamed, "UPDATE schema_migration SET name = '0001_something_else' WHERE version = 1;")
        #expect(storeError { _ = try openStore(renamed, create: false) } == .schemaTooNew(found: known, known: known))
    }

    /// Tests run as root, who may write any file whatever its mode, so the
    /// store treats a file without any write bit as read-only on purpose.
    @Test func readOnlyFileIsRefusedUntouched() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        let before = bytes(path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let error = storeError { _ = try openStore(path, create: false) }
        #expect(error == .readOnly(path: path))
        #expect(error?.description.contains("chmod u+w") == true)
        #expect(bytes(path) == before)
        #expect(hasNoSideFiles(path))
    }

    @Test func readOnlyFolderIsRefused() throws {
        let folder = try TemporaryFolder()
        let inner = folder.path("inner")
        try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: false)
        let path = inner + "/form.db"
        try createStore(path)
        let before = bytes(path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: inner)
        defer { _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: inner) }
        #expect(storeError { _ = try openStore(path, create: false) } == .readOnly(path: path))
        #expect(storeError { _ = try openStore(inner + "/new.db", create: true) } == .readOnly(path: inner + "/new.db"))
        #expect(bytes(path) == before)
        #expect(!FileManager.default.fileExists(atPath: inner + "/new.db"))
    }

    @Test func lockedDatabaseReportsBusy() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path, busyTimeout: 0.2)
        defer { try? store.close() }

        // A sqlite3 shell holding the write lock until `release` exists.
        let marker = folder.path("locked")
        let release = folder.path("release")
        let shell = Process()
        shell.executableURL = try sqlite3Executable()
        shell.arguments = ["-batch", "-init", "/dev/null", path, "BEGIN IMMEDIATE;",
                           ".shell touch '\(marker)'; while [ ! -e '\(release)' ]; do sleep 0.01; done", "COMMIT;"]
        shell.standardOutput = FileHandle.nullDevice
        try shell.run()
        defer {
            _ = FileManager.default.createFile(atPath: release, contents: nil)
            shell.waitUntilExit()
        }
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: marker) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(FileManager.default.fileExists(atPath: marker))
        #expect(storeError { try store.setValue(key: "first", value: "x") } == .busy(path: path))
        _ = FileManager.default.createFile(atPath: release, contents: nil)
        shell.waitUntilExit()
        #expect(try store.setValue(key: "first", value: "x").value == "x")
    }
}
