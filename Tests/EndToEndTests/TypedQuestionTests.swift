import Foundation
import Testing

/// Typed questions end to end (issue 35): the real binary on real SQLite
/// files, with the hostile inputs the issue lists. A file refuses what does
/// not parse with 65 at its line and column and writes nothing; `set`
/// stores it as typed, `invalid` with its reason; nothing traps.
@Suite("typed questions")
struct TypedQuestionTests {
    /// The survey example's path in the package.
    static let survey = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/forms/survey.yaml").path

    /// A sandbox holding the survey form.
    static func surveyBox() throws -> Sandbox {
        let box = try Sandbox()
        try box.ok(["apply", survey])
        return box
    }

    @Test("set stores hostile numbers, dates and times as typed, invalid with a reason that names what was expected", arguments: [
        ("age", "1e400", "is not a whole number"),
        ("age", "99999999999999999999", "is not a whole number"),
        ("age", "NaN", "is not a whole number"),
        ("age", "Infinity", "is not a whole number"),
        ("age", "0x10", "is not a whole number"),
        ("height", "1e400", "is not a decimal number"),
        ("height", "1,5", "is not a decimal number"),
        ("start", "2023-02-29", "is not a date (YYYY-MM-DD)"),
        ("call", "24:00", "is not a time"),
        ("meeting", "2026-03-01T10:00:00+25:00", "is not a date and time"),
        ("meeting", "2026-03-01T10:00:00", "needs an offset such as Z or +01:00"),
        ("laptop", "maybe", "is not yes or no"),
    ])
    func hostileSet(key: String, value: String, reason: String) throws {
        let box = try Self.surveyBox()
        let result = try box.ok(["set", key, value])
        #expect(result.stdoutText.hasPrefix("\(key): invalid (orange): \(reason)"), "\(result)")
        #expect(try box.value("SELECT value FROM field WHERE key = '\(key)'") == value, "stored as typed")
        #expect(try box.value("SELECT state FROM field WHERE key = '\(key)'") == "invalid")
        let check = try box.formctl(["check", "--json"])
        #expect(check.status == 1 && check.stdoutText.contains(reason), "\(check)")
    }

