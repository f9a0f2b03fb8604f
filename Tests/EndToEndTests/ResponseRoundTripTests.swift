import Foundation
import Testing

/// `formctl responses --format csv|json|jsonl` give back exactly the values
/// submitted, as Python's `csv` and `json` modules read them: commas,
/// quotes, line breaks (LF and CRLF), emoji with ZWJ sequences, and
/// right-to-left text with bidi marks.
@Suite("Responses round-trip through CSV and JSON")
struct ResponseRoundTripTests {
    /// The form: optional fields with no `short` state, so that any value
    /// passes `check`, and one hidden field.
    static let form = """
        {title: "Survey", pages: [{key: main, title: Main, rows: [{width: 540, fields: [
          {key: name, label: Name}, {key: note, label: Note}, {key: lines, label: Lines},
          {key: emoji, label: Emoji}, {key: rtl, label: RTL}, {key: secret, label: Secret, hidden: true}]}]}]}
        """

    static let keys = ["name", "note", "lines", "emoji", "rtl", "secret"]

    /// The responses, in submission order: each a value per key.
    static let responses: [[String: String]] = [
        ["name": "Lovelace, Ada", "note": #"say "hi", then "bye""#, "lines": "two\nlines",
         "emoji": "👩‍💻 👨‍👩‍👧‍👦 🏳️‍🌈 👋🏽 🇳🇿", "rtl": "مرحبا بالعالم", "secret": "kept, \"hidden\""],
        ["name": "\"quoted\"", "note": ",", "lines": "crlf\r\nline\r\n", "emoji": "🧑🏿‍🤝‍🧑🏻",
         "rtl": "\u{200F}שָׁלוֹם, עוֹלָם\u{200F} (abc) \u{2067}עברית\u{2069}", "secret": ""],
        ["name": " leading and trailing spaces ", "note": "", "lines": "\n", "emoji": "é (e + \u{301})",
         "rtl": "\u{202B}العربية 123\u{202C} \u{200E}x", "secret": "\r"],
        ["name": "", "note": "", "lines": "", "emoji": "", "rtl": "", "secret": ""],
    ]

    /// Applies the form and submits `responses`: the first two with
    /// `submit --from FILE.json`, the third from the form's own values
    /// (`values --load`, then `submit`), the last (all empty) from CSV.
    static func submitted() throws -> Sandbox {
        let box = try Sandbox()
        let formFile = box.path("survey.yaml")
        try Data(form.utf8).write(to: URL(fileURLWithPath: formFile))
        try run(box, ["apply", formFile])
        for (index, values) in responses.enumerated() {
            let file = box.path("r\(index).json")
            try JSONSerialization.data(withJSONObject: values, options: [.sortedKeys]).write(to: URL(fileURLWithPath: file))
            switch index {
            case 2:
                try run(box, ["values", "--load", file])
                #expect(try run(box, ["submit"]).stdoutText == "3\n")
            case 3:
                let csv = box.path("r3.csv")
                try Data((keys.joined(separator: ",") + "\r\n" + String(repeating: ",", count: keys.count - 1) + "\r\n").utf8)
                    .write(to: URL(fileURLWithPath: csv))
                #expect(try run(box, ["submit", "--from", csv]).stdoutText == "4\n")
            default:
                #expect(try run(box, ["submit", "--from", file]).stdoutText == "\(index + 1)\n")
            }
        }
        return box
    }

    /// `formctl ARGUMENTS --db` the sandbox's database; must exit 0.
    @discardableResult
    static func run(_ box: Sandbox, _ arguments: [String]) throws -> ProcessResult {
        let result = try box.formctl(["--db", box.db] + arguments, useDB: false)
        guard result.succeeded, !result.looksLikeCrash else { throw TestFailure("expected success:\n\(result)") }
        return result
    }

    /// What an export should hold for response `index`: every value, the
    /// hidden field's as `hidden` says.
    static func expected(_ index: Int, hidden: String?) -> [String: String?] {
        var values: [String: String?] = responses[index].mapValues { $0 }
        values["secret"] = hidden
        return values
    }

    @Test("the stored answers are the submitted values, byte for byte, read back with sqlite3")
    func stored() throws {
        let box = try Self.submitted()
        for (index, values) in Self.responses.enumerated() {
            let rows = try box.rows("SELECT key, hex(value), shown FROM answer WHERE response_id = \(index + 1) ORDER BY position")
            let expected = Self.keys.map { key -> [String?] in
                [key, Data((values[key] ?? "").utf8).map { String(format: "%02X", $0) }.joined(), key == "secret" ? "0" : "1"]
            }
            #expect(rows == expected, "response \(index + 1)")
        }
    }

