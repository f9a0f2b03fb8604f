import Foundation
import FormKit
@testable import FormServer
import Testing

/// `FieldProperty.all` is the one list of a field's properties: every
/// place that spells them out follows it. For each property, a field of a
/// type it applies to, with the property set to a value other than its
/// default, is written and read back, applied over the same field without
/// it, stored, listed as JSON and exported as a JSON Schema; the docs, the
/// form file's JSON Schema and the OpenAPI document name it. A property
/// missing from any of them fails here, naming the property and the place.
@Suite("FieldProperty: every place follows the one list")
struct FieldPropertyCoverageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let names = FieldProperty.all.map(\.name)

    /// Places a property is left out of on purpose, each with the reason.
    static let notInApplyLines = ["key": "another key is another field (`- field f`, `+ field g`), not a change of this one"]
    static let notInJSONSchemaExport = ["message": "it changes no verdict, and the export writes only what values must be"]

    /// A field without the property (`base`) and with it (`with`), each
    /// beside a text field `ref` that `show_if` can refer to.
    struct Sample {
        var type: FieldType
        var base: FieldSpec
        var with: FieldSpec

        func form(_ field: FieldSpec) -> FormSpec {
            FormSpec(title: "Coverage", pages: [PageSpec(key: "main", title: "main", rows: [
                RowSpec(width: 540, fields: [FieldSpec(key: "ref"), field]),
            ])])
        }
    }

    /// The sample of property `name`; nil for a property this test does
    /// not know yet (which fails: add its case).
    static func sample(_ name: String) -> Sample? {
        func make(_ type: FieldType, base change: (inout FieldSpec) -> Void = { _ in }, with set: (inout FieldSpec) -> Void) -> Sample {
            var base = FieldSpec(key: "f")
            base.rules.type = type
            if type == .selectOne || type == .selectMultiple { base.rules.choices = [FieldChoice(value: "a"), FieldChoice(value: "b")] }
            change(&base)
            var with = base
            set(&with)
            return Sample(type: type, base: base, with: with)
        }
        // Lengths in code points, which a JSON Schema can say.
        func codePoints(_ field: inout FieldSpec) { field.rules.lengthUnit = .codePoints }
        return switch name {
        case "key": make(.text) { $0.key = "g" }
        case "label": make(.text) { $0.label = "Label" }
        case "type": make(.integer, base: { $0.rules.type = .text }) { $0.rules.type = .integer }
        case "hint": make(.text) { $0.hint = "Help" }
        case "required": make(.text) { $0.rules.required = true }
        case "min": make(.integer) { $0.rules.lowerBound = ValueBound("1", inclusive: true) }
        case "above": make(.integer) { $0.rules.lowerBound = ValueBound("1", inclusive: false) }
        case "max": make(.integer) { $0.rules.upperBound = ValueBound("9", inclusive: true) }
        case "below": make(.integer) { $0.rules.upperBound = ValueBound("9", inclusive: false) }
        case "step": make(.integer) { $0.rules.step = "2" }
        case "choices": make(.selectOne) { $0.rules.choices.append(FieldChoice(value: "c", label: "C")) }
        case "min_selected": make(.selectMultiple) { $0.rules.minSelected = 1 }
        case "max_selected": make(.selectMultiple) { $0.rules.maxSelected = 2 }
        case "min_length": make(.text, base: codePoints) { $0.rules.minLength = 2 }
        case "max_length": make(.text, base: codePoints) { $0.rules.maxLength = 5 }
        case "pattern": make(.text) { $0.rules.pattern = "[a-z]+" }
        case "email": make(.text) { $0.rules.email = true }
        // In characters, a length a JSON Schema cannot count is refused.
        case "length_unit": make(.text, base: { $0.rules.maxLength = 5 }) { $0.rules.lengthUnit = .codePoints }
        case "short_below": make(.text, base: codePoints) { $0.rules.shortBelow = 3 }
        case "message": make(.text) { $0.rules.message = "Say it" }
        case "default": make(.text) { $0.defaultValue = "hello" }
        case "read_only": make(.text) { $0.isReadOnly = true }
        case "hidden": make(.text) { $0.isHidden = true }
        case "show_if": make(.text) { $0.showIf = .filled(field: "ref") }
        default: nil
        }
    }

    @Test("written by the form file's writers and read back the same", arguments: names)
    func writerAndReader(name: String) throws {
        let property = try #require(FieldProperty.named(name))
        let sample = try #require(Self.sample(name), "\(name): FieldPropertyCoverageTests has no sample of it; add one")
        #expect(property.applies(to: sample.type), "\(name): the sample's type \(sample.type.rawValue) does not take it")
        let spec = sample.form(sample.with)
        for (syntax, text, line, written) in [
            ("YAML", spec.yaml(), "{key: \(sample.with.key)", ["{\(name): ", " \(name): "]),
            ("JSON", spec.json(), "{\"key\": \"\(sample.with.key)\"", ["\"\(name)\": "]),
        ] {
            let fieldLine = text.split(separator: "\n").first { $0.contains(line) } ?? ""
            #expect(written.contains { fieldLine.contains($0) }, "\(name): the \(syntax) writer does not write it: \(fieldLine)")
            let read = try FormSpec.decode(Array(text.utf8), file: "coverage.\(syntax.lowercased())")
            #expect(read == spec, "\(name): the \(syntax) writer's file does not read back as the same form")
        }
    }

    @Test("apply names it, the store keeps it, fields --json shows it", arguments: names)
    func applyStoreAndFieldsJSON(name: String) throws {
        let property = try #require(FieldProperty.named(name))
        let sample = try #require(Self.sample(name), "\(name): FieldPropertyCoverageTests has no sample of it; add one")
        let temporary = try TemporaryForm()
        let form = temporary.form
        _ = try form.apply(sample.form(sample.base))
        let before = try Self.fieldsJSON(form, key: sample.base.key)
        let outcome = try form.apply(sample.form(sample.with), prune: true)

        let lines = outcome.plan.changes.map(\.description)
        if let reason = Self.notInApplyLines[name] {
            #expect(!lines.isEmpty, "\(name): apply changes nothing (left out of its lines only because \(reason))")
        } else {
            let named = lines.contains { $0.hasPrefix("~ field \(sample.with.key) ") && $0.contains(" \(name) ") && $0.contains("→") }
            #expect(named, "\(name): apply's lines do not name it: \(lines)")
        }

        #expect(try form.spec().fields == [FieldSpec(key: "ref"), sample.with], "\(name): the store does not give it back as applied")

        if let key = property.json {
            let after = try Self.fieldsJSON(form, key: sample.with.key)
            let was = before[key] ?? (before["rules"] as? [String: Any])?[key]
            let now = after[key] ?? (after["rules"] as? [String: Any])?[key]
            #expect(now != nil, "\(name): fields --json has no \(key) (nor rules.\(key)) for it")
            #expect(Self.jsonText(was) != Self.jsonText(now), "\(name): fields --json's \(key) does not change with it")
        }
    }

    @Test("the field table has its column", arguments: names)
    func column(name: String) throws {
        let property = try #require(FieldProperty.named(name))
        guard let column = property.column else { return }
        #expect(try Self.storeColumns.get().contains(column), "\(name): the database has no column (or table) \(column)")
    }

    @Test("the JSON Schema export says it", arguments: names)
    func jsonSchemaExport(name: String) throws {
        let sample = try #require(Self.sample(name), "\(name): FieldPropertyCoverageTests has no sample of it; add one")
        func export(_ field: FieldSpec) -> String {
            do {
                return try JSONSchemaExport.schema(of: sample.form(field))
            } catch {
                return "refused: \(error)"
            }
        }
        let differs = export(sample.base) != export(sample.with)
        if let reason = Self.notInJSONSchemaExport[name] {
            #expect(!differs, "\(name): listed as not exported (\(reason)), but the export now changes with it")
        } else {
            #expect(differs, "\(name): the JSON Schema export is the same with it as without it")
        }
    }

    @Test("docs/form-files.md, docs/form-file.schema.json and the OpenAPI document name it", arguments: names)
    func documents(name: String) throws {
        let property = try #require(FieldProperty.named(name))
        #expect(try Self.documentedInFormFiles().contains(name), "\(name): docs/form-files.md's field table has no row for it")
        #expect(try Self.formFileSchemaProperties().contains(name), "\(name): docs/form-file.schema.json's field has no property \(name)")
        if let key = property.json {
            #expect(try Self.openAPIFieldKeys().contains(key), "\(name): the OpenAPI document's FieldListing does not name \(key)")
        }
    }

    @Test("docs/form-files.md gives each property the table's default")
    func documentedDefaults() throws {
        for (names, documented) in try Self.documentedDefaults() {
            for name in names {
                let property = try #require(FieldProperty.named(name), "\(name): in docs/form-files.md, not in the table")
                #expect(property.defaultText == documented, "\(name): the table's default is \(property.defaultText), docs/form-files.md says \(documented)")
            }
        }
    }

    @Test("the documents name no field property the table lacks")
    func nothingBeyondTheTable() throws {
        let table = Set(Self.names)
        #expect(try Self.documentedInFormFiles().subtracting(table) == [], "docs/form-files.md's field table")
        #expect(try Self.formFileSchemaProperties().subtracting(table) == [], "docs/form-file.schema.json's field")
    }

    // MARK: The places, read

    /// Field `key`'s object in `fields --json`.
    static func fieldsJSON(_ form: StoredForm, key: String) throws -> [String: Any] {
        let text = try JSONText.encode(form.fieldListings().map(FieldListingJSON.init))
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        return try #require(objects.first { $0["key"] as? String == key }, "fields --json has no field \(key)")
    }

    /// A JSON value as text, to compare two of them (nil: absent).
    static func jsonText(_ value: Any?) -> String? {
        guard let value else { return nil }
        guard let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys, .fragmentsAllowed]) else { return "?" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The names in the first column of docs/form-files.md's "A field" table
    /// (`` `min`, `above` `` names two).
    static func documentedInFormFiles() throws -> Set<String> {
        let text = try String(contentsOf: root.appendingPathComponent("docs/form-files.md"), encoding: .utf8)
        let start = try #require(text.range(of: "\n### A field\n"), "docs/form-files.md has no \"### A field\" section")
        let end = text.range(of: "\n#", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
        var names: Set<String> = []
        for line in text[start.upperBound..<end].split(separator: "\n") where line.hasPrefix("| `") {
            let cell = line.split(separator: "|")[0]
            for part in cell.split(separator: ",") { names.insert(part.trimmingCharacters(in: CharacterSet(charactersIn: " `"))) }
        }
        return names
    }

    /// Each row of docs/form-files.md's "A field" table: the names in its
    /// first column and the text of its "default" column (the third).
    static func documentedDefaults() throws -> [([String], String)] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/form-files.md"), encoding: .utf8)
        let start = try #require(text.range(of: "\n### A field\n"), "docs/form-files.md has no \"### A field\" section")
        let end = text.range(of: "\n#", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
        return text[start.upperBound..<end].split(separator: "\n").filter { $0.hasPrefix("| `") }.map { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let names = cells[0].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }
            return (names, cells.count > 2 ? cells[2] : "")
        }
    }

    /// The property names of docs/form-file.schema.json's `$defs/field`.
    static func formFileSchemaProperties() throws -> Set<String> {
        let data = try Data(contentsOf: root.appendingPathComponent("docs/form-file.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let field = try #require((schema["$defs"] as? [String: Any])?["field"] as? [String: Any], "no $defs/field")
        return Set(try #require(field["properties"] as? [String: Any], "no $defs/field/properties").keys)
    }

    /// The keys the OpenAPI document gives `FieldListing` (`fields --json`):
    /// its properties, and the words of its `rules` description.
    static func openAPIFieldKeys() throws -> Set<String> {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.source.utf8)) as? [String: Any])
        let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any]
        let properties = try #require((schemas?["FieldListing"] as? [String: Any])?["properties"] as? [String: Any], "no FieldListing")
        let rules = (properties["rules"] as? [String: Any])?["description"] as? String ?? ""
        return Set(properties.keys).union(rules.split { !$0.isLetter }.map(String.init))
    }

    /// The `field` table's columns and the database's tables, from a new
    /// database through the `sqlite3` shell.
    static let storeColumns: Result<Set<String>, any Error> = Result {
        let temporary = try TemporaryForm()
        _ = try temporary.form.apply(FormSpec(title: "Columns", pages: [PageSpec(key: "main", title: "main", rows: [])]))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", "-batch", "-bail", "-init", "/dev/null", temporary.form.path,
                             "SELECT name FROM pragma_table_info('field') UNION SELECT name FROM pragma_table_list;"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileReadUnknown) }
        return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }
}