    @Test("set takes the other input forms and stores the canonical text", arguments: [
        ("age", "+0", "0"), ("age", " +018 ", "18"), ("height", ".5", "0.5"), ("height", "1.50", "1.5"), ("height", "2.", "2"),
        ("start", "2024-02-29", "2024-02-29"), ("laptop", "YES", "true"), ("laptop", "off", "false"), ("colour", "Green", "green"),
        ("toppings", "basil,cheese", #"["cheese","basil"]"#), ("meeting", "2026-03-01 10:00z", "2026-03-01T10:00:00Z"),
        ("call", "09:30:00", "09:30"), ("bio", "one\r\ntwo\rthree", "one\ntwo\nthree"),
    ])
    func canonical(key: String, value: String, stored: String) throws {
        let box = try Self.surveyBox()
        try box.ok(["set", key, value])
        #expect(try box.value("SELECT value FROM field WHERE key = '\(key)'") == stored)
        #expect(try box.ok(["get", key]).stdoutText == stored + "\n")
        // After `--`, a value may start with a minus (argument-parser reads
        // `-0` as an option before it).
        if key == "age" {
            try box.ok(["set", "age", "--", "-0"])
            #expect(try box.value("SELECT value FROM field WHERE key = 'age'") == "0")
        }
    }

    @Test("bounds, steps, choices and selection counts make a parsed value invalid, naming the rule")
    func rules() throws {
        let box = try Self.surveyBox()
        #expect(try box.ok(["set", "age", "130"]).stdoutText == "age: invalid (orange): is more than 120\n")
        #expect(try box.ok(["set", "age", "17"]).stdoutText == "age: invalid (orange): is less than 18\n")
        #expect(try box.ok(["set", "height", "0"]).stdoutText == "height: invalid (orange): is not more than 0\n")
        #expect(try box.ok(["set", "height", "1.805"]).stdoutText == "height: invalid (orange): is not a multiple of 0.01\n")
        #expect(try box.ok(["set", "height", "0.3"]).stdoutText == "height: valid (green)\n", "0.1 + 0.2 is 0.3: a decimal, not a double")
        #expect(try box.ok(["set", "colour", "pink"]).stdoutText == "colour: invalid (orange): is not one of: red, green, blue\n")
        #expect(try box.ok(["set", "toppings", "cheese", "olives", "basil"]).stdoutText == "toppings: invalid (orange): has 3 selected, allows at most 2\n")
        #expect(try box.ok(["set", "toppings", "cheese", "cheese"]).stdoutText == "toppings: invalid (orange): gives \"cheese\" twice\n")
        #expect(try box.ok(["set", "start", "2027-01-01"]).stdoutText == "start: invalid (orange): is after 2026-12-31\n")
        let several = try box.formctl(["set", "age", "1", "2"])
        #expect(several.status == 64 && several.stderrText.contains("takes one value"), "\(several)")
    }

    @Test("a value written with sqlite3 that is not canonical, or a malformed selection, reads as invalid with its reason")
    func sqlite3Values() throws {
        let box = try Self.surveyBox()
        try box.exec("UPDATE field SET value = '034' WHERE key = 'age'; UPDATE field SET value = '[\"cheese\",' WHERE key = 'toppings'; UPDATE field SET value = '[]' WHERE key = 'colour';")
        let check = try box.formctl(["check"])
        #expect(check.status == 1)
        #expect(check.stdoutText.contains("age (page you): invalid: is not written as formctl stores it (34)"), "\(check)")
        #expect(check.stdoutText.contains("toppings (page lunch): invalid: is not a list of choices"), "\(check)")
        #expect(check.stdoutText.contains("colour (page lunch): invalid: is not one of: red, green, blue"), "\(check)")
        let json = try box.ok(["get", "toppings", "--json"]).stdout.json() as? [String: Any]
        #expect(json?["value"] as? String == "[\"cheese\",", "an unusable stored value is given as the string stored")
    }

    @Test("a form file refuses hostile typed values and rules at their line and column and writes nothing", arguments: [
        ("{key: a, type: integer, min: 1e400}", "`min` 1e400 is not a whole number"),
        ("{key: a, type: integer, default: 99999999999999999999}", "is not a whole number"),
        ("{key: a, type: decimal, max: .nan}", "is not a decimal number"),
        ("{key: a, type: integer, min: \"5\"}", "(write it without quotes)"),
        ("{key: a, type: date, default: \"2023-02-29\"}", "is not a date"),
        ("{key: a, type: time, max: \"24:00\"}", "is not a time"),
        ("{key: a, type: datetime, default: \"2026-01-01T00:00:00+25:00\"}", "is not a date and time"),
        ("{key: a, type: select_one, choices: [red, red]}", "is given twice"),
        ("{key: a, type: select_one, choices: [\"dark\\tred\"]}", "cannot hold control characters (U+0009"),
        ("{key: a, type: select_one}", "needs `choices`"),
        ("{key: a, type: integer, min: 5, max: 1}", "leave no value that could pass"),
        ("{key: a, type: integer, pattern: \"[0-9]+\"}", "`pattern` applies to `text` and `long_text` fields only"),
        ("{key: a, type: boolean, min_length: 1}", "`min_length` applies to"),
        ("{key: a, type: text, min: 1}", "`min` applies to"),
        ("{key: a, type: number}", "unknown `type` \"number\""),
        ("{key: a, type: select_multiple, choices: [x, y], min_selected: 2, max_selected: 1}", "no answer could pass"),
    ])
    func hostileFile(field: String, message: String) throws {
        try Self.expectRefused(fields: ["\(field)"], message: "form.yaml:6:", message)
    }

    /// Applies a one-page form of `fields` (flow mappings, one a line) to a
    /// new database and expects 65 with every one of `messages`, and no
    /// database made.
    static func expectRefused(fields: [String], message messages: String...) throws {
        let box = try Sandbox()
        let file = box.path("form.yaml")
        let lines = fields.map { "          - \($0)\n" }.joined()
        try Data("pages:\n  - key: main\n    rows:\n      - width: 540\n        fields:\n\(lines)".utf8).write(to: URL(fileURLWithPath: file))
        let result = try box.formctl(["apply", file])
        #expect(isError(result, 65) && messages.allSatisfy(result.stderrText.contains), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: box.db), "nothing written")
    }

    @Test("conditions: a comparison that does not fit the field's type, and a cycle through all/any, are refused", arguments: [
        ("{key: b, show_if: {field: n, at_least: 18}}", "`at_least` compares numbers, dates and times"),
        ("{key: b, show_if: {field: i, includes: 3}}", "`includes` reads a `select_multiple` field"),
        ("{key: b, show_if: {field: i, equals: \"18\"}}", "(write it without quotes)"),
        ("{key: b, show_if: {field: s, in: [red, pink]}}", "\"pink\" is not one of"),
        ("{key: b, show_if: {any: [{field: c, filled: true}]}}\n          - {key: c, show_if: {all: [{field: b, filled: true}]}}", "form a cycle: `b` → `c` → `b`"),
    ])
    func hostileConditions(field: String, message: String) throws {
        try Self.expectRefused(fields: ["{key: n}", "{key: i, type: integer}", "{key: s, type: select_one, choices: [red, blue]}", field],
                               message: message)
    }

    @Test("a condition nested more than 32 deep (all, any, not) is refused, never followed down the stack")
    func deepConditions() throws {
        var condition = "{field: a, filled: true}"
        for level in 0..<33 { condition = level % 2 == 0 ? "{not: \(condition)}" : "{all: [\(condition)]}" }
        try Self.expectRefused(fields: ["{key: a}", "{key: b, show_if: \(condition)}"], message: "more than 32 deep")
    }

    @Test("conditions on typed values show and hide fields as the values change; a hidden field reads as empty")
    func conditions() throws {
        let box = try Sandbox()
        let file = box.path("form.yaml")
        try Data("""
            pages:
              - key: main
                rows:
                  - width: 540
                    fields:
                      - {key: age, type: integer}
                      - {key: laptop, type: boolean, hidden: true}
                      - {key: adult, show_if: {field: age, at_least: 18}}
                      - {key: both, show_if: {all: [{field: age, at_least: 18}, {not: {field: laptop, filled: true}}]}}
            """.utf8).write(to: URL(fileURLWithPath: file))
        try box.ok(["apply", file])
        func shown() throws -> [String] {
            let fields = try #require(try box.ok(["fields", "--json"]).stdout.json() as? [[String: Any]])
            return fields.filter { $0["shown"] as? Bool == true }.compactMap { $0["key"] as? String }
        }
        #expect(try shown() == ["age"])
        try box.ok(["set", "age", "18"])
        #expect(try shown() == ["age", "adult", "both"])
        try box.ok(["set", "laptop", "yes"])
        #expect(try shown() == ["age", "adult", "both"], "laptop is hidden: it reads as empty")
        try box.ok(["set", "age", "abc"])
        #expect(try shown() == ["age"], "a value that does not parse reads as empty")
    }

    @Test("values --load and submit --from refuse a wrong type at line:column and write nothing")
    func valuesFiles() throws {
        let box = try Self.surveyBox()
        let before = try box.bytes()
        let bad = box.path("bad.json")
        try Data(#"{"age": "34", "height": 1e3, "laptop": "yes", "start": "2023-02-29", "toppings": "olives"}"#.utf8).write(to: URL(fileURLWithPath: bad))
        for command in [["values", "--load", bad], ["submit", "--from", bad]] {
            let result = try box.formctl(command)
            #expect(isError(result, 65), "\(result)")
            for (place, key) in [("1:9", "age"), ("1:25", "height"), ("1:40", "laptop"), ("1:56", "start"), ("1:82", "toppings")] {
                #expect(result.stderrText.contains("bad.json:\(place): the value of \"\(key)\""), "\(place) \(key): \(result)")
            }
            #expect(try box.bytes() == before, "nothing written")
        }
        let csv = box.path("bad.csv")
        try Data("age,call\r\n1e3,24:00\r\n".utf8).write(to: URL(fileURLWithPath: csv))
        let refused = try box.formctl(["values", "--load", csv])
        #expect(isError(refused, 65) && refused.stderrText.contains("bad.csv:2:1:") && refused.stderrText.contains("bad.csv:2:5:"), "\(refused)")
    }

    @Test("values and responses round-trip through JSON and CSV exactly, --split included")
    func roundTrips() throws {
        let box = try Self.surveyBox()
        for (key, value) in [("name", "Ada, \"the\" Countess"), ("age", "36"), ("height", "1.8"), ("start", "2026-03-01"), ("colour", "red"),
                             ("laptop", "true"), ("call", "09:30"), ("meeting", "2026-03-01T10:00:00.5+01:00"), ("bio", "two\nlines")] {
            try box.ok(["set", key, value])
        }
        try box.ok(["set", "toppings", "olives", "cheese"])
        let stored = try box.rows("SELECT key, value FROM field ORDER BY position")
        for format in ["json", "csv"] {
            let printed = try box.ok(["values", "--format", format])
            let file = box.path("values.\(format)")
            try printed.stdout.write(to: URL(fileURLWithPath: file))
            try box.ok(["values", "--clear"])
            try box.ok(["values", "--load", file])
            #expect(try box.rows("SELECT key, value FROM field ORDER BY position") == stored, "\(format)")
        }
        let json = try #require(try box.ok(["values"]).stdout.json() as? [String: Any])
        #expect(json["age"] as? Int == 36 && json["laptop"] as? Bool == true && json["toppings"] as? [String] == ["cheese", "olives"])
        #expect(json["height"] as? Double == 1.8)
        try box.ok(["submit"])
        let lines = try box.ok(["responses", "--format", "csv", "--split"]).stdoutText.split(separator: "\r\n").map(String.init)
        #expect(lines.first?.contains("toppings/cheese,toppings/olives,toppings/basil") == true, "\(lines)")
        #expect(lines.last?.contains(",1,1,0,") == true, "\(lines)")
        let answers = try #require(try box.ok(["responses", "--format", "jsonl"]).stdout.json() as? [String: Any])
        let values = try #require(answers["values"] as? [String: Any])
        #expect(values["age"] as? Int == 36 && values["toppings"] as? [String] == ["cheese", "olives"] && values["call"] as? String == "09:30")
        #expect(values["laptop"] as? Bool == true, "the response keeps what was answered")
        #expect(try box.ok(["get", "laptop"]).stdoutText == "false\n", "submit cleared the form to the field's default")
    }

    @Test("10,000 choices are taken and stay fast; 10,001 are refused by the documented limit")
    func manyChoices() throws {
        let box = try Sandbox()
        for (count, taken) in [(10_000, true), (10_001, false)] {
            let choices = (1...count).map { "c\($0)" }.joined(separator: ", ")
            let file = box.path("many\(count).yaml")
            try Data("pages:\n  - key: main\n    rows:\n      - width: 540\n        fields:\n          - {key: pick, type: select_multiple, choices: [\(choices)]}\n".utf8)
                .write(to: URL(fileURLWithPath: file))
            let db = box.path("many\(count).db")
            let result = try box.formctl(["apply", file], db: db)
            if taken {
                #expect(result.status == 0, "\(result)")
                #expect(try box.ok(["set", "pick", "c1", "c9999"], db: db).stdoutText == "pick: valid (green)\n")
                #expect(try box.value("SELECT count(*) FROM field_choice", db: db) == "10000")
            } else {
                #expect(isError(result, 65) && result.stderrText.contains("at most 10000 choices"), "\(result)")
            }
        }
    }
}
