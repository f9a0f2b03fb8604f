import Foundation

/// The real `sqlite3` shell, the way a user inspects formctl's database.
/// The tests read results back only through it, never through FormStore.
enum SQLiteShell {
    /// The `sqlite3` shell found on `PATH`; throws, failing the test with
    /// a message that says so, when there is none.
    static var executable: URL {
        get throws { try lookup.get() }
    }

    private static let lookup: Result<URL, TestFailure> = {
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in searchPath.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("sqlite3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return .success(candidate) }
        }
        return .failure(TestFailure("no sqlite3 shell on PATH (\(searchPath)); the end-to-end tests need it: apt-get install -y sqlite3"))
    }()

    // Unit and record separators keep values with `|`, tabs and newlines
    // apart; CAN stands for NULL (the tests never store these three).
    private static let fieldSeparator = "\u{1F}"
    private static let rowSeparator = "\u{1E}"
    private static let null = "\u{18}"

    /// Runs `sql` with the shell's options `mode` and returns the result,
    /// whatever it is.
    static func run(_ db: String, _ sql: String, mode: [String] = [], stdin: Data? = nil) throws -> ProcessResult {
        // A 10 s busy timeout: formctl processes may be writing meanwhile.
        try ChildProcess.run(try executable, ["-batch", "-bail", "-cmd", ".timeout 10000"] + mode + [db, sql],
                             stdin: stdin, environment: childEnvironment(), timeout: 60)
    }

    private static func checked(_ db: String, _ sql: String, mode: [String] = []) throws -> ProcessResult {
        let result = try run(db, sql, mode: mode)
        guard result.succeeded, result.stderr.isEmpty else {
            throw TestFailure("sqlite3 failed:\n\(result)")
        }
        return result
    }

    /// The rows of a query, columns as text, NULL as nil.
    static func rows(_ db: String, _ sql: String) throws -> [[String?]] {
        let result = try checked(db, sql, mode: ["-list", "-noheader", "-separator", fieldSeparator,
                                                 "-newline", rowSeparator, "-nullvalue", null])
        var rows = result.stdoutText.components(separatedBy: rowSeparator)
        if rows.last == "" { rows.removeLast() }
        return rows.map { row in
            row.components(separatedBy: fieldSeparator).map { $0 == null ? nil : $0 }
        }
    }

    /// The first column of the first row (nil for no row or NULL).
    static func value(_ db: String, _ sql: String) throws -> String? {
        try rows(db, sql).first?.first ?? nil
    }

    /// The rows as `sqlite3 -json` prints them.
    static func json(_ db: String, _ sql: String) throws -> [[String: Any]] {
        let result = try checked(db, sql, mode: ["-json"])
        if result.stdout.allSatisfy({ $0 == 0x20 || $0 == 0x0A }) { return [] }
        guard let rows = try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]] else {
            throw TestFailure("sqlite3 -json printed no array of objects:\n\(result)")
        }
        return rows
    }

    /// Runs statements that return nothing.
    static func exec(_ db: String, _ sql: String) throws {
        _ = try checked(db, sql)
    }
}
