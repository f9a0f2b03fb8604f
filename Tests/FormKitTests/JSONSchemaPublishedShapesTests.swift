import FormKit
import FormModel
import Testing
import Yams

/// What published form schemas write that a form can hold (DECISIONS,
/// "More of the JSON Schemas that people publish"): other tools' drawing
/// hints dropped with a warning each, `format: time` as a `time`,
/// draft-04's `id`, a root without `"type": "object"`, rjsf's `enumNames`.
@Suite("JSON Schema import: published shapes")
struct JSONSchemaPublishedShapesTests {
    /// The form `text` declares and the warnings of its import.
    static func imported(_ text: String) throws -> (spec: FormSpec, warnings: [FileProblem]) {
        var warnings: [FileProblem] = []
        let spec = try FormSpec.decode(Array(text.utf8), file: "s.json", warnings: &warnings)
        return (spec, warnings)
    }

    @Test("drawing hints are dropped, one warning each with its pointer, line and column, in the document's order")
    func drawingHints() throws {
        let (spec, warnings) = try Self.imported("""
            {
              "type": "object",
              "x-layout": "wide",
              "properties": {
                "bio": {"type": "string", "format": "textarea", "ui:widget": "textarea"},
                "colour": {"type": "string", "format": "color", "options": {"colorpicker": true}},
                "size": {"type": "string", "enum": ["S", "M"], "x-display": "radio", "widget": "select"},
                "tags": {"type": "array", "uniqueItems": true, "format": "checkbox", "items": {"enum": ["a", "b"], "x-order": 1}},
                "age": {"type": "integer", "propertyOrder": 3, "uniforms": {"step": 1}}
              },
              "options": {"disable_collapse": true}
            }
            """)
        #expect(spec.fields.map(\.key) == ["bio", "colour", "size", "tags", "age"])
        #expect(spec.fields.map(\.rules.type) == [.longText, .text, .selectOne, .selectMultiple, .integer])
        let lines = warnings.map(\.description)
        #expect(lines == [
            "s.json:3:3 (/x-layout): `x-layout` only tells another tool how to draw the form: dropped",
            "s.json:5:31 (/properties/bio/format): `format` \"textarea\" only tells another tool how to draw the field: dropped (a text field becomes `long_text`, which formctl draws as a text area)",
            "s.json:5:53 (/properties/bio/ui:widget): `ui:widget` only tells another tool how to draw the form: dropped",
            "s.json:6:34 (/properties/colour/format): `format` \"color\" only tells another tool how to draw the field: dropped",
            "s.json:6:53 (/properties/colour/options): `options` only tells another tool how to draw the form: dropped",
            "s.json:7:52 (/properties/size/x-display): `x-display` only tells another tool how to draw the form: dropped",
            "s.json:7:74 (/properties/size/widget): `widget` only tells another tool how to draw the form: dropped",
            "s.json:8:52 (/properties/tags/format): `format` \"checkbox\" only tells another tool how to draw the field: dropped",
            "s.json:8:104 (/properties/tags/items/x-order): `x-order` only tells another tool how to draw the form: dropped",
            "s.json:9:32 (/properties/age/propertyOrder): `propertyOrder` only tells another tool how to draw the form: dropped",
            "s.json:9:52 (/properties/age/uniforms): `uniforms` only tells another tool how to draw the form: dropped",
            "s.json:11:3 (/options): `options` only tells another tool how to draw the form: dropped",
        ], "\(lines.joined(separator: "\n"))")
    }

    @Test("a format that asserts something is never dropped")
    func assertingFormats() throws {
        for format in ["uri", "uuid", "ipv4", "hostname"] {
            let text = #"{"type": "object", "properties": {"a": {"type": "string", "format": "\#(format)"}}}"#
            #expect(throws: FormKitError.self, "\(format)") { try Self.imported(text) }
        }
    }

    @Test("format: time is a time; draft-04's id and a root without type are read")
    func timeIdAndRoot() throws {
        let (spec, warnings) = try Self.imported("""
            {
              "$schema": "http://json-schema.org/draft-04/schema#",
              "id": "http://example.com/shift",
              "title": "Shift",
              "properties": {
                "start": {"id": "#start", "type": "string", "format": "time", "title": "Starts at"},
                "end": {"type": ["string", "null"], "format": "time", "default": "17:30"}
              },
              "required": ["start", "end"]
            }
            """)
        #expect(warnings.isEmpty)
        #expect(spec.title == "Shift")
        #expect(spec.fields.map(\.rules.type) == [.time, .time])
        #expect(spec.fields.map(\.rules.required) == [true, false])
        #expect(spec.fields[1].defaultValue == "17:30")
        // Without `$schema` and `type`, `properties` is what says schema.
        let bare = try Self.imported(#"{"properties": {"name": {"type": "string"}}}"#).spec
        #expect(bare.fields.map(\.key) == ["name"])
    }

    @Test("rjsf's enumNames labels an enum's choices, one for each")
    func enumNames() throws {
        let (spec, _) = try Self.imported("""
            {"type": "object", "properties": {
              "size": {"type": "string", "enum": ["s", "m"], "enumNames": ["Small", "Medium"]},
              "tags": {"type": "array", "uniqueItems": true, "items": {"type": "string", "enum": ["a", "b"], "enumNames": ["Alpha", ""]}}
            }}
            """)
        #expect(spec.fields[0].rules.choices == [FieldChoice(value: "s", label: "Small"), FieldChoice(value: "m", label: "Medium")])
        #expect(spec.fields[1].rules.choices == [FieldChoice(value: "a", label: "Alpha"), FieldChoice(value: "b")])
        let text = #"{"type": "object", "properties": {"size": {"enum": ["s", "m"], "enumNames": ["Small"]}}}"#
        do {
            _ = try Self.imported(text)
            Issue.record("an enumNames of the wrong length was taken")
        } catch let error as FormKitError {
            guard case .badFile(let problems) = error else { throw error }
            #expect(problems.map(\.description) == [
                "s.json:1:64 (/properties/size/enumNames): `enumNames` must give one label (a string) for each of the 2 choices",
            ])
        }
    }
}