    @Test("CSV: Python's csv module reads back every value; CRLF records; the hidden field empty unless --include-hidden")
    func csv() throws {
        let box = try Self.submitted()
        for includesHidden in [false, true] {
            let output = try Self.run(box, ["responses", "--format", "csv"] + (includesHidden ? ["--include-hidden"] : []))
            let export = try ExportReader.read(output.stdout, format: "csv")
            #expect(export.header == ["id", "submitted_at", "status"] + Self.keys)
            #expect(export.responses.map(\.id) == [1, 2, 3, 4])
            for (index, response) in export.responses.enumerated() {
                #expect(response.status == "complete")
                #expect(response.submittedAt.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression) != nil,
                        "\(response)")
                let hidden = includesHidden ? Self.responses[index]["secret"] : ""
                #expect(response.values == Self.expected(index, hidden: hidden), "response \(index + 1), --include-hidden: \(includesHidden)")
            }
            // RFC 4180: every record ends in CRLF; a line break inside a
            // value stays as it was (LF alone here, CRLF there).
            #expect(output.stdoutText.hasPrefix("id,submitted_at,status,name,note,lines,emoji,rtl,secret\r\n"))
            #expect(output.stdoutText.hasSuffix(",,,,,\r\n"))
            #expect(output.stdout.contains(Data("\"two\nlines\"".utf8)))
            #expect(output.stdout.contains(Data("\"crlf\r\nline\r\n\"".utf8)))
        }
    }

    @Test("JSON and JSON Lines: Python's json module reads back every value; the hidden field null unless --include-hidden",
          arguments: ["json", "jsonl"])
    func json(format: String) throws {
        let box = try Self.submitted()
        for includesHidden in [false, true] {
            let output = try Self.run(box, ["responses", "--format", format] + (includesHidden ? ["--include-hidden"] : []))
            let export = try ExportReader.read(output.stdout, format: format)
            #expect(export.responses.map(\.id) == [1, 2, 3, 4])
            for (index, response) in export.responses.enumerated() {
                #expect(response.status == "complete")
                let hidden = includesHidden ? Self.responses[index]["secret"] : nil
                #expect(response.values == Self.expected(index, hidden: hidden), "response \(index + 1), --include-hidden: \(includesHidden)")
            }
            if format == "jsonl" {
                #expect(output.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).count == 5, "one line per response")
            }
        }
    }

    @Test("an export's values, submitted again with submit --from into another database, export the same")
    func resubmitted() throws {
        let box = try Self.submitted()
        let first = try Self.run(box, ["responses", "--format", "jsonl", "--include-hidden"])
        let other = try Sandbox()
        try Self.run(other, ["apply", box.path("survey.yaml")])
        for (index, response) in try ExportReader.read(first.stdout, format: "jsonl").responses.enumerated() {
            let file = other.path("again\(index).json")
            try JSONSerialization.data(withJSONObject: response.values.compactMapValues { $0 }).write(to: URL(fileURLWithPath: file))
            #expect(try Self.run(other, ["submit", "--from", file]).stdoutText == "\(index + 1)\n")
        }
        let again = try Self.run(other, ["responses", "--format", "jsonl", "--include-hidden"])
        let times = #"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"#
        #expect(again.stdoutText.replacingOccurrences(of: times, with: "T", options: .regularExpression)
            == first.stdoutText.replacingOccurrences(of: times, with: "T", options: .regularExpression))
        #expect(try other.rows("SELECT response_id, key, hex(value), shown FROM answer ORDER BY 1, 2")
            == box.rows("SELECT response_id, key, hex(value), shown FROM answer ORDER BY 1, 2"))
    }

    @Test("the same answers through each format, and through submit --json and responses show --json")
    func formatsAgree() throws {
        let box = try Self.submitted()
        let csv = try ExportReader.read(try Self.run(box, ["responses", "--format", "csv", "--include-hidden"]).stdout, format: "csv")
        let json = try ExportReader.read(try Self.run(box, ["responses", "--format", "json", "--include-hidden"]).stdout, format: "json")
        let jsonl = try ExportReader.read(try Self.run(box, ["responses", "--format", "jsonl", "--include-hidden"]).stdout, format: "jsonl")
        #expect(csv.responses == json.responses)
        #expect(json.responses == jsonl.responses)
        // responses show --json: every answer with its label and whether it was shown.
        let shown = try #require(try Self.run(box, ["responses", "show", "2", "--json"]).stdout.json() as? [String: Any])
        let answers = try #require(shown["answers"] as? [[String: Any]])
        #expect(answers.compactMap { $0["key"] as? String } == Self.keys)
        #expect(answers.compactMap { $0["value"] as? String } == Self.keys.map { Self.responses[1][$0] ?? "" })
        #expect(answers.compactMap { $0["shown"] as? Bool } == Self.keys.map { $0 != "secret" })
    }
}
