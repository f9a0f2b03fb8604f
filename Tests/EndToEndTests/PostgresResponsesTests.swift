import Foundation
import Testing

/// Responses in PostgreSQL (issue 47, first slice) through the real
/// binaries and a real PostgreSQL 15 that the tests start themselves
/// (`PostgresCluster`): `responses copy --to` (twice, keeping ids, times,
/// answers, paths and respondents), `responses --responses` in every
/// format byte for byte as from the SQLite file, the migrations under
/// their lock, the form's fingerprint, and the refusals with their codes.
///
/// Serialized: each test waits for child processes on a thread of the
/// global executor, and the first starts the shared cluster while the
/// others would wait for it; two such waits at once on two cores left no
/// thread for Foundation to learn that a child had exited.
@Suite("responses in PostgreSQL", .serialized)
struct PostgresResponsesTests {
    /// `responses copy --to URI` on `box`'s file.
    @discardableResult
    static func copy(_ box: Sandbox, to uri: String, _ extra: [String] = []) throws -> ProcessResult {
        try box.formctl(["responses", "copy", "--to", uri, "--db", box.db] + extra, useDB: false)
    }

    /// The answers of every response, in order, as a psql or sqlite3 row
    /// would print them (shown as 1 or 0).
    static let answersSQL = "SELECT response_id, key, label, value, type FROM answer ORDER BY response_id, position"

    @Test("every format of responses --responses is byte for byte the SQLite file's, for a form with groups, repeats and lists")
    func everyFormat() throws {
        let (cluster, _, uri) = try PostgresCluster.freshDatabase()
        let box = try ResponsesRepeatCSVTests.box()
        let copied = try Self.copy(box, to: uri)
        #expect(copied.succeeded, "\(copied)")
        #expect(copied.stdoutText.hasPrefix("copied 4 responses to postgresql://postgres:***@/"), "\(copied)")
        #expect(!copied.stdoutText.contains(cluster.password))
        let formats: [[String]] = [
            [], ["list"], ["--format", "json"], ["--format", "jsonl"], ["--format", "csv"], ["--format", "csv", "--split"],
            ["--format", "csv", "--repeat", "households"], ["--format", "csv", "--repeat", "households.members"],
            ["--format", "csv", "--repeat", "nicknames", "--split"], ["--format", "json", "--include-hidden"],
            ["--format", "jsonl", "--status", "draft"], ["--format", "csv", "--status", "complete", "--limit", "2"],
            ["--format", "json", "--since", "2020-01-01"], ["--format", "json", "--since", "2999-01-01"], ["--limit", "1"],
        ]
        for arguments in formats {
            let fromFile = try box.formctl(["responses"] + arguments + ["--db", box.db], useDB: false, environment: ["COLUMNS": "120"])
            let fromPostgres = try box.formctl(["responses"] + arguments + ["--responses", uri, "--db", box.db], useDB: false,
                                               environment: ["COLUMNS": "120"])
            #expect(fromFile.succeeded && fromPostgres.succeeded, "\(arguments): \(fromFile)\n\(fromPostgres)")
            #expect(fromPostgres.stdout == fromFile.stdout, "\(arguments): PostgreSQL gave\n\(fromPostgres.stdoutText)\nthe file gave\n\(fromFile.stdoutText)")
            #expect(fromPostgres.stderrText.isEmpty, "\(arguments): \(fromPostgres)")
        }
        // $FORMCTL_RESPONSES is the option's default.
        let fromEnvironment = try box.formctl(["responses", "--format", "json", "--db", box.db], useDB: false,
                                              environment: ["FORMCTL_RESPONSES": uri])
        let fromFile = try box.ok(["responses", "--format", "json"])
        #expect(fromEnvironment.succeeded && fromEnvironment.stdout == fromFile.stdout, "\(fromEnvironment)")
    }

