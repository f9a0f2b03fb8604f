import FormKit
import Foundation
import Testing

/// `formctl export` and the example form files in Examples/forms.
@Suite("form files: export and the examples")
struct FormFileExampleTests {
    /// A file of the package, by path from the package root.
    static func packageFile(_ path: String) throws -> Data {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try Data(contentsOf: root.appendingPathComponent(path))
    }

    @Test("Examples/forms/seed-002.yaml is exactly what export prints for a new database")
    func seedExample() throws {
        let box = try Sandbox()
        let exported = try box.ok(["export"])
        #expect(exported.stdout == (try Self.packageFile("Examples/forms/seed-002.yaml")))
        #expect(exported.stderr.isEmpty)
        #expect(try box.ok(["export", "--format", "yaml"]).stdout == exported.stdout)
        let spec = try FormSpec.decode(Array(exported.stdout), file: "seed-002.yaml")
        #expect(spec == FormSpec(definition: .seed))
        let json = try box.ok(["export", "--format", "json"])
        #expect(try FormSpec.decode(Array(json.stdout), file: "seed-002.json") == spec)
        #expect(try JSONSerialization.jsonObject(with: json.stdout) is [String: Any])
    }

    @Test("export follows the stored form: pages, rows, rules, hidden flags, conditions, tab bar, title")
    func exportFollowsChanges() throws {
        let box = try Sandbox()
        try box.ok(["page", "add", "extra", "Extra Things"])
        try box.ok(["field", "add", "phone", "Phone", "--page", "extra"])
        try box.ok(["field", "rule", "phone", "--min-length", "3", "--pattern", "[0-9 ]+", "--short-below", "0", "--message", "Digits: yes"])
        try box.ok(["field", "show-if", "phone", "--field", "first", "--equals", "no"])
        try box.ok(["field", "show", "twitter"])
        try box.ok(["tabbar", "--height", "60", "--hide"])
        try box.ok(["title", "Dear {first}"])
        let exported = try box.ok(["export"]).stdoutText
        #expect(exported.hasPrefix("title: \"Dear {first}\"\ntab_bar: {height: 60, hidden: true}\n"), "\(exported)")
        #expect(exported.contains("  - key: extra\n    title: Extra Things\n    rows:\n      - width: 540\n        fields:\n"), "\(exported)")
        #expect(exported.contains(#"- {key: phone, label: Phone, min_length: 3, pattern: "[0-9 ]+", message: "Digits: yes", show_if: {field: first, equals: "no"}}"#), "\(exported)")
        #expect(exported.contains("{key: twitter, label: Twitter, short_below: 3}"), "\(exported)")
        let json = try box.ok(["export", "--format", "json"]).stdout
        #expect(try FormSpec.decode(Array(json), file: "x.json") == FormSpec.decode(Array(exported.utf8), file: "x.yaml"))
    }

    @Test("an unknown format is a usage error (64); a missing database with --no-create is 66")
    func errors() throws {
        let box = try Sandbox()
        #expect(try box.formctl(["export", "--format", "xml"]).status == 64)
        #expect(try box.formctl(["export", "--no-create"], db: box.path("missing.db")).status == 66)
        #expect(!FileManager.default.fileExists(atPath: box.path("missing.db")))
    }

    @Test("export → apply to a new database → export gives the same text, for both examples and both formats",
          arguments: ["Examples/forms/seed-002.yaml", "Examples/forms/onboarding.yaml", "Examples/forms/onboarding.json"])
    func roundTrip(example: String) throws {
        let box = try Sandbox()
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(example).path
        try box.ok(["apply", source], db: box.path("first.db"))
        let format = example.hasSuffix(".json") ? "json" : "yaml"
        let first = try box.ok(["export", "--format", format], db: box.path("first.db")).stdout
        #expect(first == (try Self.packageFile(example)), "\(String(decoding: first, as: UTF8.self))")
        let copy = box.path("copy." + format)
        try first.write(to: URL(fileURLWithPath: copy))
        try box.ok(["apply", copy], db: box.path("second.db"))
        #expect(try box.ok(["export", "--format", format], db: box.path("second.db")).stdout == first)
        // The stored form, read back with sqlite3: pages, rows, fields in order, a condition.
        if example.contains("onboarding") {
            #expect(try box.rows("SELECT key FROM page ORDER BY position", db: box.path("second.db")) == [["you"], ["team"], ["access"]])
            let keys = try box.rows("SELECT key FROM field ORDER BY position", db: box.path("second.db")).map { $0[0] ?? "" }
            #expect(keys == ["first", "last", "email", "state", "team", "manager", "laptop", "os", "github", "notes"])
            #expect(try box.value("SELECT count(*) FROM form_row", db: box.path("second.db")) == "5")
        }
    }

    @Test("the onboarding example: three pages, YAML and JSON the same form, both as the writer prints them")
    func onboarding() throws {
        let yaml = try Self.packageFile("Examples/forms/onboarding.yaml")
        let json = try Self.packageFile("Examples/forms/onboarding.json")
        let spec = try FormSpec.decode(Array(yaml), file: "onboarding.yaml")
        #expect(try FormSpec.decode(Array(json), file: "onboarding.json") == spec)
        #expect(spec.yaml() == String(decoding: yaml, as: UTF8.self))
        #expect(spec.json() == String(decoding: json, as: UTF8.self))
        #expect(spec.pages.count == 3)
        #expect(spec.fields.contains { $0.showIf != nil })
        #expect(spec.fields.contains { $0.rules.message != nil })
        #expect(spec.fields.contains { $0.rules.shortBelow > 0 })
    }
}
