import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Files formctl must refuse, leaving them byte for byte as they were.
@Suite("refused files are left untouched")
struct RefusedFileTests {
    /// Runs a reading and a writing command on the sandbox's database and
    /// expects each to fail with `code`, without a crash and without
    /// changing the file or leaving side files behind.
    private func expectRefused(_ box: Sandbox, code: Int32, commands: [[String]] = [["get", "first"], ["set", "first", "Jo"], ["minimap"]],
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try box.bytes()
        let sideFiles = ["-wal", "-shm", "-journal"].filter { FileManager.default.fileExists(atPath: box.db + $0) }
        for command in commands {
            let result = try box.formctl(command)
            #expect(isError(result, code), "\(result)", sourceLocation: sourceLocation)
            #expect(result.stdout.isEmpty, "\(result)", sourceLocation: sourceLocation)
            #expect(!result.stderrText.lowercased().contains("database is locked"), sourceLocation: sourceLocation)
            #expect(try box.bytes() == before, "\(command) changed the file", sourceLocation: sourceLocation)
        }
        let after = ["-wal", "-shm", "-journal"].filter { FileManager.default.fileExists(atPath: box.db + $0) }
        #expect(after == sideFiles, "side files appeared: \(after)", sourceLocation: sourceLocation)
    }

    @Test("a text file is not a database: 74")
    func textFile() throws {
        let box = try Sandbox()
        try Data("first,middle,last\nJo,,Smith\n".utf8).write(to: URL(fileURLWithPath: box.db))
        try expectRefused(box, code: 74)
    }

    @Test("a file of random bytes that starts like SQLite: 74")
    func fakeHeader() throws {
        let box = try Sandbox()
        var generator = SeededGenerator(seed: 74)
        var bytes = Array("SQLite format 3\0".utf8)
        bytes += (0..<8192 - bytes.count).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(bytes).write(to: URL(fileURLWithPath: box.db))
        try expectRefused(box, code: 74)
    }

    @Test("a folder where the database should be: 74, left alone")
    func folderAsDatabase() throws {
        let box = try Sandbox()
        try FileManager.default.createDirectory(atPath: box.db, withIntermediateDirectories: false)
        for command in [["get", "first"], ["set", "first", "Jo"]] {
            let result = try box.formctl(command)
            #expect(isError(result, 74), "\(result)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.db).isEmpty)
    }

    @Test("someone else's SQLite database: 74, no formctl tables added")
    func foreignDatabase() throws {
        let box = try Sandbox()
        try box.exec("CREATE TABLE invoice (id INTEGER PRIMARY KEY, total REAL); INSERT INTO invoice (total) VALUES (12.5), (99);")
        try expectRefused(box, code: 74)
        #expect(try box.value("SELECT group_concat(name) FROM sqlite_master WHERE type = 'table'") == "invoice")
    }

    /// A formctl database with values, closed (a single file), and its page size.
    private func formDatabase(_ box: Sandbox) throws -> Int {
        try box.ok(["set", "first", "Jo"])
        try box.ok(["set", "last", String(repeating: "Smith", count: 200)])
        try box.ok(["field", "show", "twitter"])
        #expect(!FileManager.default.fileExists(atPath: box.db + "-wal"), "formctl left a -wal file after closing")
        return Int(try box.value("PRAGMA page_size") ?? "") ?? 4096
    }

    @Test("a formctl database damaged from the middle of page 2 on: 74, file unchanged")
    func damagedPages() throws {
        let box = try Sandbox()
        let pageSize = try formDatabase(box)
        var bytes = try box.bytes()
        let pages = bytes.count / pageSize
        #expect(pages >= 4)
        // From the middle of page 2 to the end, every byte 0xA5: not a valid
        // b-tree page type, not a valid record header.
        for index in (pageSize + pageSize / 2)..<bytes.count { bytes[index] = 0xA5 }
        try bytes.write(to: URL(fileURLWithPath: box.db))
        try expectRefused(box, code: 74)
    }

    @Test("a formctl database whose table pages are overwritten in their middles: refused, file unchanged")
    func damagedMiddles() throws {
        let box = try Sandbox()
        let pageSize = try formDatabase(box)
        var bytes = try box.bytes()
        // Page 2 onwards, the middle half of each page.
        for page in 1..<(bytes.count / pageSize) {
            let start = page * pageSize
            for index in (start + pageSize / 4)..<(start + 3 * pageSize / 4) { bytes[index] = 0xA5 }
        }
        try bytes.write(to: URL(fileURLWithPath: box.db))
        let before = try box.bytes()
        // SQLite may not read every damaged byte; whatever a command does, it
        // must not crash, and a write it cannot do safely is refused.
        for command in [["get", "first"], ["set", "first", "Ann"], ["fields"]] {
            let result = try box.formctl(command)
            #expect(!result.looksLikeCrash, "\(result)")
            #expect(result.status == 0 || isError(result, 74), "\(result)")
            if result.status != 0 {
                #expect(try box.bytes() == before, "\(command) failed and changed the file")
            }
        }
    }

    @Test("a formctl database cut short: 74, file unchanged")
    func truncated() throws {
        let box = try Sandbox()
        let pageSize = try formDatabase(box)
        let bytes = try box.bytes()
        try bytes.prefix(pageSize * 2 + pageSize / 3).write(to: URL(fileURLWithPath: box.db))
        try expectRefused(box, code: 74)
    }

    @Test("a schema from a newer formctl: 78, file unchanged",
          arguments: [
              // Past the newest migration this build carries (0003).
              "INSERT INTO schema_migration (version, name) VALUES (99, '0099_future'); PRAGMA user_version = 99;",
              "INSERT INTO schema_migration (version, name) VALUES (99, '0099_future');",
              "PRAGMA user_version = 99;",
          ])
    func schemaTooNew(sql: String) throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Jo"])
        try box.exec(sql)
        try expectRefused(box, code: 78)
        let result = try box.formctl(["get", "first"])
        #expect(result.stderrText.contains("newer"), "the message says why: \(result)")
    }

