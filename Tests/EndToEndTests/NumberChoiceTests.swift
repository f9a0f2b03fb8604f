import Foundation
import Testing

/// Numbers to choose from (DECISIONS, "More of the JSON Schemas that people
/// publish"): an `integer` or `decimal` field with `choices`, through the
/// real binary: the form file, `set` by value and by label, `check`, the
/// JSON values as numbers, the choices' rows in `sqlite3`, and both
/// exports.
@Suite("numbers to choose from")
struct NumberChoiceTests {
    static let form = """
        title: Survey
        pages:
          - key: main
            title: Main
            rows:
              - width: 540
                fields:
                  - {key: year, label: Year, type: integer, required: true, choices: [2024, 2025, 2026]}
                  - {key: size, label: Size, type: decimal, choices: [{value: 0.50, label: Half}, {value: 1, label: One}]}
        """

    static func box() throws -> Sandbox { try Sandbox.applying(form) }

    @Test("set takes a choice by value or label; another number is invalid, naming the choices; values give numbers")
    func setAndValues() throws {
        let box = try Self.box()
        #expect(try box.ok(["set", "year", "2025"]).stdoutText == "year: valid (green)\n")
        let other = try box.ok(["set", "year", "1999"])
        #expect(other.stdoutText == "year: invalid (orange): is not one of: 2024, 2025, 2026\n", "\(other)")
        #expect(try box.formctl(["check"]).status == 1)
        #expect(try box.ok(["set", "year", "2026"]).stdoutText == "year: valid (green)\n")
        #expect(try box.ok(["set", "size", "half"]).stdoutText == "size: valid (green)\n")
        #expect(try box.value("SELECT value FROM field WHERE key = 'size'") == "0.5")
        #expect(try box.ok(["values", "--format", "json"]).stdoutText == #"{"year":2026,"size":0.5}"# + "\n")
        #expect(try box.value("SELECT group_concat(c.value, ' ') FROM field_choice c JOIN field f ON f.id = c.field_id WHERE f.key = 'size'") == "0.5 1")
        #expect(try box.formctl(["check"]).status == 0)
    }

    @Test("export writes the choices as numbers, and the JSON Schema as an enum or oneOf of numbers that apply reads back")
    func exports() throws {
        let box = try Self.box()
        let yaml = try box.ok(["export"]).stdoutText
        #expect(yaml.contains("choices: [2024, 2025, 2026]"), "\(yaml)")
        #expect(yaml.contains("choices: [{value: 0.5, label: Half}, {value: 1, label: One}]"), "\(yaml)")
        let schema = try box.ok(["export", "--format", "json-schema"]).stdoutText
        #expect(schema.contains(#""enum": [2024, 2025, 2026]"#), "\(schema)")
        let file = box.path("schema.json")
        try Data(schema.utf8).write(to: URL(fileURLWithPath: file))
        let copy = box.path("copy.db")
        try box.ok(["apply", file], db: copy)
        #expect(try box.value("SELECT group_concat(type || ':' || (SELECT count(*) FROM field_choice WHERE field_id = field.id), ' ') FROM field", db: copy)
                == "integer:3 decimal:2")
    }
}