extension JSONSchemaPublishedShapesTests {
    @Test("a format beside a number or a boolean is dropped with a warning: JSON Schema applies format to strings only")
    func formatOfNonStrings() throws {
        let (spec, warnings) = try Self.imported("""
            {"type": "object", "properties": {
              "day": {"type": "integer", "format": "date"},
              "ok": {"type": "boolean", "format": "checkbox"},
              "stars": {"type": "string", "enum": ["1", "2"], "format": "starrating"}
            }}
            """)
        #expect(spec.fields.map(\.rules.type) == [.integer, .boolean, .selectOne])
        #expect(warnings.map(\.message) == [
            "`format` says nothing of a `number` (JSON Schema applies it to strings only): dropped",
            "`format` \"checkbox\" only tells another tool how to draw the field: dropped",
            "`format` \"starrating\" only tells another tool how to draw the field: dropped",
        ])
    }

    @Test("an & in a JSON string is text, whatever follows it; in YAML an anchor is still refused")
    func ampersandInJSON() throws {
        let (spec, _) = try Self.imported(#"{"type": "object", "title": "R &D, &lt;input&gt;", "properties": {"a": {"type": "string"}}}"#)
        #expect(spec.title == "R &D, &lt;input&gt;")
        #expect(throws: FormKitError.self) {
            try FormSpec.decode(Array("title: x\npages: &p\n  - key: main\n".utf8), file: "a.yaml")
        }
    }
}

extension JSONSchemaPublishedShapesTests {
    @Test("a top that is a $ref to a definition is read as that definition")
    func rootReference() throws {
        let (spec, _) = try Self.imported("""
            {"title": "People", "$ref": "#/definitions/person",
             "definitions": {"person": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}}}
            """)
        #expect(spec.title == "People")
        #expect(spec.fields.map(\.key) == ["name"])
        #expect(spec.fields.map(\.rules.required) == [true])
    }

    @Test("a document with a schema's keywords and no pages is read as a schema, and refused as one")
    func schemaWithoutProperties() throws {
        do {
            _ = try Self.imported(#"{"type": "string", "title": "One value"}"#)
            Issue.record("a string schema was taken as a form")
        } catch let error as FormKitError {
            guard case .badFile(let problems) = error else { throw error }
            #expect(problems.map(\.description) == [#"s.json:1:2 (/type): `type` must be "object": the form's values are an object"#])
        }
    }
}

extension JSONSchemaPublishedShapesTests {
    @Test("numbers to choose from: an integer or decimal field with choices, read exactly, labelled by oneOf titles or enumNames")
    func numberChoices() throws {
        let (spec, _) = try Self.imported("""
            {"type": "object", "properties": {
              "year": {"type": "integer", "enum": [2020, 2021, null], "default": 2021},
              "size": {"type": "number", "oneOf": [{"const": 0.50, "title": "Half"}, {"const": 1, "title": "One"}]},
              "level": {"enum": [1, 2.5], "enumNames": ["Low", "High"]},
              "only": {"const": 7}
            }, "required": ["year"]}
            """)
        #expect(spec.fields.map(\.rules.type) == [.integer, .decimal, .decimal, .integer])
        #expect(spec.fields[0].rules.choices.map(\.value) == ["2020", "2021"])
        #expect(spec.fields[0].rules.required == false, "null among the choices makes it optional")
        #expect(spec.fields[1].rules.choices == [FieldChoice(value: "0.5", label: "Half"), FieldChoice(value: "1", label: "One")])
        #expect(spec.fields[2].rules.choices == [FieldChoice(value: "1", label: "Low"), FieldChoice(value: "2.5", label: "High")])
        #expect(spec.fields[3].rules.choices.map(\.value) == ["7"])
        // Back out as numbers, and read again the same.
        let json = try spec.json()
        #expect(json.contains(#""choices": [2020, 2021]"#), "\(json)")
        #expect(try FormSpec.decode(Array(json.utf8), file: "back.json") == spec)
    }

    @Test("a number field's choice that is not a number of its type is refused by name")
    func numberChoiceRefusals() throws {
        do {
            _ = try Self.imported(#"{"type": "object", "properties": {"n": {"type": "integer", "enum": [1, 1.5]}}}"#)
            Issue.record("1.5 was taken as a whole number")
        } catch let error as FormKitError {
            guard case .badFile(let problems) = error else { throw error }
            #expect(problems.map(\.message) == ["`enum` holds only whole numbers (and null for an optional field): the field is `integer`"])
        }
    }
}
