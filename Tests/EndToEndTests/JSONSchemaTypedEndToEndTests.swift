import Foundation
import JSONSchemaTestSupport
import Testing

/// `export --format json-schema` of a typed form, against the real binary:
/// the form applied from a form file with every type, values given with
/// `set` (typed, and hostile ones stored as typed), the values object
/// `values --format json` prints (numbers, booleans, arrays, null), valid
/// against the exported schema (Python's `jsonschema`) exactly when `check`
/// exits 0; and the exported schema applied again gives the same form.
@Suite("JSON Schema export: typed fields, end to end", .tags(.jsonSchemaOracle), .slow)
struct JSONSchemaTypedEndToEndTests {
    static let form = """
        title: Typed
        pages:
          - key: main
            title: Main
            rows:
              - width: 540
                fields:
                  - {key: age, label: Age, type: integer, required: true, min: 18, max: 120}
                  - {key: height, label: Height, type: decimal, above: 0, max: 2.5, step: 0.01}
              - width: 540
                fields:
                  - {key: colour, label: Colour, type: select_one, choices: [red, green, blue]}
                  - key: toppings
                    label: Toppings
                    type: select_multiple
                    choices: [{value: cheese, label: Extra cheese}, {value: olives, label: Olives}, {value: basil, label: Basil}]
                    min_selected: 1
                    max_selected: 2
              - width: 540
                fields:
                  - {key: laptop, label: Laptop, type: boolean, required: true, default: false}
                  - {key: start, label: Start, type: date, min: "2026-01-01", max: "2026-12-31"}
              - width: 540
                fields:
                  - {key: call, label: Call, type: time, min: "09:00", below: "17:30"}
                  - {key: meeting, label: Meeting, type: datetime, hint: With an offset}
                  - {key: bio, label: Bio, type: long_text, max_length: 20, length_unit: code_points}
        """

    @Test("values are valid against the exported schema exactly when check passes; apply of the schema gives the typed fields back")
    func agreement() throws {
        let box = try Sandbox()
        let file = box.path("typed.yaml")
        try Self.form.write(toFile: file, atomically: true, encoding: .utf8)
        try box.ok(["apply", file])
        let schema = try box.ok(["export", "--format", "json-schema"]).stdoutText
        let base: [String: [String]] = ["age": ["40"], "laptop": ["yes"]]
        let changes: [[String: [String]]] = [
            [:], ["age": ["17"]], ["age": ["0x10"]], ["age": ["1e3"]], ["age": ["120"]], ["age": ["121"]], ["age": ["9007199254740991"]],
            ["height": ["0"]], ["height": ["2.5"]], ["height": ["2.505"]], ["height": ["1.50"]], ["height": [".75"]], ["height": ["NaN"]],
            ["colour": ["Red"]], ["colour": ["purple"]], ["colour": ["blue"]], ["toppings": ["cheese"]], ["toppings": ["olives", "cheese"]],
            ["toppings": ["cheese", "olives", "basil"]], ["toppings": ["ham"]], ["toppings": ["cheese", "cheese"]],
            ["laptop": ["no"]], ["laptop": ["maybe"]], ["start": ["2026-02-29"]], ["start": ["2026-06-30"]], ["start": ["2027-01-01"]],
            ["start": ["2024-02-29"]], ["call": ["09:00"]], ["call": ["17:30"]], ["call": ["17:29:59"]], ["call": ["24:00"]],
            ["call": ["8:59"]], ["meeting": ["2026-06-30T23:59:60Z"]], ["meeting": ["2026-06-30 10:00+02:00"]],
            ["meeting": ["2026-06-30T10:00:00"]], ["meeting": ["2026-06-30T23:59:60+01:00"]], ["bio": ["line one\nline two"]],
            ["bio": [String(repeating: "é", count: 21)]],
        ]
        var instances: [String] = []
        var verdicts: [Bool] = []
        for change in changes {
            for (key, value) in base.merging(change, uniquingKeysWith: { _, new in new }).sorted(by: { $0.key < $1.key }) {
                try box.ok(["set", key, "--"] + value)
            }
            instances.append(try box.ok(["values", "--format", "json"]).stdoutText)
            let check = try box.formctl(["check"])
            #expect(check.status == 0 || check.status == 1, "\(check)")
            verdicts.append(check.status == 0)
            for key in change.keys where base[key] == nil { try box.ok(["set", key, "--", ""]) }
        }
        let validated = try JSONSchemaPython.validate([JSONSchemaPython.Job(schema: schema, instances: instances)])
        for (index, change) in changes.enumerated() {
            #expect(validated.first?[index] == verdicts[index], "\(change): \(instances[index]): jsonschema \(String(describing: validated.first?[index])), check \(verdicts[index])")
        }
        #expect(verdicts.filter { $0 }.count >= 10 && verdicts.filter { !$0 }.count >= 15, "\(verdicts)")

        // The schema applied again: the same typed fields (bio comes back as text: no keyword says long text).
        let other = try Sandbox()
        let schemaFile = other.path("typed.schema.json")
        try schema.write(toFile: schemaFile, atomically: true, encoding: .utf8)
        try other.ok(["apply", schemaFile])
        let original = try box.ok(["export", "--format", "json"]).stdoutText
        let back = try other.ok(["export", "--format", "json"]).stdoutText
        let fields = { (text: String) throws -> [[String: Any]] in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let pages = try #require(object["pages"] as? [[String: Any]])
            return pages.flatMap { ($0["rows"] as? [[String: Any]] ?? []).flatMap { $0["fields"] as? [[String: Any]] ?? [] } }
        }
        let before = try fields(original).filter { ($0["type"] as? String ?? "text") != "long_text" }
        let after = try fields(back).filter { $0["key"] as? String != "bio" }
        #expect(before.count == 8 && after.count == 8)
        let text = { (field: [String: Any]) throws -> String in
            String(decoding: try JSONSerialization.data(withJSONObject: field, options: .sortedKeys), as: UTF8.self)
        }
        for (a, b) in zip(before, after) {
            #expect(try text(a) == text(b))
        }
        #expect(try other.ok(["export", "--format", "json-schema"]).stdoutText == schema)
    }
}
