import Foundation

/// A failure the test helpers report by throwing: the test stops there and
/// shows the message.
struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The formctl binary under test.
enum Formctl {
    /// `$FORMCTL_BIN` if set, else the `formctl` SwiftPM built next to the
    /// test bundle (`.build*/debug/formctl`, beside
    /// `formctlPackageTests.xctest`).
    static func binary() throws -> URL {
        try located.get()
    }

    private static let located: Result<URL, TestFailure> = {
        let fileManager = FileManager.default
        if let override = ProcessInfo.processInfo.environment["FORMCTL_BIN"], !override.isEmpty {
            let url = URL(fileURLWithPath: override)
            return fileManager.isExecutableFile(atPath: url.path)
                ? .success(url) : .failure(TestFailure("FORMCTL_BIN=\(override) is not an executable file"))
        }
        var starts = [URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()]
        if let executable = Bundle.main.executableURL { starts.append(executable.resolvingSymlinksInPath()) }
        starts.append(Bundle.main.bundleURL.resolvingSymlinksInPath())
        var tried: [String] = []
        for start in starts {
            // The bundle may be a directory (…/x.xctest/Contents/MacOS/x):
            // look in a few folders upwards.
            var folder = start.deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = folder.appendingPathComponent("formctl")
                tried.append(candidate.path)
                var isDirectory: ObjCBool = false
                if fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                   fileManager.isExecutableFile(atPath: candidate.path) {
                    return .success(candidate)
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        return .failure(TestFailure("no formctl binary found beside the test bundle (tried \(tried.joined(separator: ", "))); build it or set FORMCTL_BIN"))
    }()

    /// Runs formctl with exactly these arguments.
    static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String?] = [:],
                    in folder: URL? = nil, timeout: TimeInterval = 60) throws -> ProcessResult {
        try ChildProcess.run(try binary(), arguments, stdin: stdin, environment: childEnvironment(environment),
                             currentDirectory: folder, timeout: timeout)
    }
}

/// A temporary folder of one's own, removed when the test is done, with a
/// database path in it and shortcuts to run formctl and sqlite3 on it.
final class Sandbox: @unchecked Sendable {
    let folder: URL
    /// `form.db` in the folder (not created until formctl creates it).
    let db: String

    init() throws {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("formctl-e2e.XXXXXX").utf8CString)
        guard let created = mkdtemp(&template) else { throw TestFailure("mkdtemp failed: errno \(errno)") }
        folder = URL(fileURLWithPath: String(cString: created), isDirectory: true)
        db = folder.appendingPathComponent("form.db").path
    }

    deinit {
        // Tests take write permission away; give it back so that the whole
        // tree can go.
        if let walker = FileManager.default.enumerator(atPath: folder.path) {
            chmod(folder.path, 0o755)
            while let name = walker.nextObject() as? String {
                chmod(folder.appendingPathComponent(name).path, 0o755)
            }
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// A path inside the sandbox.
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Runs `formctl ARGUMENTS` with `--db PATH` inserted after the
    /// subcommand (`db: nil` leaves it out).
    @discardableResult
    func formctl(_ arguments: [String], db: String? = nil, useDB: Bool = true, stdin: Data? = nil,
                 environment: [String: String?] = [:], in folder: URL? = nil,
                 timeout: TimeInterval = 60) throws -> ProcessResult {
        var arguments = arguments
        if useDB, !arguments.isEmpty {
            let subcommandWords = ["field", "row", "page", "repeat"].contains(arguments[0]) ? 2 : 1
            arguments.insert(contentsOf: ["--db", db ?? self.db], at: min(subcommandWords, arguments.count))
        }
        return try Formctl.run(arguments, stdin: stdin, environment: environment, in: folder ?? self.folder, timeout: timeout)
    }

    /// `formctl(…)` that must exit 0 and not crash; throws with everything
    /// the process printed otherwise.
    @discardableResult
    func ok(_ arguments: [String], db: String? = nil, stdin: Data? = nil,
            environment: [String: String?] = [:]) throws -> ProcessResult {
        let result = try formctl(arguments, db: db, stdin: stdin, environment: environment)
        guard result.succeeded, !result.looksLikeCrash else {
            throw TestFailure("expected success:\n\(result)")
        }
        return result
    }

    /// A sandbox whose database is made from `form` (a form file's text,
    /// written to `form.yaml` and applied).
    static func applying(_ form: String) throws -> Sandbox {
        let box = try Sandbox()
        let file = box.path("form.yaml")
        try Data(form.utf8).write(to: URL(fileURLWithPath: file))
        try box.ok(["apply", file])
        return box
    }

    /// Creates the database with the seed form (`formctl fields`).
    func createDatabase() throws {
        try ok(["fields"])
        guard FileManager.default.fileExists(atPath: db) else { throw TestFailure("formctl fields did not create \(db)") }
    }

    // MARK: sqlite3

    func rows(_ sql: String, db: String? = nil) throws -> [[String?]] { try SQLiteShell.rows(db ?? self.db, sql) }
    func value(_ sql: String, db: String? = nil) throws -> String? { try SQLiteShell.value(db ?? self.db, sql) }
    func json(_ sql: String, db: String? = nil) throws -> [[String: Any]] { try SQLiteShell.json(db ?? self.db, sql) }
    func exec(_ sql: String, db: String? = nil) throws { try SQLiteShell.exec(db ?? self.db, sql) }

    func bytes(_ path: String? = nil) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path ?? db))
    }
}
