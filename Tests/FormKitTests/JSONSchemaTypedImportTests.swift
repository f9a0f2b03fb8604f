import FormKit
import FormModel
import Foundation
import JSONSchemaTestSupport
import Testing
import Yams

/// `JSONSchemaImport` of typed properties (DECISIONS, "JSON Schema
/// import"): numbers read exactly, choices, arrays of choices, booleans,
/// dates and date-times, `title`/`description`/`default`, local `$ref`,
/// `type: [T, "null"]`; what cannot be said exactly is refused by name;
/// and import(export(form)) is the form for typed fields.
@Suite("JSON Schema import: typed fields", .tags(.jsonSchemaOracle), .slow)
struct JSONSchemaTypedImportTests {
    static func imported(_ text: String) throws -> FormSpec {
        try JSONSchemaImport.spec(from: try #require(try Yams.compose(yaml: text)), file: "schema.json")
    }

    static func document(_ properties: String, required: [String] = []) -> String {
        #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": {"# + properties + #"}, "required": ["#
            + required.map { "\"\($0)\"" }.joined(separator: ", ") + "]}"
    }

    static func problems(_ text: String) throws -> [FileProblem] {
        let node = try #require(try Yams.compose(yaml: text))
        do {
            _ = try JSONSchemaImport.spec(from: node, file: "schema.json")
            return []
        } catch {
            guard case .badFile(let problems) = error else { throw error }
            return problems
        }
    }

    @Test("each type and its keywords")
    func mapping() throws {
        let spec = try Self.imported(Self.document("""
            "age": {"type": "integer", "title": "Age", "description": "In years", "minimum": 18, "exclusiveMaximum": 120.5, "multipleOf": 1.5, "default": 30.0},
            "count": {"type": ["integer", "null"], "exclusiveMinimum": 0, "maximum": 1e2},
            "height": {"type": "number", "exclusiveMinimum": 0, "maximum": 2.50, "multipleOf": 1e-2, "default": 1.80},
            "laptop": {"type": "boolean", "default": false},
            "colour": {"type": "string", "enum": ["red", "green", "blue"], "default": "green"},
            "size": {"oneOf": [{"const": "s", "title": "Small"}, {"const": "l", "title": "Large"}, {"const": null}]},
            "only": {"const": "yes"},
            "toppings": {"type": "array", "items": {"anyOf": [{"const": "cheese", "title": "Extra cheese"}, {"const": "olives"}]},
                         "uniqueItems": true, "minItems": 1, "maxItems": 2.0, "default": ["olives", "cheese"]},
            "start": {"type": "string", "format": "date", "default": "2026-01-31"},
            "meeting": {"type": ["string", "null"], "format": "date-time"},
            "maybe": {"anyOf": [{"type": "integer", "minimum": 1}, {"type": "null"}], "title": "Maybe"},
            "note": {"type": "string", "readOnly": false, "writeOnly": true, "deprecated": false}
            """, required: ["age", "count", "height", "laptop", "colour", "size", "only", "toppings", "start", "meeting", "maybe"]))
        let fields = Dictionary(uniqueKeysWithValues: spec.fields.map { ($0.key, $0) })
        let age = try #require(fields["age"])
        #expect(age.label == "Age" && age.hint == "In years" && age.defaultValue == "30" && age.rules.required)
        #expect(age.rules.type == .integer && age.rules.lowerBound == ValueBound("18", inclusive: true))
        // An integer below 120.5 is one at most 120; a whole multiple of 3/2 is one of 3.
        #expect(age.rules.upperBound == ValueBound("120", inclusive: true) && age.rules.step == "3")
        let count = try #require(fields["count"])
        #expect(!count.rules.required && count.rules.lowerBound == ValueBound("0", inclusive: false) && count.rules.upperBound?.value == "100")
        let height = try #require(fields["height"])
        #expect(height.rules.type == .decimal && height.rules.step == "0.01" && height.rules.upperBound == ValueBound("2.5", inclusive: true))
        #expect(height.defaultValue == "1.8")
        #expect(fields["laptop"]?.rules.type == .boolean && fields["laptop"]?.defaultValue == "false")
        #expect(fields["colour"]?.rules.choices.map(\.value) == ["red", "green", "blue"] && fields["colour"]?.defaultValue == "green")
        let size = try #require(fields["size"])
        #expect(size.rules.type == .selectOne && size.rules.choices == [FieldChoice(value: "s", label: "Small"), FieldChoice(value: "l", label: "Large")])
        #expect(!size.rules.required)
        #expect(fields["only"]?.rules.choices == [FieldChoice(value: "yes")])
        let toppings = try #require(fields["toppings"])
        #expect(toppings.rules.type == .selectMultiple && toppings.rules.minSelected == 1 && toppings.rules.maxSelected == 2)
        #expect(toppings.rules.choices == [FieldChoice(value: "cheese", label: "Extra cheese"), FieldChoice(value: "olives")])
        #expect(toppings.defaultValue == #"["cheese","olives"]"#)
        #expect(fields["start"]?.rules.type == .date && fields["start"]?.defaultValue == "2026-01-31" && fields["start"]?.rules.required == true)
        #expect(fields["meeting"]?.rules.type == .datetime && fields["meeting"]?.rules.required == false)
        let maybe = try #require(fields["maybe"])
        #expect(maybe.label == "Maybe" && maybe.rules.type == .integer && !maybe.rules.required && maybe.rules.lowerBound?.value == "1")
        #expect(fields["note"]?.rules.type == .text && fields["note"]?.rules.required == false)
    }

    @Test("what pydantic writes: Optional fields as anyOf with null, enums in $defs with their own title, Literal as const")
    func pydantic() throws {
        let spec = try Self.imported("""
            {"$defs": {"Colour": {"enum": ["red", "green"], "title": "Colour", "type": "string"}},
             "properties": {
               "name": {"title": "Name", "type": "string"},
               "age": {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}], "default": null, "title": "Age"},
               "colour": {"anyOf": [{"$ref": "#/$defs/Colour"}, {"type": "null"}], "default": null, "title": "Favourite"},
               "kind": {"const": "person", "default": "person", "title": "Kind", "type": "string"},
               "yes": {"anyOf": [{"const": "y", "title": "Yes"}, {"type": "null"}]},
               "born": {"format": "date", "title": "Born", "type": "string"}},
             "required": ["name", "born"], "title": "Person", "type": "object"}
            """)
        #expect(spec.title == "Person" && spec.fields.map(\.key) == ["name", "age", "colour", "kind", "yes", "born"])
        #expect(spec.fields.map(\.label) == ["Name", "Age", "Favourite", "Kind", "yes", "Born"])
        #expect(spec.fields.map(\.rules.type) == [.text, .integer, .selectOne, .selectOne, .selectOne, .date])
        #expect(spec.fields.map(\.rules.required) == [true, false, false, false, false, true])
        #expect(spec.fields[2].rules.choices.map(\.value) == ["red", "green"] && spec.fields[3].defaultValue == "person")
        #expect(spec.fields[4].rules.choices == [FieldChoice(value: "y", label: "Yes")])
    }

    @Test("local $ref to $defs or definitions is followed, with sibling keywords; a cycle or a missing target is refused")
    func references() throws {
        let spec = try Self.imported("""
            {"type": "object", "$defs": {"age": {"type": "integer", "minimum": 0, "title": "Age"}, "alias": {"$ref": "#/$defs/age"}},
             "definitions": {"colours": {"enum": ["red", "blue"]}},
             "properties": {"a": {"$ref": "#/$defs/alias", "maximum": 120, "title": "Your age"},
                            "c": {"type": "array", "items": {"$ref": "#/definitions/colours"}, "uniqueItems": true},
                            "d": {"$ref": "#/properties/a"}}}
            """)
        #expect(spec.fields.map(\.key) == ["a", "c", "d"])
        #expect(spec.fields[0].label == "Your age" && spec.fields[0].rules.lowerBound?.value == "0" && spec.fields[0].rules.upperBound?.value == "120")
        #expect(spec.fields[1].rules.choices.map(\.value) == ["red", "blue"])
        #expect(spec.fields[2].rules == spec.fields[0].rules)
        let cycle = try Self.problems("""
            {"type": "object",
             "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}, "n": {"type": "integer", "minimum": 1}},
             "properties": {"x": {"$ref": "#/$defs/a"}, "y": {"$ref": "#/$defs/missing"}, "z": {"$ref": "https://example.com/s.json"},
                            "v": {"$ref": "#/$defs/n", "minimum": 2}}}
            """)
        let messages = cycle.map(\.description)
        #expect(messages.contains { $0.contains("(/$defs/b/$ref): `$ref` makes a cycle of references (#/$defs/a → #/$defs/b → #/$defs/a)") }, "\(messages)")
        #expect(messages.contains { $0.contains("(/properties/y/$ref): `$ref` \"#/$defs/missing\" names nothing") }, "\(messages)")
        #expect(messages.contains { $0.contains("(/properties/z/$ref): `$ref` is followed only within the document") }, "\(messages)")
        #expect(messages.contains { $0.contains("(/properties/v/minimum): `minimum` is given here and, differently, in the schema") }, "\(messages)")
    }

    @Test("what cannot be said exactly is refused by name, with its pointer")
    func refusals() throws {
        let problems = try Self.problems(Self.document("""
            "time": {"type": "string", "format": "uri"},
            "locked": {"type": "string", "readOnly": true},
            "address": {"type": "object", "properties": {"street": {"type": "string"}}},
            "people": {"type": "array", "items": {"type": "object"}, "uniqueItems": true},
            "numbers": {"enum": [1, 2, 3]},
            "mixed": {"type": "string", "enum": ["a", 2]},
            "spaced": {"enum": ["New\\u0009York", "Paris"]},
            "commas": {"type": "array", "items": {"enum": ["a\\u007fb", "c"]}, "uniqueItems": true},
            "long": {"enum": ["\(String(repeating: "x", count: 201))"]},
            "twice": {"enum": ["a", "a"]},
            "tags": {"type": "array", "items": {"enum": ["a", "b"]}},
            "precise": {"type": "number", "minimum": 0.1234567890123456},
            "huge": {"type": "integer", "maximum": 1e20},
            "hex": {"type": "integer", "default": "5"},
            "wrong": {"type": "boolean", "default": "yes"},
            "badday": {"type": "string", "format": "date", "default": "2023-02-29"},
            "union": {"type": ["integer", "string"]},
            "rule": {"type": "string", "format": "date", "pattern": "^2026"},
            "cond": {"type": "string", "if": {"minLength": 1}, "then": {"maxLength": 3}},
            "inverted": {"type": "integer", "minimum": 5, "maximum": 3},
            "nosteps": {"type": "number", "multipleOf": 0},
            "list": {"type": "array"}
            """))
        let byPointer = Dictionary(problems.map { ($0.pointer ?? "", $0.message) }, uniquingKeysWith: { first, _ in first })
        // `locked` (readOnly) is a read-only field now, and `tags` (choices
        // that may repeat) a list of select_one (JSONSchemaReadOnlyNoteTests).
        let expected: [(String, String)] = [
            ("/properties/time/format", "`format` is accepted only as \"email\", \"date\", \"date-time\" and \"time\""),
            // A nested object is a group now (JSONSchemaGroupsTests); an
            // array of objects without `properties` holds any keys.
            ("/properties/people/items", "a repeat's items without `properties` holds any keys"),
            ("/properties/mixed/enum/1", "not all strings"),
            ("/properties/spaced/enum/0", "cannot hold control characters (U+0009"),
            ("/properties/commas/items/enum/0", "cannot hold control characters (U+007F"),
            ("/properties/long/enum/0", "at most 200 characters, not 201"),
            ("/properties/twice/enum/1", "given twice"),
            ("/properties/precise/minimum", "outside what a `decimal` holds exactly"),
            ("/properties/huge/maximum", "outside what a `decimal` holds exactly"),
            ("/properties/hex/default", "`default` must be a whole number"),
            ("/properties/wrong/default", "`default` must be true or false"),
            ("/properties/badday/default", "is not a date"),
            ("/properties/union/type", "gives 2 types"),
            ("/properties/rule/pattern", "only as the pattern formctl writes"),
            ("/properties/cond/if", "`if` cannot be represented"),
            ("/properties/cond/then", "`then` cannot be represented"),
            ("/properties/inverted", "leave no value that could pass (`min` is this schema's `minimum`)"),
            ("/properties/nosteps/multipleOf", "must be above 0"),
            ("/properties/list", "only with `items` of choices"),
        ]
        for (pointer, words) in expected {
            #expect(byPointer[pointer]?.contains(words) == true, "\(pointer): \(String(describing: byPointer[pointer]))")
        }
        #expect(problems.count == expected.count, "\(problems.map(\.description).joined(separator: "\n"))")
        let top = try Self.problems(#"{"type": "object", "properties": {}, "dependencies": {"a": ["b"]}, "readOnly": true}"#)
        #expect(top.map(\.pointer) == ["/dependencies", "/readOnly"], "\(top)")
    }

    static let roundTripFields: [FieldSpec] = {
        typealias F = JSONSchemaTypedExportTests
        return [
            F.field("age", .integer, required: true, lower: ValueBound("18", inclusive: true), upper: ValueBound("120", inclusive: false),
                    step: "2", hint: "In years", defaultValue: "30"),
            F.field("count", .integer, lower: ValueBound("-5", inclusive: false)),
            F.field("height", .decimal, lower: ValueBound("0", inclusive: false), upper: ValueBound("2.5", inclusive: true), step: "0.01",
                    defaultValue: "1.75"),
            F.field("huge", .decimal, lower: ValueBound("-999999999999999.999999999999999", inclusive: true), step: "0.000000000000001"),
            F.field("laptop", .boolean, required: true, defaultValue: "false"),
            F.field("maybe", .boolean),
            F.field("colour", .selectOne, choices: F.colours, defaultValue: "blue"),
            F.field("size", .selectOne, required: true, choices: [FieldChoice(value: "s", label: "Small"), FieldChoice(value: "é", label: "É")]),
            F.field("toppings", .selectMultiple, required: true, choices: F.toppings, minSelected: 1, maxSelected: 2,
                    defaultValue: #"["cheese"]"#),
            F.field("extras", .selectMultiple, choices: F.colours),
            F.field("start", .date, lower: ValueBound("2026-01-01", inclusive: true), upper: ValueBound("2026-12-31", inclusive: true),
                    defaultValue: "2026-03-01"),
            F.field("after", .date, required: true, lower: ValueBound("2000-02-29", inclusive: false)),
            F.field("any", .date),
            F.field("call", .time, lower: ValueBound("09:00", inclusive: true), upper: ValueBound("17:30:30", inclusive: false)),
            F.field("early", .time, required: true, upper: ValueBound("08:00", inclusive: true), defaultValue: "07:30"),
            F.field("clock", .time),
            F.field("meeting", .datetime, required: true, defaultValue: "2026-01-01T09:00:00+01:00"),
            F.field("when", .datetime),
        ]
    }()

    @Test("import(export(form)) is the form, for every typed field")
    func roundTrip() throws {
        let form = JSONSchemaTypedExportTests.form(Self.roundTripFields)
        let schema = try JSONSchemaExport.schema(of: form)
        let back = try Self.imported(schema)
        #expect(back.fields.count == Self.roundTripFields.count)
        for (original, imported) in zip(Self.roundTripFields, back.fields) {
            #expect(imported == original, "\(original.key)")
        }
        #expect(try JSONSchemaExport.schema(of: back) == schema)
    }

    /// A property and JSON values (as formctl writes them) to try.
    static let agreementCases: [(property: String, values: [String])] = [
        (#"{"type": "integer", "minimum": 1.5, "exclusiveMaximum": 10, "multipleOf": 1.5}"#, ["0", "1", "2", "3", "6", "9", "10", "12", "-3"]),
        (#"{"type": "integer", "exclusiveMinimum": -2.5, "maximum": 7.9}"#, ["-3", "-2", "7", "8", "0"]),
        (#"{"type": "number", "minimum": 0.1, "multipleOf": 0.1}"#, ["0", "0.1", "0.3", "0.35", "1", "0.7", "123456789.1", "0.05"]),
        (#"{"type": "number", "exclusiveMinimum": 0, "maximum": 2.5, "multipleOf": 0.01}"#, ["0", "0.01", "0.015", "2.5", "2.51", "1.23"]),
        (#"{"type": "number", "multipleOf": 1e-8, "maximum": 1e3}"#, ["0.00000001", "0.000000015", "1000", "1000.00000001", "5"]),
        (#"{"type": "boolean"}"#, ["true", "false"]),
        // (Not "Red": formctl takes a choice's label, in any case, for its value.)
        (#"{"enum": ["red", "green", "blue"]}"#, [#""red""#, #""purple""#, #""blue""#]),
        (#"{"oneOf": [{"const": "s", "title": "Small"}, {"const": "l", "title": "Large"}]}"#, [#""s""#, #""l""#, #""m""#]),
        (#"{"type": "array", "items": {"enum": ["a", "b", "c"]}, "uniqueItems": true, "minItems": 2, "maxItems": 2}"#,
         [#"["a"]"#, #"["a","b"]"#, #"["b","c"]"#, #"["a","b","c"]"#, #"["a","d"]"#]),
        (#"{"type": "string", "format": "date"}"#, [#""2024-02-29""#, #""2023-02-29""#, #""2026-13-01""#, #""0001-01-01""#]),
        // (`format: date-time` is not asserted by Python's jsonschema
        // without rfc3339-validator, which refuses every leap second: the
        // JSON Schema Test Suite's cases check it, Scripts/json-schema-test-suite.sh.)
    ]

    @Test("after the import, a value formctl writes passes check exactly when the property's schema accepts it")
    func agreement() throws {
        var jobs: [JSONSchemaPython.Job] = []
        var expected: [[Bool]] = []
        for item in Self.agreementCases {
            let text = Self.document(#""v": "# + item.property, required: ["v"])
            let field = try #require(try Self.imported(text).fields.first)
            jobs.append(JSONSchemaPython.Job(schema: text, instances: item.values.map { #"{"v": "# + $0 + "}" }))
            expected.append(try item.values.map { json in
                // What formctl's typed JSON readers take: a string's text, an
                // array's values, a number's or a boolean's own digits.
                let input: String
                if json.hasPrefix("\"") {
                    input = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) as? String)
                } else if json.hasPrefix("[") {
                    input = SelectionValue.encode(try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String]))
                } else {
                    input = json
                }
                let stored = field.rules.storedText(forInput: input)
                return JSONSchemaTypedExportTests.passes([field], [field.key: stored])
            })
        }
        let verdicts = try JSONSchemaPython.validate(jobs)
        for (place, item) in Self.agreementCases.enumerated() {
            #expect(verdicts[place] == expected[place], "\(item.property) on \(item.values)")
        }
    }
}
