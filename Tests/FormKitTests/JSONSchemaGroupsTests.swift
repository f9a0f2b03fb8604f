import FormKit
import FormModel
import Foundation
import JSONSchemaTestSupport
import Testing

/// JSON Schema import and export of groups, repeats and lists (DECISIONS,
/// "JSON Schema, both ways"): a nested object is a group, an array of
/// objects a repeat, an array of a scalar type a list; `$ref`s are followed
/// wherever they are and a cycle is refused; export writes the same shapes
/// back, and importing the export gives the same structure.
@Suite("JSON Schema: groups, repeats and lists")
struct JSONSchemaGroupsTests {
    static func spec(_ text: String, file: String = "s.json") throws(FormKitError) -> FormSpec {
        try FormSpec.decode(Array(text.utf8), file: file)
    }

    /// The messages of the problems a refused file gives.
    static func problems(_ text: String) -> [String] {
        do {
            _ = try spec(text)
            return []
        } catch {
            if case .badFile(let problems) = error { return problems.map(\.description) }
            return ["\(error)"]
        }
    }

    static func groups(_ items: [FormItemSpec]) -> [GroupSpec] {
        items.compactMap { if case .group(let group) = $0 { group } else { nil } }
    }

    static func fields(_ items: [FormItemSpec]) -> [FieldSpec] {
        items.flatMap { item -> [FieldSpec] in if case .row(let row) = item { row.fields } else { [] } }
    }

