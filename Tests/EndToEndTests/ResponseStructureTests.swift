import Foundation
import Testing

/// A response records the form as it was when it was submitted: a field
/// removed, relabelled or added later does not rewrite it, and the export's
/// columns say so. And a field named like a CSV meta column gets a header
/// of its own.
@Suite("Responses keep the form's structure of their time")
struct ResponseStructureTests {
    /// `formctl ARGUMENTS --db` the sandbox's database; must exit 0.
    @discardableResult
    static func run(_ box: Sandbox, _ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
        let result = try box.formctl(["--db", box.db] + arguments, useDB: false, stdin: stdin.map { Data($0.utf8) })
        guard result.succeeded, !result.looksLikeCrash else { throw TestFailure("expected success:\n\(result)") }
        return result
    }

    /// Applies the form file `text` (YAML), with `--prune` when asked.
    static func apply(_ box: Sandbox, _ text: String, prune: Bool = false) throws {
        let file = box.path("form.yaml")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        try run(box, ["apply", file] + (prune ? ["--prune"] : []))
    }

    /// Submits `json` with `submit --from -`; returns the id printed.
    @discardableResult
    static func submit(_ box: Sandbox, _ json: String) throws -> String {
        try run(box, ["submit", "--from", "-", "--format", "json"], stdin: json).stdoutText
    }

