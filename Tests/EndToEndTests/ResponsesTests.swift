import Foundation
import Testing

/// `formctl responses`: listing, filtering, show, delete, open and sql,
/// checked against sqlite3.
@Suite("responses")
struct ResponsesTests {
    /// A database with responses 1 (complete, Ada), 2 (draft, Jo) and 3
    /// (complete, Grace), stored with `submit --from`.
    static func threeResponses() throws -> Sandbox {
        let box = try Sandbox()
        let ada = #"{"first":"Ada","middle":"Byron","last":"Lovelace","email":"ada@example.com","twitter":"@ada"}"#
        let grace = #"{"first":"Grace","middle":"Brewster","last":"Hopper","email":"gh@example.org"}"#
        try box.ok(["submit", "--from", "-", "--format", "json"], stdin: Data(ada.utf8))
        try box.ok(["submit", "--from", "-", "--format", "json", "--draft"], stdin: Data(#"{"first":"Jo"}"#.utf8))
        try box.ok(["submit", "--from", "-", "--format", "json"], stdin: Data(grace.utf8))
        return box
    }

    /// The ids in a CSV export's rows.
    static func ids(_ result: ProcessResult) throws -> [String] {
        try pythonCSV(result.stdout).dropFirst().map { $0.first ?? "" }
    }

    @Test("the table lists id, submitted_at, status and the shown answers, escaped and clipped")
    func table() throws {
        let box = try Self.threeResponses()
        try box.ok(["submit", "--from", "-", "--format", "json"],
                   stdin: Data(#"{"first":"Esc\u001b[31m","middle":"Line\nbreak","last":"Long","email":"a-very-long-address-that-goes-on-and-on-and-on@example.org"}"#.utf8))
        let lines = try box.succeed(["responses"]).stdoutText.lines
        #expect(lines.count == 5, "\(lines)")
        #expect(lines[0].split(separator: " ", omittingEmptySubsequences: true) == ["id", "submitted_at", "status", "answers"])
        #expect(lines[1].hasPrefix("1  ") && lines[1].contains("complete  first=Ada, middle=Byron, last=Lovelace, email=ada@"), "\(lines[1])")
        #expect(!lines[1].contains("@ada"), "twitter was not shown: \(lines[1])")
        #expect(lines[2].contains("draft     first=Jo"), "\(lines[2])")
        #expect(lines[4].contains("first=Esc\\u{1B}[31m") && lines[4].contains("middle=Line\\nbreak"), "\(lines[4])")
        #expect(lines[4].hasSuffix("…") && lines[4].count <= 100, "clipped to 100 columns without a terminal: \(lines[4])")
        let empty = try Sandbox()
        #expect(try empty.succeed(["responses"]).stdoutText == "no responses\n")
        #expect(try empty.succeed(["responses", "--format", "csv"]).stdoutText == "id,submitted_at,status,first,middle,last,email,twitter\r\n")
        #expect(try empty.succeed(["responses", "--format", "json"]).stdoutText == "[]\n")
    }

    @Test("--status, --since and --limit filter; list is the default subcommand")
    func filters() throws {
        let box = try Self.threeResponses()
        #expect(try Self.ids(box.succeed(["responses", "--format", "csv"])) == ["1", "2", "3"])
        #expect(try Self.ids(box.succeed(["responses", "list", "--format", "csv", "--status", "complete"])) == ["1", "3"])
        #expect(try Self.ids(box.succeed(["responses", "--format", "csv", "--status", "draft"])) == ["2"])
        #expect(try Self.ids(box.succeed(["responses", "--format", "csv", "--limit", "2"])) == ["2", "3"])
        #expect(try Self.ids(box.succeed(["responses", "--format", "csv", "--limit", "1", "--status", "complete"])) == ["3"])
        #expect(try Self.ids(box.succeed(["responses", "--format", "csv", "--limit", "0"])) == [])
        // Move the responses in time: 1 on 2026-01-01 00:00 UTC, 2 a
        // millisecond later, 3 a day later.
        try box.exec("""
            UPDATE response SET created_at = '2026-01-01T00:00:00.000Z', submitted_at = '2026-01-01T00:00:00.000Z' WHERE id = 1;
            UPDATE response SET created_at = '2026-01-01T00:00:00.001Z', submitted_at = '2026-01-01T00:00:00.001Z' WHERE id = 2;
            UPDATE response SET created_at = '2026-01-02T00:00:00.000Z', submitted_at = '2026-01-02T00:00:00.000Z' WHERE id = 3;
            """)
        let cases: [(String, [String])] = [
            ("2026-01-01", ["1", "2", "3"]),
            ("2026-01-01T00:00:00Z", ["1", "2", "3"]),
            ("2026-01-01T00:00:00.0005Z", ["2", "3"]),           // rounded up to .001
            ("2026-01-01T00:00:00.001Z", ["2", "3"]),
            ("2026-01-01t00:00:00.002z", ["3"]),
            ("2026-01-01T01:00:00+01:00", ["1", "2", "3"]),      // 00:00 UTC
            ("2025-12-31T23:59-00:01", ["1", "2", "3"]),        // 00:00 UTC: -00:01 is a minute behind
            ("2025-12-31T23:59:01-00:01", ["3"]),               // 00:00:01 UTC
            ("2025-12-31 19:00:00-05:00", ["1", "2", "3"]),
            ("2026-01-01T00:00:00.001", ["2", "3"]),             // no offset: UTC
            ("2026-01-02", ["3"]),
            ("2026-01-03", []),
        ]
        for (since, expected) in cases {
            #expect(try Self.ids(box.succeed(["responses", "--format", "csv", "--since", since])) == expected, "--since \(since)")
        }
        #expect(try Self.ids(box.succeed(["responses", "--format", "csv", "--since", "2026-01-01", "--status", "draft"])) == ["2"])
        for bad in ["yesterday", "2026-13-01", "2026-02-30", "2026-01-01T24:00:00Z", "2026-01-01T00:00:00+1", "2026-1-1", "", "2026-01-01T"] {
            let result = try box.run(["responses", "--since", bad])
            #expect(result.status == 64 && result.stderrText.contains("RFC 3339") && result.stderrText.contains("2026-11-25T18:00:00Z"),
                    "--since '\(bad)': \(result)")
        }
        for bad in [["--limit", "-1"], ["--status", "done"], ["--format", "xml"]] {
            let result = try box.run(["responses"] + bad)
            #expect(result.status == 64 && !result.looksLikeCrash, "\(bad): \(result)")
        }
    }

    @Test("show prints every answer with its label, marking fields that were not shown; --json has them all")
    func show() throws {
        let box = try Self.threeResponses()
        let lines = try box.succeed(["responses", "show", "1"]).stdoutText.lines
        #expect(lines.first?.hasPrefix("response 1 (complete), submitted ") == true, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("first") && $0.contains("First Name") && $0.hasSuffix("Ada") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("twitter") && $0.hasSuffix("@ada  (not shown)") }, "\(lines)")
        #expect(lines.count == 2 + 5)
        let json = try #require(try box.succeed(["responses", "show", "1", "--json"]).stdout.json() as? [String: Any])
        #expect(Set(json.keys) == ["id", "status", "created_at", "submitted_at", "answers"])
        let answers = try #require(json["answers"] as? [[String: Any]])
        #expect(answers.map { $0["key"] as? String ?? "" } == ["first", "middle", "last", "email", "twitter"])
        #expect(answers.last?["shown"] as? Bool == false && answers.last?["value"] as? String == "@ada")
        #expect(answers.first?["label"] as? String == "First Name" && answers.first?["shown"] as? Bool == true)
    }

    @Test("unknown ids exit 64 naming the range; ids are positive whole numbers")
    func unknownIDs() throws {
        let empty = try Sandbox()
        let none = try empty.run(["responses", "show", "1"])
        #expect(isError(none, 64) && none.stderrText.contains("no responses yet"), "\(none)")
        let box = try Self.threeResponses()
        for command in [["show"], ["delete"], ["open"], ["open", "--force"]] {
            let result = try box.run(["responses"] + command + ["9"])
            #expect(isError(result, 64) && result.stderrText.contains("no response 9") && result.stderrText.contains("1 to 3"),
                    "\(command): \(result)")
        }
        for bad in ["0", "-1", "abc", "1.5", "9223372036854775808"] {
            let result = try box.run(["responses", "show", bad])
            #expect(result.status == 64 && !result.looksLikeCrash, "\(bad): \(result)")
        }
        #expect(try box.count("SELECT count(*) FROM response") == 3, "nothing deleted")
    }

    @Test("delete: gone from the list and from sqlite3, recorded in history without the answers")
    func delete() throws {
        let box = try Self.threeResponses()
        let result = try box.succeed(["responses", "delete", "1"])
        #expect(result.stdoutText == "deleted response 1 (complete)\n", "\(result)")
        #expect(try Self.ids(box.succeed(["responses", "--format", "csv"])) == ["2", "3"])
        #expect(try box.count("SELECT count(*) FROM answer WHERE response_id = 1") == 0)
        #expect(try box.rows("SELECT old_value, new_value FROM history WHERE key = '#1' ORDER BY id") == [[nil, "complete"], ["complete", nil]])
        #expect(try box.count("SELECT count(*) FROM history WHERE old_value = 'Ada' OR new_value = 'Ada'") == 0, "no answers in history")
        let last = try box.ok(["history", "--limit", "1"]).stdoutText
        #expect(last.contains("response 1 deleted (was complete)"), "\(last)")
        let json = try #require(try box.ok(["history", "--json", "--limit", "1"]).stdout.json() as? [[String: Any]])
        #expect(json.first?["response"] as? Int == 1 && json.first?["key"] as? String == "#1", "\(json)")
        #expect(try box.run(["responses", "delete", "1"]).status == 64)
    }

    @Test("open refuses unsaved values without --force and a complete response (64); --force opens")
    func openRefusals() throws {
        let box = try Self.threeResponses()
        let complete = try box.run(["responses", "open", "1"])
        #expect(isError(complete, 64) && complete.stderrText.contains("complete"), "\(complete)")
        try box.ok(["set", "first", "Unsaved"])
        let unsaved = try box.run(["responses", "open", "2"])
        #expect(isError(unsaved, 64) && unsaved.stderrText.contains("values --clear") && unsaved.stderrText.contains("--force"), "\(unsaved)")
        #expect(try box.storedValues() == ["Unsaved", "", "", "", ""])
        #expect(try box.value("SELECT open_response FROM form") == nil)
        let forced = try box.succeed(["responses", "open", "2", "--force"])
        #expect(forced.stdoutText.contains("draft 2 open for editing"), "\(forced)")
        #expect(try box.storedValues() == ["Jo", "", "", "", ""])
        #expect(try box.value("SELECT open_response FROM form") == "2")
        #expect(try box.count("SELECT count(*) FROM history WHERE old_value = 'Unsaved'") == 1, "the replaced value stays in history")
        // Values equal to the open draft's are not unsaved: opening it again works.
        #expect(try box.run(["responses", "open", "2"]).status == 0)
    }

    @Test("responses sql through sqlite3 gives the rows --format csv gives, also with a hidden answer, a removed field and a key named status")
    func sqlMatchesCSV() throws {
        let box = try Self.threeResponses()
        // Values CSV must carry: commas, quotes, CRLF and LF, emoji, RTL text.
        let tricky = #"{"first":"Ada, \"the\" Countess","middle":"two\nlines\r\nCRLF","last":"👩‍💻 🇬🇧","email":"שלום عربى"}"#
        try box.ok(["submit", "--from", "-", "--format", "json"], stdin: Data(tricky.utf8))
        try box.ok(["field", "add", "status", "Status", "--row", "2"])
        try box.ok(["field", "add", "phone", "Phone", "--row", "2"])
        try box.ok(["submit", "--from", "-", "--format", "json", "--draft"], stdin: Data(#"{"status":"busy","phone":"555"}"#.utf8))
        try box.ok(["field", "remove", "phone"])
        let filters: [[String]] = [[], ["--include-hidden"], ["--status", "complete"], ["--limit", "2"], ["--since", "2020-01-01", "--status", "draft"]]
        for filter in filters {
            let csv = try box.succeed(["responses", "--format", "csv"] + filter)
            let sql = try box.succeed(["responses", "sql"] + filter)
            let shell = try SQLiteShell.run(box.db, sql.stdoutText, mode: ["-csv", "-header"])
            #expect(shell.succeeded && shell.stderr.isEmpty, "\(shell)")
            let expected = try pythonCSV(csv.stdout)
            #expect(try pythonCSV(shell.stdout) == expected, "\(filter)\n\(sql.stdoutText)")
            let header = ["id", "submitted_at", "status", "first", "middle", "last", "email", "twitter", "values.status"]
            // phone, removed, only response 5 (a draft) has.
            #expect(expected.first == header + (filter.contains("complete") ? [] : ["phone"]), "\(filter)")
        }
        let all = try pythonCSV(box.succeed(["responses", "--format", "csv"]).stdout)
        #expect(all.count == 6)
        #expect(all[4][3...6] == ["Ada, \"the\" Countess", "two\nlines\r\nCRLF", "👩‍💻 🇬🇧", "שלום عربى"])
        #expect(all[5][8...9] == ["busy", "555"], "the removed field's answer is still there: \(all[5])")
        #expect(all[1][7] == "", "a hidden answer is empty")
        #expect(try pythonCSV(box.succeed(["responses", "--format", "csv", "--include-hidden"]).stdout)[1][7] == "@ada")
    }
}
