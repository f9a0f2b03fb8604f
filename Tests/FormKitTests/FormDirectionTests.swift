import FormStore
import Foundation
import JSONSchemaTestSupport
import Testing
@testable import FormKit

/// A form file's `direction: ltr|rtl` (issue 25): read, refused, written
/// back, planned by `apply`.
@Suite("form files: direction")
struct FormDirectionTests {
    static let hebrew = """
        title: "שלום {first}"
        direction: rtl
        pages:
          - key: main
            rows:
              - width: 540
                fields:
                  - {key: first, label: שם פרטי, required: true}
                  - {key: last, label: שם משפחה}
              - width: 360
                fields:
                  - {key: email, label: דוא״ל, email: true}

        """

    @Test("direction: rtl is read; a file without it is left to right")
    func reading() throws {
        #expect(try FormSpecReadingTests.decode(Self.hebrew).direction == .rightToLeft)
        let ltr = Self.hebrew.replacingOccurrences(of: "direction: rtl", with: "direction: ltr")
        #expect(try FormSpecReadingTests.decode(ltr).direction == .leftToRight)
        let none = Self.hebrew.replacingOccurrences(of: "direction: rtl\n", with: "")
        #expect(try FormSpecReadingTests.decode(none).direction == .leftToRight)
        let json = #"{"direction": "rtl", "pages": [{"key": "main"}]}"#
        #expect(try FormSpecReadingTests.decode(json, file: "form.json").direction == .rightToLeft)
    }

    @Test("anything but ltr or rtl is refused at its file:line:column",
          arguments: [
            ("direction: RTL", "form.yaml:2:12: `direction` must be `ltr` (left to right) or `rtl` (right to left), not \"RTL\""),
            ("direction: right-to-left", "form.yaml:2:12: `direction` must be `ltr` (left to right) or `rtl` (right to left), not \"right-to-left\""),
            ("direction: \"\"", "form.yaml:2:12: `direction` must be `ltr` (left to right) or `rtl` (right to left), not \"\""),
            ("direction: true", "form.yaml:2:12: `direction` must be text, not "),
            ("direction: [rtl]", "form.yaml:2:12: `direction` must be text, not "),
          ])
    func refused(line: String, expected: String) {
        let text = Self.hebrew.replacingOccurrences(of: "direction: rtl", with: line)
        let problems = FormSpecReadingTests.problems(text)
        #expect(problems.count == 1 && problems.allSatisfy { $0.hasPrefix(expected) }, "\(problems)")
    }

    @Test("export writes direction: rtl for a right-to-left form only, and reads back as the same spec")
    func writing() throws {
        let spec = try FormSpecReadingTests.decode(Self.hebrew)
        let yaml = spec.yaml()
        #expect(yaml.contains("\ndirection: rtl\n"), "\(yaml)")
        #expect(try FormSpecReadingTests.decode(yaml) == spec)
        let json = spec.json()
        #expect(json.contains("\n  \"direction\": \"rtl\",\n"), "\(json)")
        #expect(try FormSpecReadingTests.decode(json, file: "form.json") == spec)
        var ltr = spec
        ltr.direction = .leftToRight
        #expect(!ltr.yaml().contains("direction") && !ltr.json().contains("direction"))
        #expect(try FormSpecReadingTests.decode(ltr.yaml()) == ltr)
    }

    @Test("a stored form's spec carries its direction")
    func fromDefinition() {
        var form = FormDefinition.seed
        form.direction = .rightToLeft
        #expect(FormSpec(definition: form).direction == .rightToLeft)
        #expect(FormSpec(definition: .seed).direction == .leftToRight)
    }

    @Test("apply plans ~ direction ltr → rtl and back, + direction rtl for a new form, nothing when it stays")
    func planned() {
        var rtl = Specs.seed
        rtl.direction = .rightToLeft
        let toRTL = ApplyPlan(stored: .seed, spec: rtl)
        #expect(toRTL.changes.map(\.description) == ["~ direction ltr → rtl"])
        #expect(toRTL.target.direction == .rightToLeft)
        let back = ApplyPlan(stored: toRTL.target, spec: Specs.seed)
        #expect(back.changes.map(\.description) == ["~ direction rtl → ltr"])
        #expect(back.target.direction == .leftToRight)
        #expect(ApplyPlan(stored: toRTL.target, spec: rtl).isEmpty)
        let new = ApplyPlan(stored: nil, spec: rtl).changes.map(\.description)
        #expect(Array(new.prefix(2)) == ["+ title \"Hello {first} {middle} {last}\"", "+ direction rtl"])
        #expect(!ApplyPlan(stored: nil, spec: Specs.seed).changes.contains { $0.subject == .direction })
    }

    @Test("the direction line comes after the title and before the tab bar")
    func order() {
        var spec = Specs.seed
        spec.direction = .rightToLeft
        spec.title = "שלום"
        spec.tabBar = TabBarSettings(height: 60)
        #expect(ApplyPlan(stored: .seed, spec: spec).changes.map(\.description) == [
            "~ title \"Hello {first} {middle} {last}\" → \"שלום\"",
            "~ direction ltr → rtl",
            "~ tab bar height 49 → 60",
        ])
    }

    @Test("docs/form-file.schema.json: the right-to-left example and direction ltr are valid, any other direction is not", .tags(.jsonSchemaOracle), .slow)
    func schema() throws {
        let valid = [try FormFileSchemaTests.json("Examples/forms/contact-rtl.yaml"),
                     #"{"direction": "ltr", "pages": [{"key": "main"}]}"#]
        let invalid = [#"{"direction": "RTL", "pages": [{"key": "main"}]}"#, #"{"direction": true, "pages": [{"key": "main"}]}"#]
        let verdicts = try JSONSchemaPython.validate([
            .init(schema: FormFileSchemaTests.text("docs/form-file.schema.json"), instances: valid + invalid)])
        #expect(verdicts == [[true, true, false, false]])
    }
}
