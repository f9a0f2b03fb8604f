import Foundation
import Testing

/// The exit codes the README's table documents. 70 (internal error) is
/// documented too, but a hostile input must never produce it.
let documentedExitCodes: Set<Int32> = [0, 1, 64, 65, 66, 74, 75, 77, 78]

/// What every hostile case asserts about one formctl run: it finished
/// within its bound (no timeout), no signal, no trap, not 70, an exit code
/// from the README's table (and from `allowed` when given), and a message
/// on standard error for an error (64 and up).
func expectDocumented(_ result: ProcessResult, _ allowed: Set<Int32>? = nil, _ what: String = "",
                      sourceLocation: SourceLocation = #_sourceLocation) {
    let label = what.isEmpty ? "" : "\(what): "
    #expect(!result.timedOut, "\(label)did not finish: \(result)", sourceLocation: sourceLocation)
    #expect(!result.looksLikeCrash, "\(label)crashed: \(result)", sourceLocation: sourceLocation)
    #expect(result.status != 70 || result.signalled, "\(label)internal error (70): \(result)", sourceLocation: sourceLocation)
    #expect(!result.signalled && documentedExitCodes.contains(result.status),
            "\(label)undocumented exit: \(result)", sourceLocation: sourceLocation)
    if let allowed {
        #expect(!result.signalled && allowed.contains(result.status),
                "\(label)expected exit in \(allowed.sorted()): \(result)", sourceLocation: sourceLocation)
    }
    // `get` and `check` answer 1 on standard output; errors (64 and up)
    // must say why on standard error.
    if result.status >= 64 && !result.signalled {
        #expect(!result.stderr.isEmpty, "\(label)failed without a message: \(result)", sourceLocation: sourceLocation)
    }
}

/// Every entry under a folder with its contents: a file's bytes, a
/// symlink's target, a folder's mere presence, so that "left untouched, no
/// new file beside it" is one comparison.
struct FolderSnapshot: Equatable, CustomStringConvertible {
    private(set) var entries: [String: Data] = [:]

    init(_ folder: URL) {
        let manager = FileManager.default
        guard let names = try? manager.subpathsOfDirectory(atPath: folder.path) else { return }
        for name in names {
            let path = folder.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                entries[name] = Data(("symlink → " + ((try? manager.destinationOfSymbolicLink(atPath: path)) ?? "?")).utf8)
            case S_IFREG:
                entries[name] = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data("unreadable".utf8)
            case S_IFDIR:
                entries[name] = Data("folder".utf8)
            default:
                entries[name] = Data("special file \(info.st_mode)".utf8)
            }
        }
    }

    /// What differs from `earlier`, in words.
    func changes(since earlier: FolderSnapshot) -> [String] {
        var changes: [String] = []
        for (name, data) in entries.sorted(by: { $0.key < $1.key }) {
            if let before = earlier.entries[name] {
                if before != data { changes.append("\(name) changed (\(before.count) → \(data.count) bytes)") }
            } else {
                changes.append("\(name) is new (\(data.count) bytes)")
            }
        }
        for name in earlier.entries.keys.sorted() where entries[name] == nil { changes.append("\(name) was removed") }
        return changes
    }

    var description: String { entries.keys.sorted().joined(separator: ", ") }
}

/// Runs a SQL script with the sqlite3 shell, reading it from standard
/// input (so that dot-commands work too); the result whatever it is.
func runSQLScript(_ sql: String, db: String) throws -> ProcessResult {
    try ChildProcess.run(try SQLiteShell.executable, ["-batch", "-bail", "-cmd", ".timeout 10000", db],
                         stdin: Data(sql.utf8), environment: childEnvironment(), timeout: 60)
}

extension Sandbox {
    /// A snapshot of the whole sandbox folder.
    var snapshot: FolderSnapshot { FolderSnapshot(folder) }

    /// Runs a SQL script with the sqlite3 shell (standard input, so that
    /// dot-commands work too); the result whatever it is.
    @discardableResult
    func sqlite(_ sql: String, db: String? = nil) throws -> ProcessResult {
        try runSQLScript(sql, db: db ?? self.db)
    }

    /// Copies `db` and its `-wal` while a sqlite3 process keeps the
    /// database open after running `sql` (a closing sqlite3 checkpoints and
    /// deletes its WAL): the copy is a database whose last transactions
    /// live only in its `-wal` file, as a crashed or running program leaves.
    func walPair(from db: String, after sql: String, to copy: String) throws {
        let shell = try ChildProcess(try SQLiteShell.executable, ["-batch", db], input: .open,
                                     environment: childEnvironment(), currentDirectory: folder)
        shell.write("PRAGMA journal_mode = WAL;\nPRAGMA wal_autocheckpoint = 0;\n" + sql + "\n.print ready\n")
        guard shell.waitForOutput(containing: "ready", timeout: 30) else {
            shell.closeInput()
            throw TestFailure("sqlite3 did not run the script: \(shell.wait(timeout: 10))")
        }
        let manager = FileManager.default
        for suffix in ["", "-wal"] {
            try? manager.removeItem(atPath: copy + suffix)
            try manager.copyItem(atPath: db + suffix, toPath: copy + suffix)
        }
        shell.closeInput()
        _ = shell.wait(timeout: 30)
    }

    /// `formctl ARGUMENTS` on a refused or read-only file: `expected`
    /// exits and the sandbox exactly as it was (no file changed, none new).
    func expectUntouched(_ commands: [[String]], db: String? = nil, _ expected: Set<Int32>, _ what: String,
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = snapshot
        for command in commands {
            let result = try formctl(command, db: db, timeout: 30)
            expectDocumented(result, expected, "\(what), \(command.joined(separator: " "))", sourceLocation: sourceLocation)
            let changes = snapshot.changes(since: before)
            #expect(changes.isEmpty, "\(what), \(command.joined(separator: " ")) touched the folder: \(changes)",
                    sourceLocation: sourceLocation)
        }
    }

    /// Asserts that `key` holds exactly `value` through `get`, `get --json`
    /// and the sqlite3 shell.
    func expectRoundTrip(_ key: String, _ value: String, db: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let get = try formctl(["get", key], db: db, timeout: 60)
        expectDocumented(get, [0], "get \(key)", sourceLocation: sourceLocation)
        #expect(get.stdout == Data((value + "\n").utf8), "get \(key) printed \(get.stdout.count) bytes, expected \(value.utf8.count + 1)",
                sourceLocation: sourceLocation)
        let json = try formctl(["get", key, "--json"], db: db, timeout: 60)
        expectDocumented(json, [0], "get \(key) --json", sourceLocation: sourceLocation)
        let object = try? json.stdout.json() as? [String: Any]
        #expect(object?["value"] as? String == value, "get --json value differs", sourceLocation: sourceLocation)
        #expect(number(object?["length"]) == Double(value.count), "get --json length \(String(describing: object?["length"])), expected \(value.count)",
                sourceLocation: sourceLocation)
        let stored = try self.value("SELECT hex(value) FROM field WHERE key = '\(key)'", db: db)
        #expect(stored == value.utf8Hex, "sqlite3 sees other bytes than were set", sourceLocation: sourceLocation)
    }
}
