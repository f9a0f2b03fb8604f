import FormKit
import Foundation
import JSONSchemaTestSupport
import Testing

/// The rule patterns `JSONSchemaExport` writes: for many PCRE2 patterns and
/// strings, the exported `pattern` (Python's `jsonschema`) accepts a
/// non-empty string exactly when the rule pattern (PCRE2, whole value) does.
/// Python's `re` and ECMA-262 read every construct the export writes alike.
@Suite("JSON Schema export: patterns", .tags(.jsonSchemaOracle), .slow)
struct JSONSchemaExportPatternTests {
    static let strings = [
        "a", "abc", "ABC", "abc\n", "a\nb", "\n", "\r", "x y", "\t", "123", "١٢٣", "٣", "12a", "é", "e\u{301}", "É", "😀", "😀😀",
        "👩‍💻", "🇫🇷", "日本", "αβ", "a_b", "a-b", "a.b", "a$", "$", "^", "\\", "[", "]", "{", "}", "|", "/", "\u{85}", "\u{A0}",
        "\u{2028}", "\u{3000}", "K", "\u{212A}", "_", "ab\n", "aa", "aaa", "ba", "x😀y", "\u{0}a", "𝒜",
    ]

    static let patterns = [
        "a", "abc", "[a-c]+", "[^a-c]+", "a|b", "^a|b$", "a$", "a$\\n", "a\\Z", "a\\z", "\\Aa", ".", ".+", "\\N+", "\\d+", "\\D", "\\w+",
        "\\W", "\\s", "\\S+", "\\h", "\\v", "\\p{Lu}\\p{Ll}*", "\\pL+", "\\P{L}", "\\p{Greek}+", "[[:alpha:]]+", "[[:^digit:]]+",
        "[\\d_]+", "[]a]", "[^]a]+", "\\bab\\b", "a\\B.", "\\Qa.b\\E", "\\x{1F600}+", "\\x41\\x{42}?", "\\t|\\n", "\\e|\\a|\\f|\\r",
        "\\cJ", "\\0a", "\\o{101}", "(?:ab)+", "(a|b)*", "a{2}", "a{2,}", "a{1,2}?", "(?=.*b).*", "(?!ab).+", "(?<=a)b|a", "(?<!x).",
        "(?<name>a)b?", "(?P<n>a)", "(?'n'a)", "😀+", "é", "[😀-😂]", "[é-ë]+", "\\$|\\^|\\\\|\\[|\\]|\\{|\\}|\\||\\/", "x*", "",
        "[\\x{0}-\\x{7F}]+", "\\X?a",
    ]

