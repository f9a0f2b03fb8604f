import Foundation
import Testing

/// Every `--db` a user can type gets a clear answer, never 70, and a path
/// that is refused creates nothing anywhere in the folder.
@Suite("hostile input: database paths")
struct HostilePathTests {
    struct PathCase: CustomTestStringConvertible, Sendable {
        var name: String
        /// The `--db` argument, from the sandbox folder's path.
        var path: @Sendable (Sandbox) throws -> String
        /// Exit codes allowed for a refusal (every command must be refused).
        var codes: Set<Int32>
        var testDescription: String { name }
    }

    static let commands: [[String]] = [["set", "first", "Ada"], ["get", "first"], ["fields"], ["minimap", "--format", "json"], ["history"]]

    static let cases: [PathCase] = [
        // The issue's repros.
        PathCase(name: "empty", path: { _ in "" }, codes: [64, 66]),
        PathCase(name: ":memory:", path: { _ in ":memory:" }, codes: [64, 66]),
        PathCase(name: "file::memory:", path: { _ in "file::memory:" }, codes: [64, 66]),
        PathCase(name: "a path through a regular file", path: { box in
            try Data("notes\n".utf8).write(to: URL(fileURLWithPath: box.path("notes.txt")))
            return box.path("notes.txt/form.db")
        }, codes: [64, 66, 74]),
        PathCase(name: "a trailing slash", path: { box in box.path("x.db") + "/" }, codes: [64, 66, 74]),
        PathCase(name: "a name longer than the file system allows", path: { box in box.path(String(repeating: "n", count: 300) + ".db") }, codes: [64, 66]),
        PathCase(name: "a path longer than PATH_MAX", path: { box in
            box.folder.path + String(repeating: "/long-folder-name", count: 300) + "/form.db"
        }, codes: [64, 66]),
        PathCase(name: "a symlink loop", path: { box in
            try FileManager.default.createSymbolicLink(atPath: box.path("loop-a.db"), withDestinationPath: box.path("loop-b.db"))
            try FileManager.default.createSymbolicLink(atPath: box.path("loop-b.db"), withDestinationPath: box.path("loop-a.db"))
            return box.path("loop-a.db")
        }, codes: [64, 66, 74]),
        // More of each kind.
        PathCase(name: "file:form.db?mode=memory", path: { _ in "file:form.db?mode=memory" }, codes: [64, 66]),
        PathCase(name: "file:memdb1?mode=memory&cache=shared", path: { _ in "file:memdb1?mode=memory&cache=shared" }, codes: [64, 66]),
        PathCase(name: "a folder", path: { box in box.folder.path }, codes: [64, 66, 74]),
        PathCase(name: "a folder with a trailing slash", path: { box in box.folder.path + "/" }, codes: [64, 66, 74]),
        PathCase(name: "an existing formctl file with a trailing slash", path: { box in
            try box.createDatabase()
            return box.db + "/"
        }, codes: [64, 66, 74]),
        PathCase(name: "a missing folder", path: { box in box.path("missing/form.db") }, codes: [66]),
        PathCase(name: "a symlink into a missing folder", path: { box in
            try FileManager.default.createSymbolicLink(atPath: box.path("dangling.db"), withDestinationPath: box.path("missing/form.db"))
            return box.path("dangling.db")
        }, codes: [64, 66]),
        PathCase(name: "a self-referencing symlink", path: { box in
            try FileManager.default.createSymbolicLink(atPath: box.path("self.db"), withDestinationPath: box.path("self.db"))
            return box.path("self.db")
        }, codes: [64, 66, 74]),
        PathCase(name: "/dev/null", path: { _ in "/dev/null" }, codes: [64, 66, 74, 77]),
        PathCase(name: "a FIFO", path: { box in
            guard mkfifo(box.path("pipe.db"), 0o644) == 0 else { throw TestFailure("mkfifo failed") }
            return box.path("pipe.db")
        }, codes: [64, 66, 74]),
    ]

    @Test("a path formctl cannot use: a documented refusal from every command, nothing created or changed", arguments: cases)
    func refusedPath(path: PathCase) throws {
        let box = try Sandbox()
        let db = try path.path(box)
        let before = box.snapshot
        for command in Self.commands {
            let result = try box.formctl(command, db: db, timeout: 30)
            expectDocumented(result, path.codes, "--db \(path.name), \(command.joined(separator: " "))")
            #expect(box.snapshot.changes(since: before).isEmpty, "--db \(path.name), \(command): \(box.snapshot.changes(since: before))")
        }
        // The same through $FORMCTL_DB.
        let viaEnvironment = try box.formctl(["get", "first"], useDB: false, environment: ["FORMCTL_DB": db], timeout: 30)
        if !db.isEmpty {
            expectDocumented(viaEnvironment, path.codes, "FORMCTL_DB=\(path.name)")
        } else {
            expectDocumented(viaEnvironment, nil, "FORMCTL_DB=''")
        }
    }

    @Test("the issue's trailing slash: no x.db appears, and later commands still answer the same")
    func trailingSlashCreatesNothing() throws {
        let box = try Sandbox()
        for _ in 0..<3 {
            let set = try box.formctl(["set", "first", "Ada"], db: box.path("x.db") + "/")
            expectDocumented(set, [64, 66, 74], "set --db x.db/")
            #expect(!FileManager.default.fileExists(atPath: box.path("x.db")), "x.db was created")
        }
    }

    @Test("odd but valid file names are ordinary files", arguments: ["form.db?mode=memory", "line\nbreak.db", "-form.db", " spaced .db", "ünïcödé 東京.db", "file:form.db"])
    func oddNames(name: String) throws {
        let box = try Sandbox()
        let set = try box.formctl(["set", "first", "Ada"], db: box.path(name), timeout: 30)
        expectDocumented(set, [0, 64, 66], "--db \(name)")
        if set.succeeded {
            #expect(FileManager.default.fileExists(atPath: box.path(name)), "\(name) is not where it was asked to be: \(box.snapshot)")
            try box.expectRoundTrip("first", "Ada", db: box.path(name))
        }
    }

    @Test("no permission to the folder: 77 (skipped as root, who has every permission)")
    func noPermission() throws {
        guard geteuid() != 0 else { return }
        let box = try Sandbox()
        let folder = box.path("locked")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        chmod(folder, 0o555)
        let set = try box.formctl(["set", "first", "Ada"], db: folder + "/form.db")
        expectDocumented(set, [77], "set in a read-only folder")
    }
}
