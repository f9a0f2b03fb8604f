import FormKit
import Foundation
import Synchronization
import Testing

@Suite("FormSession: a form held open, with change notices")
struct FormSessionTests {
    @Test("a write through another connection (a plain StoredForm) is noticed and read")
    func noticesAnotherConnection() throws {
        let temporary = try TemporaryForm()
        let session = try FormSession(file: temporary.form)
        defer { session.close() }
        let before = session.changeCount()
        #expect(session.changeCount() == before, "nothing changed, nothing noticed")
        try temporary.form.set("first", to: "Ada")
        #expect(session.changeCount() > before)
        #expect(try session.file.field("first").value == "Ada")
    }

    @Test("a write through the session itself is noticed, and a stream tells it as the session's")
    func noticesItsOwnWrite() async throws {
        let temporary = try TemporaryForm()
        let session = try FormSession(file: temporary.form)
        defer { session.close() }
        let changes = session.changes()
        let before = session.changeCount()
        try session.file.set("last", to: "Lovelace")
        #expect(session.changeCount() > before)
        let change = await Self.first(of: changes)
        #expect(change?.source == .session)
        #expect(try temporary.form.field("last").value == "Lovelace", "committed: another connection reads it")
    }

    @Test("a stream tells of another connection's write without being asked")
    func streamsAnotherConnection() async throws {
        let temporary = try TemporaryForm()
        let session = try FormSession(file: temporary.form)
        defer { session.close() }
        let changes = session.changes()
        try temporary.form.set("email", to: "ada@example.com")
        let change = await Self.first(of: changes)
        #expect(change?.source == .elsewhere)
        #expect(try session.file.field("email").state == .valid)
    }

    @Test("a write by the sqlite3 shell is noticed, and the derived data refreshed on reading")
    func noticesTheShell() throws {
        let temporary = try TemporaryForm()
        let session = try FormSession(file: temporary.form)
        defer { session.close() }
        let before = session.changeCount()
        try Self.sqlite3(temporary.form.path, "UPDATE field SET value = 'Ada' WHERE key = 'first';")
        #expect(session.changeCount() > before)
        #expect(try session.file.field("first").value == "Ada")
        #expect(try session.file.title().text.hasPrefix("Hello Ada"))
    }

    @Test("a read answers while the session's own write waits for another process's write lock")
    func readerDoesNotWaitForWriter() throws {
        let temporary = try TemporaryForm()
        let session = try FormSession(file: temporary.form)
        defer { session.close() }
        try session.file.set("first", to: "Old")

        // sqlite3 takes the write lock and keeps it until `release` exists.
        let locked = temporary.folder.appendingPathComponent("locked").path
        let release = temporary.folder.appendingPathComponent("release").path
        let shell = try Self.startSQLite3(temporary.form.path, """
            BEGIN IMMEDIATE;
            UPDATE field SET label = label WHERE key = 'middle';
            .shell touch \(locked)
            .shell while [ ! -e \(release) ]; do sleep 0.01; done
            COMMIT;
            """)
        defer { shell.terminate() }
        while !FileManager.default.fileExists(atPath: locked) { Thread.sleep(forTimeInterval: 0.01) }

        // The session's writer now waits for the lock (up to the busy timeout)...
        let written = Mutex<Bool?>(nil)
        let writer = Thread {
            let saved = (try? session.file.set("first", to: "New")) != nil
            written.withLock { $0 = saved }
        }
        writer.start()
        // Time for the writer to reach the lock. Not a condition: nothing
        // tells from outside that it waits; the checks below hold whether
        // it does yet or not (sqlite3 holds the lock until `release`).
        Thread.sleep(forTimeInterval: 0.2)
        // ...and a read through the same session answers meanwhile.
        #expect(try session.file.field("first").value == "Old")
        #expect(written.withLock { $0 } == nil, "the write was still waiting when the read answered")

        _ = FileManager.default.createFile(atPath: release, contents: nil)
        shell.waitUntilExit()
        while written.withLock({ $0 }) == nil { Thread.sleep(forTimeInterval: 0.01) }
        #expect(written.withLock { $0 } == true)
        #expect(try session.file.field("first").value == "New")
    }