    static let family = #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "title": "Family",
      "type": "object",
      "properties": {
        "consent": {"type": "boolean"},
        "contact": {
          "type": "object", "title": "How to reach you", "description": "We call first",
          "properties": {"phone": {"type": "string", "title": "Phone"}, "email": {"type": "string", "format": "email"}},
          "required": ["phone"]
        },
        "children": {
          "type": "array", "title": "Children", "minItems": 1, "maxItems": 12, "uniqueItems": true,
          "items": {
            "type": "object", "title": "Child",
            "properties": {"name": {"type": "string"}, "age": {"type": "integer", "minimum": 0}},
            "required": ["name", "age"]
          }
        },
        "nicknames": {"type": "array", "title": "Nicknames", "items": {"type": "string", "maxLength": 30}},
        "scores": {"type": "array", "items": {"type": ["number", "null"]}},
        "colours": {"type": "array", "items": {"enum": ["red", "green"]}, "uniqueItems": true}
      },
      "required": ["consent", "contact", "children"]
    }
    """#

    @Test("a nested object is a group, an array of objects a repeat, an array of scalars a list")
    func importsShapes() throws {
        let spec = try Self.spec(Self.family)
        let items = spec.pages[0].items
        #expect(Self.fields(items).map(\.key) == ["consent", "colours"])
        #expect(Self.fields(items).first?.rules.required == true)
        #expect(Self.fields(items).last?.rules.type == .selectMultiple)
        let groups = Self.groups(items)
        #expect(groups.map(\.key) == ["contact", "children", "nicknames", "scores"])
        let contact = groups[0]
        #expect(!contact.isRepeat && contact.title == "How to reach you" && contact.hint == "We call first")
        #expect(Self.fields(contact.items).map(\.key) == ["phone", "email"])
        #expect(Self.fields(contact.items).map(\.rules.required) == [true, false])
        #expect(Self.fields(contact.items).last?.rules.email == true)
        let children = groups[1]
        #expect(children.isRepeat && children.minCount == 1 && children.maxCount == 12 && children.unique)
        #expect(children.itemTitle == "Child {index}" && children.listField == nil)
        #expect(Self.fields(children.items).map(\.rules.type) == [.text, .integer])
        #expect(Self.fields(children.items).map(\.rules.required) == [true, true])
        let nicknames = groups[2]
        #expect(nicknames.isRepeat && nicknames.items.isEmpty && nicknames.title == "Nicknames")
        #expect(nicknames.listField?.rules.maxLength == 30 && nicknames.listField?.rules.required == false)
        #expect(nicknames.listField?.key == "value" && nicknames.listField?.label == "value")
        #expect(nicknames.minCount == 0 && nicknames.maxCount == nil && !nicknames.unique)
        // A number item is never empty unless null is allowed.
        #expect(groups[3].listField?.rules.type == .decimal && groups[3].listField?.rules.required == false)
    }

    @Test("$ref to $defs or definitions is followed in groups and items, one definition used twice")
    func followsReferences() throws {
        let spec = try Self.spec(#"""
        {"type": "object",
         "$defs": {"address": {"type": "object", "properties": {"street": {"type": "string"}, "zip": {"$ref": "#/definitions/zip"}}, "required": ["street"]}},
         "definitions": {"zip": {"type": "string", "pattern": "^[0-9]{5}$"}, "people": {"type": "array", "items": {"$ref": "#/$defs/person"}}},
         "properties": {
           "billing": {"$ref": "#/$defs/address", "title": "Billing"},
           "shipping": {"$ref": "#/$defs/address"},
           "people": {"$ref": "#/definitions/people"}
         }}
        """#.replacingOccurrences(of: "\"#/$defs/person\"", with: "\"#/$defs/address\""))
        let groups = Self.groups(spec.pages[0].items)
        #expect(groups.map(\.key) == ["billing", "shipping", "people"])
        #expect(groups[0].title == "Billing" && groups[1].title == nil)
        #expect(Self.fields(groups[1].items).map(\.key) == ["street", "zip"])
        #expect(Self.fields(groups[1].items).last?.rules.pattern != nil)
        #expect(groups[2].isRepeat && Self.fields(groups[2].items).first?.rules.required == true)
        #expect(spec.declaredFields.map(\.path) == ["billing.street", "billing.zip", "shipping.street", "shipping.zip", "people.street", "people.zip"])
    }

    @Test("a schema that holds itself through a nested object or an array's items is refused as a cycle, with its pointer")
    func refusesCycles() {
        let tree = Self.problems(#"""
        {"type": "object", "definitions": {"node": {"type": "object", "properties": {
           "name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/definitions/node"}}}}},
         "properties": {"root": {"$ref": "#/definitions/node"}}}
        """#)
        #expect(tree.count == 1)
        #expect(tree.first?.contains("(/definitions/node/properties/children/items/$ref): `$ref` makes a cycle of references (#/definitions/node → #/definitions/node)") == true, "\(tree)")
        let parent = Self.problems(#"""
        {"type": "object", "$defs": {"person": {"type": "object", "properties": {"mother": {"$ref": "#/$defs/person"}}}},
         "properties": {"me": {"$ref": "#/$defs/person"}}}
        """#)
        #expect(parent.first?.contains("(/$defs/person/properties/mother/$ref): `$ref` makes a cycle") == true, "\(parent)")
    }

    /// An object holding objects `depth` deep, a text field in the innermost.
    static func nested(_ depth: Int) -> String {
        var schema = #"{"type": "object", "properties": {"leaf": {"type": "string"}}}"#
        for level in stride(from: 1, through: depth, by: 1) {
            schema = #"{"type": "object", "properties": {"g\#(level)": \#(schema)}}"#
        }
        return schema
    }

    @Test("groups nest 8 deep; a 9th is refused by name")
    func depth() throws {
        let eight = try Self.spec(#"{"type": "object", "properties": {"top": \#(Self.nested(7))}}"#)
        #expect(eight.declaredGroups.count == 8)
        #expect(eight.declaredFields.last?.path.split(separator: ".").count == 9)
        let nine = Self.problems(#"{"type": "object", "properties": {"top": \#(Self.nested(8))}}"#)
        #expect(nine.count == 1)
        #expect(nine.first?.contains("`properties` of a group (a nested object) 9 deep cannot be imported: groups and repeats nest at most 8 deep") == true,
                "\(nine)")
        let list = Self.problems(#"{"type": "object", "properties": {"top": \#(Self.nested(7).replacingOccurrences(of: #""leaf": {"type": "string"}"#, with: #""leaf": {"type": "array", "items": {"type": "string"}}"#))}}"#)
        #expect(list.first?.contains("of a list 9 deep cannot be imported") == true, "\(list)")
    }

    @Test("a $ref used in many places cannot unfold into more than 10,000 properties")
    func budget() {
        var defs: [String] = [#""d0": {"type": "string"}"#]
        for level in 1...6 {
            let properties = (0..<10).map { ##""p\##($0)": {"$ref": "#/$defs/d\##(level - 1)"}"## }.joined(separator: ", ")
            defs.append(#""d\#(level)": {"type": "object", "properties": {\#(properties)}}"#)
        }
        let problems = Self.problems(##"{"type": "object", "$defs": {\##(defs.joined(separator: ", "))}, "properties": {"top": {"$ref": "#/$defs/d6"}}}"##)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("more than 10000 properties") == true, "\(problems)")
    }

    @Test("what a group, repeat or list cannot hold is refused by name; required names a group or an array freely")
    func refusals() {
        let problems = Self.problems(#"""
        {"type": "object", "properties": {
          "open": {"type": "object"},
          "map": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": {"type": "string"}},
          "few": {"type": "array", "items": {"type": "object", "properties": {"a": {"type": "string"}}}, "maxItems": 0},
          "tags": {"type": "array", "items": {"type": "string"}, "contains": {"const": "x"}},
          "bad key": {"type": "object", "properties": {"a": {"type": "string"}}}
        }, "required": ["few", "open", "ghost"]}
        """#)
        let expected = [
            "(/properties/open): a group (a nested object) without `properties` holds any keys",
            "(/properties/map/additionalProperties): `additionalProperties` is accepted only as true or false",
            "(/properties/few/maxItems): `maxItems` must be a whole number of at least 1",
            "(/properties/tags/contains): `contains` cannot be represented in a list (an array of values)",
            "(/properties/bad key): property \"bad key\" cannot be a field key",
            "(/required/2): `required` names \"ghost\", which is not among the properties",
        ]
        #expect(problems.count == expected.count, "\(problems)")
        for (problem, text) in zip(problems, expected) { #expect(problem.contains(text), "\(problem)") }
    }

    static let familyForm = """
    title: Family
    pages:
      - key: main
        title: Main
        rows:
          - width: 540
            fields: [{key: consent, type: boolean}]
          - group: contact
            title: How to reach you
            hint: We call first
            rows:
              - width: 540
                fields: [{key: phone, label: Phone, required: true, length_unit: code_points}]
              - group: postal
                rows:
                  - width: 540
                    fields: [{key: street, max_length: 80, length_unit: code_points}]
          - repeat: children
            title: Children
            item_title: "Child {index}"
            min_count: 1
            max_count: 12
            unique: true
            rows:
              - width: 540
                fields: [{key: name, required: true, length_unit: code_points}]
              - width: 540
                fields: [{key: age, type: integer, min: 0, max: 25}]
              - repeat: pets
                max_count: 3
                rows:
                  - width: 540
                    fields: [{key: kind, type: select_one, choices: [cat, dog], required: true}]
          - repeat: nicknames
            title: Nicknames
            field: {key: value, label: Nickname, max_length: 30, length_unit: code_points}
    """

    /// A form's structure without what the export cannot carry (an
    /// instance title other than "T {index}", an Add label) or what the
    /// import adds (a required text's `min_length: 1`).
    static func structure(_ items: [FormItemSpec]) -> [String] {
        items.flatMap { item -> [String] in
            switch item {
            case .row(let row):
                return row.fields.map { "field \($0.key) \($0.rules.type.rawValue) required=\($0.rules.required) max=\($0.rules.maxLength ?? -1) "
                    + "choices=\($0.rules.choices.map(\.value)) \($0.rules.lowerBound?.value ?? "")..\($0.rules.upperBound?.value ?? "")" }
            case .group(let group):
                let kind = group.listField != nil ? "list" : group.isRepeat ? "repeat" : "group"
                let head = "\(kind) \(group.key) title=\(group.title ?? "-") hint=\(group.hint ?? "-") count=\(group.minCount)..\(group.maxCount ?? -1) "
                    + "unique=\(group.unique) item=\(group.itemTitle ?? "-")"
                let list = group.listField.map { ["  " + structure([.row(RowSpec(width: 540, fields: [$0]))])[0]] } ?? []
                return [head] + list + structure(group.items).map { "  " + $0 }
            }
        }
    }

    @Test("a form of groups, repeats and lists exported and imported has the same structure")
    func roundTrip() throws {
        let form = try Self.spec(Self.familyForm, file: "family.yaml")
        let schema = try JSONSchemaExport.schema(of: form)
        let back = try Self.spec(schema)
        let before = Self.structure(form.pages[0].items)
        #expect(before.count == 12)
        #expect(Self.structure(back.pages[0].items) == before)
        #expect(back.title == "Family")
        // What the import makes is a form file formctl reads back.
        let file = try Self.spec(back.yaml(), file: "back.yaml")
        #expect(Self.structure(file.pages[0].items) == before)
        let imported = try Self.spec(Self.family)
        #expect(try Self.spec(imported.yaml(), file: "family.yaml").declaredFields.map(\.path) == imported.declaredFields.map(\.path))
    }

    @Test("export: a group is an object, a repeat an array of objects, a list an array of values; required lists fields only")
    func exportShapes() throws {
        let form = try Self.spec(Self.familyForm, file: "family.yaml")
        let text = try JSONSchemaExport.schema(of: form)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json["required"] as? [String] == ["consent"])
        let properties = try #require(json["properties"] as? [String: Any])
        let contact = try #require(properties["contact"] as? [String: Any])
        #expect(contact["type"] as? String == "object" && contact["title"] as? String == "How to reach you")
        #expect(contact["description"] as? String == "We call first")
        #expect(contact["required"] as? [String] == ["phone"] && contact["additionalProperties"] as? Bool == false)
        let postal = try #require((contact["properties"] as? [String: Any])?["postal"] as? [String: Any])
        #expect(postal["type"] as? String == "object" && postal["required"] as? [String] == ["street"])
        let children = try #require(properties["children"] as? [String: Any])
        #expect(children["type"] as? String == "array" && children["minItems"] as? Int == 1 && children["maxItems"] as? Int == 12)
        #expect(children["uniqueItems"] as? Bool == true)
        let items = try #require(children["items"] as? [String: Any])
        #expect(items["type"] as? String == "object" && items["title"] as? String == "Child")
        #expect(items["required"] as? [String] == ["name", "age"])
        let pets = try #require((items["properties"] as? [String: Any])?["pets"] as? [String: Any])
        #expect(pets["type"] as? String == "array" && pets["maxItems"] as? Int == 3 && pets["minItems"] == nil)
        let nicknames = try #require(properties["nicknames"] as? [String: Any])
        let values = try #require(nicknames["items"] as? [String: Any])
        #expect(nicknames["type"] as? String == "array" && values["type"] as? String == "string")
    }

    @Test("conditions inside a group and an instance are written where they read; one across a repeat is refused, not dropped")
    func exportConditions() throws {
        let form = try Self.spec("""
        title: C
        pages:
          - key: main
            title: Main
            rows:
              - width: 540
                fields: [{key: consent, type: boolean}]
              - group: contact
                show_if: {field: consent, equals: true}
                rows:
                  - width: 540
                    fields: [{key: phone, required: true, length_unit: code_points}]
              - repeat: children
                rows:
                  - width: 540
                    fields: [{key: age, type: integer}, {key: school, required: true, length_unit: code_points, show_if: {field: age, at_least: 5}}]
        """, file: "c.yaml")
        let text = try JSONSchemaExport.schema(of: form)
        #expect(text.contains("\"allOf\""))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let allOf = try #require(json["allOf"] as? [[String: Any]])
        #expect(allOf.count == 1)
        let children = try #require((json["properties"] as? [String: Any])?["children"] as? [String: Any])
        let items = try #require(children["items"] as? [String: Any])
        #expect((items["allOf"] as? [Any])?.count == 1)

        let across = try Self.spec("""
        title: C
        pages:
          - key: main
            title: Main
            rows:
              - width: 540
                fields: [{key: consent, type: boolean}]
              - repeat: children
                rows:
                  - width: 540
                    fields: [{key: school, show_if: {field: consent, equals: true}, length_unit: code_points}]
        """, file: "c.yaml")
        do {
            _ = try JSONSchemaExport.schema(of: across, source: "c.db")
            Issue.record("a condition across a repeat was exported")
        } catch {
            guard case .badFile(let problems) = error else { throw error }
            #expect(problems.count == 1)
            #expect(problems.first?.description.contains(
                "(/properties/children/items/properties/school): field children.school: show_if reads `consent` (consent, outside every repeat) from in repeat children") == true,
                "\(problems)")
        }
    }
}

/// The exported schema of groups, repeats and lists against Python's
/// `jsonschema`: nested values as the values JSON holds them (a group an
/// object, a repeat an array of objects, a list an array of values) are
/// valid exactly when they should be.
@Suite("JSON Schema export: nested values", .tags(.jsonSchemaOracle), .slow)
struct JSONSchemaGroupsOracleTests {
    @Test("hand-written nested values against the exported schema")
    func nestedValues() throws {
        let form = try JSONSchemaGroupsTests.spec(JSONSchemaGroupsTests.familyForm, file: "family.yaml")
        let schema = try JSONSchemaExport.schema(of: form)
        func values(consent: String = "true", phone: String = "\"555\"", street: String = "\"\"", children: String, nicknames: String = "[]") -> String {
            #"{"consent": \#(consent), "contact": {"phone": \#(phone), "postal": {"street": \#(street)}}, "children": \#(children), "nicknames": \#(nicknames)}"#
        }
        let ada = #"{"name": "Ada", "age": 7, "pets": [{"kind": "cat"}]}"#
        let cases: [(String, Bool)] = [
            (values(children: "[\(ada)]"), true),
            (values(consent: "null", children: "[\(ada)]", nicknames: #"["Bee", ""]"#), true),
            (values(children: "[]"), false),
            (values(children: "[\(ada), \(ada)]"), false),
            (values(children: #"[{"name": "Ada", "age": null, "pets": []}, {"name": "Bo", "age": 25, "pets": []}]"#), true),
            (values(children: #"[{"name": "", "age": 7, "pets": []}]"#), false),
            (values(children: #"[{"name": "Ada", "age": 26, "pets": []}]"#), false),
            (values(children: #"[{"name": "Ada", "age": 7, "pets": [{"kind": "cow"}]}]"#), false),
            (values(children: #"[{"name": "Ada", "age": 7, "pets": [{"kind": "cat"}, {"kind": "dog"}, {"kind": "cat"}, {"kind": "cat"}]}]"#), false),
            (values(children: #"[{"name": "Ada", "age": 7, "pets": [], "extra": 1}]"#), false),
            (values(phone: "\"\"", children: "[\(ada)]"), false),
            (values(street: "\"\(String(repeating: "x", count: 81))\"", children: "[\(ada)]"), false),
            (values(children: "[\(ada)]", nicknames: "[\"\(String(repeating: "n", count: 31))\"]"), false),
            (values(children: "[\(ada)]", nicknames: "[1]"), false),
        ]
        let verdicts = try JSONSchemaPython.validate([JSONSchemaPython.Job(schema: schema, instances: cases.map(\.0))])
        for (index, (instance, valid)) in cases.enumerated() {
            #expect(verdicts.first?[index] == valid, "\(instance)")
        }
    }

    @Test("a group's condition: its fields are checked only while it is shown")
    func groupCondition() throws {
        let form = try JSONSchemaGroupsTests.spec("""
        title: C
        pages:
          - key: main
            title: Main
            rows:
              - width: 540
                fields: [{key: consent, type: boolean}]
              - group: contact
                show_if: {field: consent, equals: true}
                rows:
                  - width: 540
                    fields: [{key: phone, required: true, length_unit: code_points}]
              - repeat: children
                show_if: {field: consent, equals: true}
                min_count: 1
                rows:
                  - width: 540
                    fields: [{key: age, type: integer}, {key: school, required: true, length_unit: code_points, show_if: {field: age, at_least: 5}}]
        """, file: "c.yaml")
        let schema = try JSONSchemaExport.schema(of: form)
        let cases: [(String, Bool)] = [
            (#"{"consent": true, "contact": {"phone": "1"}, "children": [{"age": 4, "school": ""}]}"#, true),
            (#"{"consent": true, "contact": {"phone": ""}, "children": [{"age": 4, "school": ""}]}"#, false),
            (#"{"consent": false, "contact": {"phone": ""}, "children": []}"#, true),
            (#"{"consent": true, "contact": {"phone": "1"}, "children": []}"#, false),
            (#"{"consent": true, "contact": {"phone": "1"}, "children": [{"age": 5, "school": ""}]}"#, false),
            (#"{"consent": true, "contact": {"phone": "1"}, "children": [{"age": 5, "school": "Elm"}]}"#, true),
            (#"{"consent": null, "contact": {"phone": ""}, "children": [{"age": 5, "school": ""}]}"#, true),
        ]
        let verdicts = try JSONSchemaPython.validate([JSONSchemaPython.Job(schema: schema, instances: cases.map(\.0))])
        for (index, (instance, valid)) in cases.enumerated() {
            #expect(verdicts.first?[index] == valid, "\(instance)")
        }
    }
}