    /// `text` with every `submitted_at` time replaced by `T`.
    static func timeless(_ text: String) -> String {
        text.replacingOccurrences(of: #"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"#, with: "T", options: .regularExpression)
    }

    static func form(_ fields: String) -> String {
        "{title: Team, pages: [{key: main, title: Main, rows: [{width: 540, fields: [\(fields)]}]}]}"
    }

    @Test("a field removed (field remove, apply --prune) stays in the export of older responses, after the form's keys; newer ones have it empty or absent")
    func removedField() throws {
        let box = try Sandbox()
        try Self.apply(box, Self.form("{key: name, label: Name}, {key: team, label: Team}, {key: city, label: City}, {key: phone, label: Phone}"))
        #expect(try Self.submit(box, #"{"name": "Ada", "team": "Analytical, Engines", "city": "London", "phone": "1"}"#) == "1\n")
        let removed = try Self.run(box, ["field", "remove", "team"])
        #expect(removed.stdoutText == "team: removed\n", "\(removed)")
        #expect(try Self.submit(box, #"{"name": "Grace", "city": "Arlington"}"#) == "2\n")
        // apply --prune removes city and adds email.
        try Self.apply(box, Self.form("{key: name, label: Name}, {key: phone, label: Phone}, {key: email, label: Email}"), prune: true)
        #expect(try Self.submit(box, #"{"name": "Katherine", "email": "kj@example.com"}"#) == "3\n")

        // CSV: the form's keys, then the removed ones in order of first appearance.
        let csv = try Self.run(box, ["responses", "--format", "csv"])
        #expect(Self.timeless(csv.stdoutText) == """
            id,submitted_at,status,name,phone,email,team,city\r
            1,T,complete,Ada,1,,"Analytical, Engines",London\r
            2,T,complete,Grace,,,,Arlington\r
            3,T,complete,Katherine,,kj@example.com,,\r

            """, "\(csv)")
        let read = try ExportReader.read(csv.stdout, format: "csv")
        #expect(read.responses.first?.values["team"] == "Analytical, Engines")

        // JSON: each response's own fields, in column order; a field it
        // never had is absent, not empty.
        let jsonl = try Self.run(box, ["responses", "--format", "jsonl"])
        #expect(Self.timeless(jsonl.stdoutText) == """
            {"id":1,"status":"complete","submitted_at":"T","values":{"name":"Ada","phone":"1","team":"Analytical, Engines","city":"London"}}
            {"id":2,"status":"complete","submitted_at":"T","values":{"name":"Grace","phone":"","city":"Arlington"}}
            {"id":3,"status":"complete","submitted_at":"T","values":{"name":"Katherine","phone":"","email":"kj@example.com"}}

            """, "\(jsonl)")
        let json = try ExportReader.read(try Self.run(box, ["responses", "--format", "json"]).stdout, format: "json")
        #expect(json.responses == (try ExportReader.read(jsonl.stdout, format: "jsonl")).responses)

        // The answers are still in the table, with the labels of their time.
        #expect(try box.rows("SELECT position, key, label, value FROM answer WHERE response_id = 1 ORDER BY position")
            == [["1", "name", "Name", "Ada"], ["2", "team", "Team", "Analytical, Engines"], ["3", "city", "City", "London"], ["4", "phone", "Phone", "1"]])
        // Only the responses listed choose the columns: the last one alone has no removed field.
        let last = try Self.run(box, ["responses", "--format", "csv", "--limit", "1"])
        #expect(last.stdoutText.hasPrefix("id,submitted_at,status,name,phone,email\r\n"), "\(last)")
    }

    @Test("a field relabelled later keeps its old label in responses show; newer responses have the new one")
    func relabelled() throws {
        let box = try Sandbox()
        try Self.apply(box, Self.form("{key: name, label: Name}, {key: city, label: City}"))
        #expect(try Self.submit(box, #"{"name": "Ada", "city": "London"}"#) == "1\n")
        try Self.apply(box, Self.form("{key: name, label: Full name}, {key: city, label: Home town}"))
        // A label changed with sqlite3 is a new label for the form too, not for old responses.
        try box.exec("UPDATE field SET label = 'Town of birth' WHERE key = 'city';")
        #expect(try Self.submit(box, #"{"name": "Grace", "city": "New York"}"#) == "2\n")

        let old = try Self.run(box, ["responses", "show", "1"]).stdoutText
        #expect(old.range(of: "\nname +Name +Ada\n", options: .regularExpression) != nil, "\(old)")
        #expect(old.range(of: "\ncity +City +London\n", options: .regularExpression) != nil, "\(old)")
        #expect(!old.contains("Full name") && !old.contains("Home town") && !old.contains("Town of birth"), "\(old)")
        let new = try Self.run(box, ["responses", "show", "2"]).stdoutText
        #expect(new.contains("Full name") && new.contains("Town of birth"), "\(new)")

        for (id, labels) in [("1", ["Name", "City"]), ("2", ["Full name", "Town of birth"])] {
            let shown = try #require(try Self.run(box, ["responses", "show", id, "--json"]).stdout.json() as? [String: Any])
            let answers = try #require(shown["answers"] as? [[String: Any]])
            #expect(answers.compactMap { $0["label"] as? String } == labels, "response \(id)")
        }
        #expect(try box.rows("SELECT response_id, label FROM answer WHERE key = 'name' ORDER BY response_id") == [["1", "Name"], ["2", "Full name"]])
    }

    @Test("a field whose show_if does not hold is recorded as not shown: empty in CSV, null in JSON, its value kept with --include-hidden")
    func conditionalField() throws {
        let box = try Sandbox()
        try Self.apply(box, Self.form("{key: email, label: Email}, {key: twitter, label: Twitter, show_if: {field: email, filled: true}}"))
        #expect(try Self.submit(box, #"{"twitter": "@ada"}"#) == "1\n")
        #expect(try Self.submit(box, #"{"email": "grace@example.com", "twitter": "@grace"}"#) == "2\n")
        #expect(try box.rows("SELECT response_id, key, value, shown FROM answer ORDER BY response_id, position")
            == [["1", "email", "", "1"], ["1", "twitter", "@ada", "0"], ["2", "email", "grace@example.com", "1"], ["2", "twitter", "@grace", "1"]])
        let jsonl = try Self.run(box, ["responses", "--format", "jsonl"]).stdoutText
        #expect(Self.timeless(jsonl) == """
            {"id":1,"status":"complete","submitted_at":"T","values":{"email":"","twitter":null}}
            {"id":2,"status":"complete","submitted_at":"T","values":{"email":"grace@example.com","twitter":"@grace"}}

            """)
        let csv = try Self.run(box, ["responses", "--format", "csv"]).stdoutText
        #expect(Self.timeless(csv) == "id,submitted_at,status,email,twitter\r\n1,T,complete,,\r\n2,T,complete,grace@example.com,@grace\r\n")
        let hidden = try Self.run(box, ["responses", "--format", "csv", "--include-hidden"]).stdoutText
        #expect(Self.timeless(hidden) == "id,submitted_at,status,email,twitter\r\n1,T,complete,,@ada\r\n2,T,complete,grace@example.com,@grace\r\n")
        let show = try Self.run(box, ["responses", "show", "1"]).stdoutText
        #expect(show.contains("@ada  (not shown)"), "\(show)")
    }

    @Test("fields named id, submitted_at and status get the headers values.id, values.submitted_at, values.status; JSON keeps them under values")
    func metaColumnKeys() throws {
        let box = try Sandbox()
        try Self.apply(box, Self.form("{key: name, label: Name}, {key: id, label: Badge}, {key: status, label: Status}, {key: submitted_at, label: Sent}"))
        #expect(try Self.submit(box, #"{"name": "Ada", "id": "B-17", "status": "done", "submitted_at": "yesterday"}"#) == "1\n")

        let csv = try Self.run(box, ["responses", "--format", "csv"])
        let read = try ExportReader.read(csv.stdout, format: "csv")
        #expect(read.header == ["id", "submitted_at", "status", "name", "values.id", "values.status", "values.submitted_at"])
        #expect(Set(read.header).count == read.header.count, "headers are unique")
        let response = try #require(read.responses.first)
        #expect(response.id == 1 && response.status == "complete" && response.submittedAt != "yesterday")
        #expect(response.values == ["name": "Ada", "values.id": "B-17", "values.status": "done", "values.submitted_at": "yesterday"])

        for format in ["json", "jsonl"] {
            let json = try ExportReader.read(try Self.run(box, ["responses", "--format", format]).stdout, format: format)
            let first = try #require(json.responses.first)
            #expect(first.id == 1 && first.status == "complete", "\(format)")
            #expect(first.values == ["name": "Ada", "id": "B-17", "status": "done", "submitted_at": "yesterday"], "\(format)")
        }

        // The wide-table SELECT has the same header and cells.
        let sql = try Self.run(box, ["responses", "sql"]).stdoutText
        let wide = try SQLiteShell.run(box.db, sql, mode: ["-csv", "-header"])
        #expect(wide.succeeded, "\(wide)")
        let table = try ExportReader.read(wide.stdout, format: "csv")
        #expect(table.header == read.header)
        #expect(table.responses == read.responses)
    }
}
