import Foundation
import JSONSchemaTestSupport
import Testing

/// More of the JSON Schemas people publish (DECISIONS, "More of the JSON
/// Schemas that people publish"), against the real binary: `readOnly` as a
/// read-only field, `"type": "null"` and a property with only a title as a
/// note, one-value enums and rjsf's labelled yes/no as choices, an array of
/// choices without `uniqueItems` as a list, an open `anyOf` and a drawing
/// format dropped with a warning; `set` refusing a read-only field and a
/// note with nothing written; the exported schema validating what `values`
/// writes (Python's `jsonschema`); and what is still refused.
@Suite("JSON Schema import: read-only fields, notes and labelled choices", .tags(.jsonSchemaOracle), .slow)
struct JSONSchemaReadOnlyNoteTests {
    static let schema = #"""
        {
          "title": "Order",
          "type": "object",
          "required": ["name", "size"],
          "properties": {
            "intro": {"title": "Before you start", "description": "Prices include tax", "type": "null"},
            "notice": {"description": "Delivery takes a week"},
            "name": {"type": "string", "title": "Name"},
            "code": {"type": "string", "title": "Code", "readOnly": true, "default": "A-1"},
            "legacy": {"type": "integer", "readonly": true},
            "size": {"type": "string", "title": "Size", "anyOf": [
              {"title": "Small", "enum": ["s"]}, {"title": "Large", "type": "string", "enum": ["l"]}]},
            "gift": {"type": "boolean", "title": "Gift", "oneOf": [{"const": true, "title": "Wrap it"}, {"const": false, "title": "No"}]},
            "colours": {"type": "array", "title": "Colours", "items": {"type": "string", "enum": ["red", "blue"]}},
            "flavour": {"type": "string", "anyOf": [{"const": "mint", "title": "Mint"}, {}]},
            "when": {"type": "string", "format": "datetime-local"},
            "shipping": {"type": "object", "readOnly": true, "properties": {"street": {"type": "string"}, "city": {"type": "string"}}}
          }
        }
        """#

    @Test("each construct imports as DECISIONS says, with one warning for each thing dropped")
    func imports() throws {
        let box = try Sandbox()
        let file = box.path("order.json")
        try Self.schema.write(toFile: file, atomically: true, encoding: .utf8)
        let applied = try box.ok(["apply", file])
        let warnings = applied.stderrText.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.count == 3, "\(applied.stderrText)")
        #expect(applied.stderrText.contains("(/properties/gift/oneOf): warning:"), "\(applied.stderrText)")
        #expect(applied.stderrText.contains("(/properties/flavour/anyOf): warning:"), "\(applied.stderrText)")
        #expect(applied.stderrText.contains("(/properties/when/format): warning:"), "\(applied.stderrText)")
        let rows = try box.rows("SELECT key, type, read_only, required, coalesce(hint, '') FROM field ORDER BY position")
        let byKey = Dictionary(uniqueKeysWithValues: rows.map { ($0[0] ?? "", Array($0.dropFirst())) })
        #expect(byKey["intro"] == ["note", "0", "0", "Prices include tax"])
        #expect(byKey["notice"] == ["note", "0", "0", "Delivery takes a week"])
        #expect(byKey["code"] == ["text", "1", "0", ""])
        #expect(byKey["legacy"] == ["integer", "1", "0", ""])
        #expect(byKey["size"] == ["select_one", "0", "1", ""])
        #expect(byKey["gift"] == ["boolean", "0", "0", ""])
        #expect(byKey["flavour"] == ["text", "0", "0", ""])
        #expect(byKey["when"] == ["text", "0", "0", ""])
        #expect(byKey["shipping.street"] == ["text", "1", "0", ""] && byKey["shipping.city"] == ["text", "1", "0", ""])
        #expect(try box.rows("SELECT field_choice.value, field_choice.label FROM field_choice JOIN field ON field.id = field_id WHERE key = 'size' ORDER BY field_choice.position")
                == [["s", "Small"], ["l", "Large"]])
        // An array of choices that may repeat one: a list of select_one.
        let list = try box.json("SELECT kind FROM form_group WHERE path = 'colours'")
        #expect(list.first?["kind"] as? String == "repeat")
        #expect(try box.value("SELECT value FROM field WHERE key = 'code'") == "A-1")
    }

    @Test("set refuses a read-only field (64) and a note (65) with nothing written; --force and field read-only change it")
    func refusals() throws {
        let box = try Sandbox()
        let file = box.path("order.json")
        try Self.schema.write(toFile: file, atomically: true, encoding: .utf8)
        try box.ok(["apply", file])
        let before = try box.bytes()
        let readOnly = try box.formctl(["set", "code", "B-2"])
        #expect(readOnly.status == 64, "\(readOnly)")
        #expect(readOnly.stderrText.contains("code is read-only") && readOnly.stderrText.contains("--force"), "\(readOnly.stderrText)")
        let nested = try box.formctl(["set", "shipping.city", "Paris"])
        #expect(nested.status == 64, "\(nested)")
        let note = try box.formctl(["set", "intro", "x", "--force"])
        #expect(note.status == 65, "\(note)")
        #expect(try box.bytes() == before, "a refused set wrote to the database")
        #expect(try box.ok(["set", "code", "B-2", "--force"]).stdoutText.hasPrefix("code: valid"))
        #expect(try box.value("SELECT value FROM field WHERE key = 'code'") == "B-2")
        try box.ok(["field", "read-only", "name"])
        #expect(try box.formctl(["set", "name", "Ada"]).status == 64)
        try box.ok(["field", "read-only", "name", "--off"])
        try box.ok(["set", "name", "Ada"])
        #expect(try box.formctl(["field", "read-only", "intro"]).status == 65)
        // The form file says it, and gives it back.
        let exported = try box.ok(["export"]).stdoutText
        #expect(exported.contains("{key: code, label: Code, length_unit: code_points, default: A-1, read_only: true}"), "\(exported)")
        #expect(exported.contains("{key: intro, label: Before you start, type: note, hint: Prices include tax}"), "\(exported)")
    }

    @Test("values hold no note; the exported schema validates them exactly when check passes, and imports the same form again")
    func roundTrip() throws {
        let box = try Sandbox()
        let file = box.path("order.json")
        try Self.schema.write(toFile: file, atomically: true, encoding: .utf8)
        try box.ok(["apply", file])
        let schema = try box.ok(["export", "--format", "json-schema"]).stdoutText
        let object = try #require(try JSONSerialization.jsonObject(with: Data(schema.utf8)) as? [String: Any])
        let properties = try #require(object["properties"] as? [String: [String: Any]])
        #expect(properties["intro"]?["type"] as? String == "null")
        #expect(properties["code"]?["readOnly"] as? Bool == true)
        #expect((object["required"] as? [String])?.contains("intro") == false)
        var instances: [String] = []
        var verdicts: [Bool] = []
        for (key, values) in [("name", ["Ada"]), ("size", ["s"]), ("colours", []), ("gift", ["yes"]), ("size", ["m"]), ("size", ["l"])] {
            if key == "colours" {
                try box.ok(["repeat", "add", "colours"])
                try box.ok(["repeat", "add", "colours"])
                try box.ok(["set", "colours.1", "red"])
                try box.ok(["set", "colours.2", "red"])
            } else {
                try box.ok(["set", key, "--"] + values)
            }
            let values = try box.ok(["values", "--format", "json"]).stdoutText
            #expect(!values.contains("\"intro\"") && !values.contains("\"notice\""), "\(values)")
            instances.append(values)
            verdicts.append(try box.formctl(["check"]).status == 0)
        }
        #expect(verdicts.contains(true) && verdicts.contains(false), "\(verdicts)")
        let validated = try JSONSchemaPython.validate([JSONSchemaPython.Job(schema: schema, instances: instances)])
        for index in instances.indices {
            #expect(validated.first?[index] == verdicts[index], "\(instances[index]): jsonschema \(String(describing: validated.first?[index])), check \(verdicts[index])")
        }
        let csv = try box.ok(["values", "--format", "csv"]).stdoutText
        #expect(!csv.contains("intro"), "\(csv)")

        // The exported schema applied again gives the same form file.
        let other = try Sandbox()
        let schemaFile = other.path("order.schema.json")
        try schema.write(toFile: schemaFile, atomically: true, encoding: .utf8)
        try other.ok(["apply", schemaFile])
        #expect(try other.ok(["export", "--format", "json-schema"]).stdoutText == schema)
        #expect(try other.rows("SELECT key, type, read_only FROM field ORDER BY position")
                == box.rows("SELECT key, type, read_only FROM field WHERE key NOT LIKE 'colours.%' ORDER BY position"))
    }

    @Test("still refused by name: readOnly on the whole form or an array, a default on a note")
    func stillRefused() throws {
        for (schema, pointer) in [
            (#"{"type": "object", "readOnly": true, "properties": {"a": {"type": "string"}}}"#, "(/readOnly)"),
            (#"{"type": "object", "properties": {"a": {"type": "array", "readOnly": true, "items": {"type": "string"}}}}"#, "(/properties/a/readOnly)"),
            (#"{"type": "object", "properties": {"a": {"type": "null", "default": 1}}}"#, "(/properties/a/default)"),
        ] {
            let box = try Sandbox()
            let file = box.path("refused.json")
            try schema.write(toFile: file, atomically: true, encoding: .utf8)
            let result = try box.formctl(["apply", file])
            #expect(result.status == 65, "\(schema): \(result)")
            #expect(result.stderrText.contains(pointer), "\(schema): \(result.stderrText)")
            if FileManager.default.fileExists(atPath: box.db) {
                #expect(try box.value("SELECT count(*) FROM field WHERE key = 'a'") == "0")
            }
        }
    }
}