    @Test("exported patterns accept exactly what PCRE2 accepts, on ASCII, Unicode, newlines and astral strings")
    func agreement() throws {
        var jobs: [JSONSchemaPython.Job] = []
        var expected: [[Bool]] = []
        var translated = 0
        for pattern in Self.patterns {
            var rules = FieldRules(required: true, pattern: pattern, shortBelow: 0, lengthUnit: .codePoints)
            rules.email = false
            let spec = FormSpec(title: "T", pages: [PageSpec(key: "main", title: "Main", rows: [
                RowSpec(width: 540, fields: [FieldSpec(key: "v", rules: rules)]),
            ])])
            let schema: String
            do {
                schema = try JSONSchemaExport.schema(of: spec)
            } catch {
                // Only `\X` (grapheme clusters) is refused here.
                #expect(pattern.contains("\\X"), "\(pattern): \(error)")
                continue
            }
            translated += 1
            // Deterministic: the same text twice.
            #expect(try JSONSchemaExport.schema(of: spec) == schema)
            jobs.append(JSONSchemaPython.Job(schema: schema, instances: Self.strings.map { #"{"v": "# + JSONSchemaPython.quoted($0) + "}" }))
            expected.append(Self.strings.map { value in
                CheckReport(fields: [Field(key: "v", label: "v", value: value, row: 1, position: 1, rules: rules)]).passes
            })
        }
        let validated = try JSONSchemaPython.validate(jobs)
        var compared = 0
        var index = 0
        for pattern in Self.patterns where !pattern.contains("\\X") {
            for (place, value) in Self.strings.enumerated() {
                compared += 1
                #expect(validated[index][place] == expected[index][place],
                        "/\(pattern)/ on \(value.debugDescription): jsonschema \(validated[index][place]), PCRE2 \(expected[index][place])")
            }
            index += 1
        }
        #expect(translated == Self.patterns.count - 1 && compared > 2500)
    }

    @Test("the email rule's pattern accepts exactly EmailAddress.isMailbox's addresses")
    func mailbox() throws {
        let candidates = [
            "ada@example.com", "ada@example", "a@b", "ADA.Love+tag@sub.example.co", "!#$%&'*+-/=?^_`{|}~@x", "\"ada lovelace\"@example.com",
            "\"\"@x", "\"a\\\"b\"@x", "\"a\\\\\"@x", "\"a\"b\"@x", "\"a\\\"@x", "ada@[192.0.2.1]", "ada@[192.0.2.256]", "ada@[01.2.3.4]",
            "ada@[IPv6:2001:db8::1]", "ada@[IPv6:::]", "ada@[IPv6:1:2:3:4:5:6:7:8]", "ada@[IPv6:1:2:3:4:5:6:7]", "ada@[IPv6:1::2::3]",
            "ada@[IPv6:1:2:3:4:5:6:1.2.3.4]", "ada@[IPv6:1::1.2.3.4]", "ada@[IPv6:1:2:3:4:5::1.2.3.4]", "ada@[IPv6:1:2:3:4:5:6::]",
            "ada@[IPv6:1:2:3:4:5:6:7::]", "ada@[IPv6:::1:2:3:4:5:6]", "ada@[IPv6:12345::1]", "ada@[tag:x]", "ada@[1.2.3]",
            ".ada@x", "ada.@x", "a..b@x", "ada@.x", "ada@x.", "ada@x..y", "ada@-x", "ada@x-", "ada@x-y", "ada@x_y", "ada", "@x", "ada@",
            "a@b@c", "é@x", "ada@é", "ada@x ", " ada@x", "ada@x\n", "ada@" + String(repeating: "a", count: 63), "ada@" + String(repeating: "a", count: 64),
            String(repeating: "a", count: 64) + "@x", String(repeating: "a", count: 65) + "@x",
            "\"" + String(repeating: "a", count: 62) + "\"@x", "\"" + String(repeating: "a", count: 63) + "\"@x",
            "\"" + String(repeating: "\\a", count: 31) + "\"@x", "\"" + String(repeating: "\\a", count: 31) + "a\"@x",
            "a@" + Array(repeating: String(repeating: "b", count: 63), count: 3).joined(separator: ".") + "." + String(repeating: "c", count: 57),
            "a@" + Array(repeating: String(repeating: "b", count: 63), count: 3).joined(separator: ".") + "." + String(repeating: "c", count: 58),
        ]
        let schema = #"{"type": "string", "format": "email", "pattern": "# + JSONSchemaPython.quoted(MailboxPatternText.text) + "}"
        let validated = try JSONSchemaPython.validate([JSONSchemaPython.Job(schema: schema, instances: candidates.map(JSONSchemaPython.quoted))])
        for (value, valid) in zip(candidates, try #require(validated.first)) {
            #expect(valid == Validator.isEmailAddress(value), "\(value.debugDescription): jsonschema \(valid)")
        }
        #expect(candidates.filter(Validator.isEmailAddress).count >= 15)
    }
}

/// The mailbox pattern, as the export writes it for an email rule.
enum MailboxPatternText {
    static let text: String = {
        var rules = FieldRules(required: true, email: true, shortBelow: 0, lengthUnit: .codePoints)
        rules.email = true
        let spec = FormSpec(title: "T", pages: [PageSpec(key: "main", title: "Main", rows: [RowSpec(width: 540, fields: [FieldSpec(key: "v", rules: rules)])])])
        guard let schema = try? JSONSchemaExport.schema(of: spec),
              let object = try? JSONSerialization.jsonObject(with: Data(schema.utf8)) as? [String: Any],
              let properties = object["properties"] as? [String: Any], let field = properties["v"] as? [String: Any],
              let pattern = field["pattern"] as? String else { return "" }
        return pattern
    }()
}