    @Test("copy twice: the second copies nothing, a new response is copied by the third; ids, times, answers, paths and respondents kept")
    func copyTwice() throws {
        let (cluster, database, uri) = try PostgresCluster.freshDatabase()
        let box = try ResponsesRepeatCSVTests.box()
        // The draft as serve --collect leaves a respondent's.
        let respondent = String(repeating: "ab", count: 32)
        try box.exec("UPDATE response SET respondent = '\(respondent)', answered_at = '2026-11-25T18:00:00.123Z' WHERE id = 4")
        // Ids with a gap: a deleted response's id is never given again.
        try box.succeed(["responses", "delete", "2"])

        let first = try Self.copy(box, to: uri)
        #expect(first.succeeded && first.stdoutText.hasPrefix("copied 3 responses to ") && first.stdoutText.hasSuffix(" (0 already there)\n"), "\(first)")
        let second = try Self.copy(box, to: uri)
        #expect(second.succeeded && second.stdoutText.hasPrefix("copied 0 responses to ") && second.stdoutText.hasSuffix(" (3 already there)\n"), "\(second)")

        let file = box.path("more.json")
        try Data(#"{"address": "9 New St", "households": [{"name": "New", "members": [{"name": "Di", "age": 9}]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: file))
        #expect(try box.ok(["submit", "--from", file]).stdoutText == "5\n")
        let third = try Self.copy(box, to: uri)
        #expect(third.succeeded && third.stdoutText.hasPrefix("copied 1 response to ") && third.stdoutText.hasSuffix(" (3 already there)\n"), "\(third)")

        let responsesSQL = "SELECT id, status, created_at, submitted_at, coalesce(respondent, ''), coalesce(answered_at, '') FROM response ORDER BY id"
        let inFile = try box.rows(responsesSQL).map { $0.map { $0 ?? "" }.joined(separator: "|") }
        let inPostgres = try cluster.psql(database, responsesSQL).split(separator: "\n").map(String.init)
        #expect(inPostgres == inFile)
        #expect(inFile.count == 4 && inFile.last?.hasPrefix("5|") == true && !inFile.contains { $0.hasPrefix("2|") })
        let answersInFile = try box.rows(Self.answersSQL).map { $0.map { $0 ?? "" }.joined(separator: "|") }
        let answersInPostgres = try cluster.psql(database, Self.answersSQL).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
        #expect(answersInPostgres == answersInFile)
        #expect(answersInFile.contains { $0.hasPrefix("1|households.1.members.2.name|") })
        let shownInFile = try box.rows("SELECT shown FROM answer ORDER BY response_id, position").map { $0.first.flatMap { $0 } == "1" ? "t" : "f" }
        let shownInPostgres = try cluster.psql(database, "SELECT shown FROM answer ORDER BY response_id, position").split(separator: "\n").map(String.init)
        #expect(shownInPostgres == shownInFile)
        // A response made in PostgreSQL later never takes an id SQLite gave.
        #expect(try cluster.psql(database, "INSERT INTO response (status) VALUES ('draft') RETURNING id") == "6\n")
    }

    @Test("PostgreSQL's CHECKs refuse what SQLite's refuse")
    func checks() throws {
        let cluster = try PostgresCluster.shared()
        let database = try cluster.makeDatabase()
        let box = try Sandbox()
        try box.createDatabase()
        #expect(try box.formctl(["responses", "--responses", cluster.uri(database), "--db", box.db], useDB: false).stdoutText == "no responses\n")
        for sql in [
            "INSERT INTO response (status) VALUES ('done')",
            "INSERT INTO response (status, created_at) VALUES ('draft', '2026-11-25 18:00')",
            "INSERT INTO response (status, created_at, submitted_at) VALUES ('draft', '2026-11-26T00:00:00.000Z', '2026-11-25T00:00:00.000Z')",
            "INSERT INTO response (status, respondent) VALUES ('draft', 'abc')",
            "INSERT INTO response (id, status) VALUES (1, 'complete'); INSERT INTO answer (response_id, position, key, label, value, shown) VALUES (1, 1, '1st', 'x', '', true)",
            "INSERT INTO response (id, status) VALUES (2, 'complete'); INSERT INTO answer (response_id, position, key, label, value, shown, type) VALUES (2, 1, 'a', 'x', '', true, 'note')",
            "INSERT INTO answer (response_id, position, key, label, value, shown) VALUES (99, 1, 'a', 'x', '', true)",
        ] {
            #expect(throws: TestFailure.self, "\(sql)") { try cluster.psql(database, sql) }
        }
        _ = try cluster.psql(database, "INSERT INTO response (id, status) VALUES (5, 'complete')")
        #expect(throws: TestFailure.self) { try cluster.psql(database, "UPDATE response SET id = 6 WHERE id = 5") }
    }

    @Test("two formctl processes migrating one new database at once: both succeed, each migration applied once")
    func migrationLock() throws {
        let cluster = try PostgresCluster.shared()
        let database = try cluster.makeDatabase()
        let box = try Sandbox()
        try box.createDatabase()
        let binary = try Formctl.binary()
        let arguments = ["responses", "--format", "json", "--responses", cluster.uri(database), "--db", box.db]
        let processes = try (0..<4).map { _ in try ChildProcess(binary, arguments, environment: childEnvironment()) }
        for process in processes {
            let result = process.wait(timeout: 120)
            #expect(result.succeeded && result.stdoutText == "[]\n", "\(result)")
        }
        #expect(try cluster.psql(database, "SELECT version, name FROM schema_migration ORDER BY version") == "1|0001_responses\n")
    }

    @Test("a database holding another form's responses is refused (65) naming both fingerprints; --replace-form only with no drafts open")
    func fingerprint() throws {
        let (cluster, database, uri) = try PostgresCluster.freshDatabase()
        let households = try ResponsesRepeatCSVTests.box()
        #expect(try Self.copy(households, to: uri).succeeded)
        let stored = try cluster.psql(database, "SELECT fingerprint FROM form_fingerprint").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(stored.count == 64)

        let seed = try Sandbox()
        try seed.createDatabase()
        let read = try seed.formctl(["responses", "--responses", uri, "--db", seed.db], useDB: false)
        #expect(read.status == 65 && read.stdout.isEmpty, "\(read)")
        #expect(read.stderrText.hasPrefix("formctl: the PostgreSQL database holds responses of another form: its form's fingerprint is \(stored), this form's is "), "\(read)")
        #expect(read.stderrText.split(separator: "\n").count == 1)
        #expect(try Self.copy(seed, to: uri).status == 65)
        // Household's draft (id 4) is open there: the form cannot be replaced.
        let replace = try Self.copy(seed, to: uri, ["--replace-form"])
        #expect(replace.status == 64 && replace.stderrText.contains("1 draft is open"), "\(replace)")
        #expect(try cluster.psql(database, "SELECT fingerprint FROM form_fingerprint") == stored + "\n")
        _ = try cluster.psql(database, "DELETE FROM response WHERE status = 'draft'")
        let replaced = try Self.copy(seed, to: uri, ["--replace-form"])
        #expect(replaced.succeeded, "\(replaced)")
        #expect(try cluster.psql(database, "SELECT fingerprint FROM form_fingerprint") != stored + "\n")
        #expect(try seed.formctl(["responses", "--format", "json", "--responses", uri, "--db", seed.db], useDB: false).succeeded)
    }

    @Test("a bad URI (64), a wrong password (77), a missing database (66), no server (69): one clear line each, never the password")
    func refusals() throws {
        let cluster = try PostgresCluster.shared()
        let database = try cluster.makeDatabase()
        let box = try Sandbox()
        try box.createDatabase()
        let empty = box.path("no-server")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: false)
        let cases: [(uri: String, status: Int32, message: String, environment: [String: String?])] = [
            ("mysql://localhost/x", 64, "formctl: bad PostgreSQL URI 'mysql://localhost/x': it must start with postgresql://", [:]),
            ("postgresql://u:secret@host:port/x", 64, "formctl: bad PostgreSQL URI 'postgresql://u:***@host:port/x': the port is not a number", [:]),
            ("postgresql:///x?hots=/tmp", 64, "formctl: bad PostgreSQL URI 'postgresql:///x?hots=/tmp': unknown parameter 'hots'", [:]),
            (cluster.uri(database, password: "wrong-secret"), 77, "formctl: PostgreSQL at the socket \(cluster.socketFolder)/.s.PGSQL.5432 refused user postgres: ", [:]),
            (cluster.uri(database, includePassword: false), 77, "formctl: PostgreSQL at the socket", ["PGPASSWORD": "wrong-secret"]),
            (cluster.uri("no_such_db"), 66, "formctl: PostgreSQL at the socket \(cluster.socketFolder)/.s.PGSQL.5432 has no database no_such_db", [:]),
            ("postgresql://postgres:x@/db?host=\(empty)", 69, "formctl: cannot reach PostgreSQL at the socket \(empty)/.s.PGSQL.5432: ", [:]),
        ]
        for (uri, status, message, environment) in cases {
            for arguments in [["responses", "--responses", uri], ["responses", "copy", "--to", uri]] {
                let result = try box.formctl(arguments + ["--db", box.db], useDB: false, environment: environment)
                #expect(result.status == status && !result.looksLikeCrash, "\(arguments): \(result)")
                #expect(result.stderrText.hasPrefix(message), "\(arguments): \(result)")
                #expect(result.stderrText.split(separator: "\n").count == 1, "\(arguments): \(result)")
                #expect(!result.stderrText.contains("secret"), "\(arguments): \(result)")
                #expect(result.stdout.isEmpty, "\(arguments): \(result)")
            }
        }
        // PGPASSWORD gives the password the URI leaves out.
        let withEnvironment = try box.formctl(["responses", "--responses", cluster.uri(database, includePassword: false), "--db", box.db],
                                              useDB: false, environment: ["PGPASSWORD": cluster.password])
        #expect(withEnvironment.succeeded && withEnvironment.stdoutText == "no responses\n", "\(withEnvironment)")
    }

    @Test("formctl itself links no PostgreSQL driver: --responses and copy run in formctl-serve")
    func formctlStaysSmall() throws {
        let binary = try Formctl.binary()
        let serve = binary.deletingLastPathComponent().appendingPathComponent("formctl-serve")
        // grep, not a String of a binary of hundreds of megabytes.
        func holdsDriver(_ file: URL) throws -> Bool {
            let grep = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/grep"), ["-c", "PostgresNIO", file.path],
                                            environment: childEnvironment(), timeout: 60)
            return grep.status == 0
        }
        #expect(try !holdsDriver(binary))
        #expect(try holdsDriver(serve))
    }
}
