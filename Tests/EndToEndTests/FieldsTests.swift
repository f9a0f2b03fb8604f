import Foundation
import Testing

/// `fields` and `fields --json`.
@Suite("fields")
struct FieldsTests {
    @Test("the table has the header and one line per field, hidden ones included")
    func table() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Jo"])
        try box.ok(["set", "last", "Smith"])
        let result = try box.ok(["fields"])
        let lines = result.stdoutText.lines
        #expect(lines.first?.words == "KEY LABEL TYPE VALUE STATE COLOR PAGE ROW SHOWN", "\(result)")
        for key in seedKeys {
            #expect(lines.filter { $0.hasPrefix(key + " ") }.count == 1, "no single line for \(key): \(result)")
        }
        let first = try #require(lines.first { $0.hasPrefix("first ") })
        #expect(first.words.hasPrefix("first First Name text Jo short yellow main 1"), "\(first)")
        let middle = try #require(lines.first { $0.hasPrefix("middle ") })
        #expect(middle.words.contains("empty red main 1"), "\(middle)")
        let last = try #require(lines.first { $0.hasPrefix("last ") })
        #expect(last.words.hasPrefix("last Last Name text Smith valid green main 1"), "\(last)")
        // Shown and hidden fields differ in the SHOWN column.
        let email = try #require(lines.first { $0.hasPrefix("email ") }).words
        let twitter = try #require(lines.first { $0.hasPrefix("twitter ") }).words
        #expect(email.split(separator: " ").last != twitter.split(separator: " ").last, "\(email) / \(twitter)")
        // Rows come in form order.
        let order = lines.compactMap { line in seedKeys.first { line.hasPrefix($0 + " ") } }
        #expect(order == seedKeys)
        #expect(!result.stdout.containsControlBytesOtherThanNewline)
    }

    @Test("fields --json lists every field with its rules, in form order")
    func json() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Jo"])
        try box.ok(["field", "rule", "email", "--email", "--required"])
        try box.ok(["field", "rule", "last", "--min-length", "2", "--max-length", "20", "--pattern", "[A-Z][a-z]+"])
        let result = try box.ok(["fields", "--json"])
        let fields = try #require(try result.stdout.json() as? [[String: Any]], "\(result)")
        #expect(fields.map { $0["key"] as? String } == seedKeys)
        let fieldKeys: Set<String> = ["key", "label", "type", "value", "state", "color", "length", "page", "row", "position", "visible", "shown", "rules", "showIf", "hint", "readOnly"]
        #expect(fields.allSatisfy { Set($0.keys) == fieldKeys }, "\(fields.map { $0.keys.sorted() })")
        // Every rule is present, null when not set.
        let ruleKeys: Set<String> = ["required", "minLength", "maxLength", "pattern", "email", "shortBelow", "message", "lengthUnit"]
        let incomplete = fields.filter { Set(($0["rules"] as? [String: Any] ?? [:]).keys) != ruleKeys }
        #expect(incomplete.isEmpty, "rules without all of \(ruleKeys.sorted()): \(incomplete.map { "\($0["key"] ?? "?"): \(($0["rules"] as? [String: Any] ?? [:]).keys.sorted())" })")
        let first = fields[0]
        #expect(first["label"] as? String == "First Name")
        #expect(first["value"] as? String == "Jo")
        #expect(first["state"] as? String == "short")
        #expect(first["color"] as? String == "yellow")
        #expect(number(first["length"]) == 2)
        #expect(number(first["row"]) == 1)
        #expect(number(first["position"]) == 1)
        #expect((first["visible"] as? NSNumber)?.boolValue == true)
        let firstRules = try #require(first["rules"] as? [String: Any])
        // The seed's shown fields are required: a fresh form fails `check`.
        #expect((firstRules["required"] as? NSNumber)?.boolValue == true)
        #expect((firstRules["email"] as? NSNumber)?.boolValue == false)
        for name in ["minLength", "maxLength", "pattern"] {
            #expect(firstRules[name] == nil || firstRules[name] is NSNull, "\(name): \(firstRules)")
        }

        let lastRules = try #require(fields[2]["rules"] as? [String: Any])
        #expect(number(lastRules["minLength"]) == 2 && number(lastRules["maxLength"]) == 20)
        #expect(lastRules["pattern"] as? String == "[A-Z][a-z]+")
        let emailRules = try #require(fields[3]["rules"] as? [String: Any])
        #expect((emailRules["required"] as? NSNumber)?.boolValue == true)
        #expect((emailRules["email"] as? NSNumber)?.boolValue == true)
        #expect((fields[4]["visible"] as? NSNumber)?.boolValue == false)
        #expect(number(fields[4]["row"]) == 2 && number(fields[4]["position"]) == 5)
    }

    @Test("long values are cut with … in the table")
    func longValues() throws {
        let box = try Sandbox()
        let long = String(repeating: "abcdefghij", count: 30)
        try box.ok(["set", "middle", long])
        let result = try box.ok(["fields"])
        let middle = try #require(result.stdoutText.lines.first { $0.hasPrefix("middle ") })
        #expect(!middle.contains(long), "the 300-character value is printed whole")
        #expect(middle.contains("…"), "\(middle)")
        #expect(middle.contains("abcdefghij"), "\(middle)")
        // The JSON keeps the whole value.
        let fields = try #require(try box.ok(["fields", "--json"]).stdout.json() as? [[String: Any]])
        #expect(fields[1]["value"] as? String == long)
    }
}