    @Test("a read-only file opens for reading: reads work, writes throw readOnly")
    func readOnlyFile() throws {
        let temporary = try TemporaryForm()
        try temporary.form.set("first", to: "Ada")
        #expect(chmod(temporary.form.path, 0o444) == 0)
        let session = try FormSession(file: temporary.form)
        defer { session.close() }
        #expect(session.isReadOnly)
        #expect(try session.file.field("first").value == "Ada")
        defer { chmod(temporary.form.path, 0o644) }
        let refused = error { () throws(FormKitError) in try session.file.set("first", to: "Bea") }
        var isReadOnly = false
        if case .store(.readOnly)? = refused { isReadOnly = true }
        #expect(isReadOnly, "refused with \(String(describing: refused))")
    }

    @Test("closing checkpoints: the file is whole again, with no -wal or -shm beside it")
    func closeCheckpoints() throws {
        let temporary = try TemporaryForm()
        let session = try FormSession(file: temporary.form)
        try session.file.set("first", to: "Ada")
        #expect(FileManager.default.fileExists(atPath: temporary.form.path + "-wal"))
        session.close()
        #expect(!FileManager.default.fileExists(atPath: temporary.form.path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: temporary.form.path + "-shm"))
    }

    @Test("a read-only file with a live WAL: the session reads it live and notices others' writes")
    func readOnlyFileNoticesChanges() throws {
        let temporary = try TemporaryForm()
        // A writer that keeps the file open keeps its -wal and -shm there.
        let writer = try FormSession(file: temporary.form)
        defer { writer.close() }
        try writer.file.set("first", to: "Ada")
        #expect(chmod(temporary.form.path, 0o444) == 0)
        defer { chmod(temporary.form.path, 0o644) }
        let reader = try FormSession(file: temporary.form)
        defer { reader.close() }
        #expect(reader.isReadOnly)
        let before = reader.changeCount()
        try writer.file.set("first", to: "Bea")
        #expect(reader.changeCount() > before)
        #expect(try reader.file.field("first").value == "Bea")
    }

    @Test("a file deleted while open: the session keeps reading and writing the file it opened, and recreates none")
    func deletedWhileOpen() throws {
        let temporary = try TemporaryForm()
        let session = try FormSession(file: temporary.form)
        try session.file.set("first", to: "Ada")
        #expect(unlink(temporary.form.path) == 0)
        #expect(try session.file.field("first").value == "Ada")
        #expect(try session.file.set("last", to: "Lovelace").value == "Lovelace")
        #expect(try session.file.field("last").value == "Lovelace")
        session.close()
        #expect(!FileManager.default.fileExists(atPath: temporary.form.path))
    }

    @Test("closing ends the streams")
    func closeEndsStreams() async throws {
        let temporary = try TemporaryForm()
        let session = try FormSession(file: temporary.form)
        let changes = session.changes()
        session.close()
        var count = 0
        for await _ in changes { count += 1 }
        #expect(count == 0)
    }

    /// The first notice of `changes`, or nil after two minutes (a bound
    /// for a broken stream, far above any wait: the whole suite may keep
    /// this task from running for minutes).
    private static func first(of changes: AsyncStream<FormChange>) async -> FormChange? {
        await withTaskGroup(of: FormChange?.self) { group in
            group.addTask {
                for await change in changes { return change }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(120))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    private static func sqlite3(_ path: String, _ sql: String) throws {
        let process = try startSQLite3(path, sql)
        process.waitUntilExit()
        if process.terminationStatus != 0 { throw CocoaError(.fileWriteUnknown) }
    }

    private static func startSQLite3(_ path: String, _ script: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", "-bail", path]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data((script + "\n").utf8))
        try input.fileHandleForWriting.close()
        return process
    }
}
