import Foundation

/// Helpers of the submit and responses tests.
extension Sandbox {
    /// Runs formctl with `--db` at the end (after a subcommand's name too:
    /// `responses show 3 --db PATH`).
    @discardableResult
    func run(_ arguments: [String], stdin: Data? = nil, db: String? = nil) throws -> ProcessResult {
        try formctl(arguments + ["--db", db ?? self.db], useDB: false, stdin: stdin)
    }

    /// `run` that must exit 0.
    @discardableResult
    func succeed(_ arguments: [String], stdin: Data? = nil, db: String? = nil) throws -> ProcessResult {
        let result = try run(arguments, stdin: stdin, db: db)
        guard result.succeeded, !result.looksLikeCrash else { throw TestFailure("expected success:\n\(result)") }
        return result
    }

    /// Fills the seed form so that `check` passes.
    func fillValid(_ values: [String: String] = ["first": "Ada", "middle": "Byron", "last": "Lovelace", "email": "ada@example.com"]) throws {
        for key in seedKeys {
            if let value = values[key] { try ok(["set", key, value]) }
        }
    }

    /// How many rows `sql` (a `SELECT count(*) …`) counts.
    func count(_ sql: String) throws -> Int { Int(try value(sql) ?? "") ?? -1 }

    /// The seed fields' stored values, in form order.
    func storedValues() throws -> [String] {
        try rows("SELECT value FROM field ORDER BY position").map { $0.first.flatMap { $0 } ?? "<null>" }
    }

    /// A response's answers as `key=value` (shown: `+`, not shown: `-`), in order.
    func answers(of id: Int) throws -> [String] {
        try rows("SELECT key, value, shown FROM answer WHERE response_id = \(id) ORDER BY position").map { row in
            "\(row[2] == "1" ? "+" : "-")\(row[0] ?? "")=\(row[1] ?? "")"
        }
    }
}

/// CSV parsed by Python's `csv` module (newline='' so that a CRLF inside a
/// quoted value stays), as rows of cells.
func pythonCSV(_ bytes: Data) throws -> [[String]] {
    let script = "import csv, io, json, sys; print(json.dumps(list(csv.reader(io.TextIOWrapper(sys.stdin.buffer, encoding='utf-8', newline='')))))"
    let python = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script],
                                      stdin: bytes, environment: childEnvironment(), timeout: 60)
    guard python.succeeded, let rows = try python.stdout.json() as? [[String]] else { throw TestFailure("python csv failed:\n\(python)") }
    return rows
}