    @Test("a read-only file (chmod 0444): 77, file unchanged")
    func readOnlyFile() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Jo"])
        #expect(chmod(box.db, 0o444) == 0)
        try expectRefused(box, code: 77, commands: [["set", "first", "Ann"], ["field", "show", "twitter"], ["row", "width", "2", "400"]])
        #expect(chmod(box.db, 0o644) == 0)
        #expect(try box.value("SELECT value FROM field WHERE key = 'first'") == "Jo")
    }

    @Test("a read-only file can still be read (get, fields, minimap, history, check); its bytes stay the same")
    func readOnlyFileIsReadable() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Jo"])
        // An edit behind formctl's back leaves minimap_rect stale on disk.
        try box.exec("UPDATE field SET value = 'Josephine' WHERE key = 'first'")
        #expect(chmod(box.db, 0o444) == 0)
        defer { chmod(box.db, 0o644) }
        let before = try box.bytes()
        #expect(try box.ok(["get", "first"]).stdoutText == "Josephine\n")
        #expect(try box.ok(["fields"]).stdoutText.contains("Josephine"))
        let minimap = try box.ok(["minimap", "--format", "json"]).stdout
        let rects = try #require((try JSONSerialization.jsonObject(with: minimap) as? [String: Any])?["rects"] as? [[String: Any]])
        let first = rects.first { $0["key"] as? String == "first" && $0["kind"] as? String == "field" }
        #expect(first?["color"] as? String == "green", "computed in memory, not the stale yellow on disk")
        #expect(try box.ok(["history", "first"]).stdoutText.contains("Josephine"))
        #expect(try box.formctl(["check"]).exitCode == 1)
        #expect(try box.bytes() == before)
    }

    @Test("a database in a read-only folder: 77, file unchanged")
    func readOnlyFolder() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Jo"])
        #expect(chmod(box.folder.path, 0o555) == 0)
        defer { chmod(box.folder.path, 0o755) }
        try expectRefused(box, code: 77, commands: [["set", "first", "Ann"]])
    }

    @Test("a database locked by sqlite3 longer than the busy timeout: 75 after at least 5 s, no crash")
    func busy() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Jo"])
        // sqlite3 takes the write lock and keeps it while its stdin is open.
        let holder = try ChildProcess(SQLiteShell.executable, ["-batch", box.db], input: .open,
                                      environment: childEnvironment(), currentDirectory: box.folder)
        holder.write("BEGIN IMMEDIATE;\nSELECT 'locked';\n")
        guard holder.waitForOutput(containing: "locked", timeout: 30) else {
            holder.closeInput()
            throw TestFailure("sqlite3 did not take the lock: \(holder.wait(timeout: 10))")
        }
        let result = try box.formctl(["set", "first", "Ann"], timeout: 120)
        holder.write("ROLLBACK;\n.quit\n")
        holder.closeInput()
        let holderResult = holder.wait(timeout: 30)
        #expect(holderResult.succeeded, "\(holderResult)")

        #expect(isError(result, 75), "\(result)")
        #expect(result.seconds >= 5, "gave up before the 5 s busy timeout: \(result.seconds) s")
        #expect(result.seconds < 60, "\(result.seconds) s")
        #expect(!result.stderrText.contains("database is locked"), "a raw SQLite message: \(result)")
        #expect(result.stderrText.lines.count == 1, "one message, no backtrace: \(result)")
        #expect(try box.value("SELECT value FROM field WHERE key = 'first'") == "Jo")
        // And once the lock is gone, the same command works.
        try box.ok(["set", "first", "Ann"])
    }
}
