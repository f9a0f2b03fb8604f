import FormKit
import Foundation
import JSONSchemaTestSupport
import Testing

/// `JSONSchemaExport` against the real binary: forms built with `field
/// add`, `field rule`, `field hide` and `field show-if`, many values set
/// with `set`; for each, `formctl values --format json` is valid against
/// the exported schema (Python's `jsonschema`, draft 2020-12, formats
/// asserted) exactly when `formctl check` exits 0.
///
/// The form's structure is read back with `fields --json` (what `export`
/// reads, through FormKit, once it is wired to `--format json-schema`).
@Suite("JSON Schema export", .tags(.jsonSchemaOracle), .slow)
struct JSONSchemaExportTests {
    /// The form the database holds, as a form file would declare it.
    static func spec(_ box: Sandbox) throws -> FormSpec {
        let listing = try #require(try JSONSerialization.jsonObject(with: try box.ok(["fields", "--json"]).stdout) as? [[String: Any]])
        let decoder = JSONDecoder()
        let fields = try listing.map { entry -> FieldSpec in
            let rules = try decoder.decode(FieldRules.self, from: try JSONSerialization.data(withJSONObject: try #require(entry["rules"])))
            var condition: ShowCondition?
            if let show = entry["showIf"] as? [String: Any], let other = show["field"] as? String {
                condition = (show["equals"] as? String).map { .equals(field: other, value: $0) } ?? .filled(field: other)
            }
            return FieldSpec(key: try #require(entry["key"] as? String), label: entry["label"] as? String, rules: rules,
                             isHidden: !(entry["visible"] as? Bool ?? true), showIf: condition)
        }
        return FormSpec(title: "T", pages: [PageSpec(key: "main", title: "Main", rows: [RowSpec(width: 540, fields: fields)])])
    }

    /// Sets each scenario's values (only those that change), and gives
    /// `values --format json` and whether `check` passed, for each.
    static func run(_ box: Sandbox, _ scenarios: [[String: String]]) throws -> [(values: String, passes: Bool)] {
        var current: [String: String] = [:]
        var results: [(values: String, passes: Bool)] = []
        for scenario in scenarios {
            // Scalar for scalar: `K` and U+212A KELVIN SIGN are two values.
            for (key, value) in scenario.sorted(by: { $0.key < $1.key }) where !(current[key]?.isScalarEqual(to: value) ?? false) {
                try box.ok(["set", key, value])
                current[key] = value
            }
            let values = try box.ok(["values", "--format", "json"]).stdoutText
            let check = try box.formctl(["check"])
            #expect(check.status == 0 || check.status == 1, "\(check)")
            results.append((values, check.status == 0))
        }
        return results
    }

    /// Compares Python's verdicts with `check`'s, one Python run.
    static func compare(_ schema: String, _ results: [(values: String, passes: Bool)]) throws {
        let verdicts = try JSONSchemaPython.validate([JSONSchemaPython.Job(schema: schema, instances: results.map(\.values))])
        let valid = try #require(verdicts.first)
        for (result, isValid) in zip(results, valid) {
            #expect(isValid == result.passes, "\(result.values): jsonschema says \(isValid), check \(result.passes)\n\(schema)")
        }
        #expect(valid.count == results.count)
    }

    @Test("values are valid exactly when check passes: rules, email, hidden fields, chains of show_if, Unicode")
    func agreement() throws {
        let box = try Sandbox()
        try box.createDatabase()
        for (key, options) in [
            ("first", ["--length-unit", "code-points", "--max-length", "10"]),
            ("middle", ["--length-unit", "code-points", "--optional", "--short-below", "0", "--pattern", #"[A-Z]\.?"#]),
            ("last", ["--length-unit", "code-points", "--pattern", #"\p{Lu}\w*"#]),
            ("twitter", ["--length-unit", "code-points", "--pattern", #"@\w{1,15}"#, "--message", "Your handle"]),
            // Characters, but an address is ASCII without CR LF: the same count.
            ("email", ["--email"]),
        ] {
            try box.ok(["field", "rule", key] + options)
        }
        try box.ok(["field", "show", "twitter"])
        try box.ok(["field", "show-if", "twitter", "--field", "email", "--filled"])
        for (key, label, options) in [
            ("country", "Country", ["--optional", "--short-below", "0"]),
            ("state", "State", ["--required", "--short-below", "0", "--length-unit", "code-points", "--pattern", "[A-Z]{2}"]),
            ("nick", "Nick", ["--optional", "--short-below", "0", "--length-unit", "code-points", "--max-length", "5", "--pattern", "(?:a|b)+$"]),
            ("code", "Code", ["--optional", "--short-below", "0", "--length-unit", "code-points", "--pattern", #"\d{3}|x.y"#]),
            ("secret", "Secret", ["--required", "--length-unit", "code-points", "--min-length", "5"]),
            ("unit", "Unit", ["--optional", "--short-below", "0"]),
            ("mark", "Mark", ["--required", "--short-below", "0", "--length-unit", "code-points"]),
        ] {
            try box.ok(["field", "add", key, label])
            try box.ok(["field", "rule", key] + options)
        }
        try box.ok(["field", "show-if", "state", "--field", "country", "--equals", "US"])
        try box.ok(["field", "show-if", "nick", "--field", "state", "--filled"])
        try box.ok(["field", "hide", "secret"])
        try box.ok(["field", "show-if", "mark", "--field", "unit", "--equals", "K;`"])

        let base: [String: String] = [
            "first": "Ada", "middle": "", "last": "Lovelace", "email": "ada@example.com", "twitter": "@ada", "country": "",
            "state": "", "nick": "", "code": "", "secret": "", "unit": "", "mark": "",
        ]
        let changes: [[String: String]] = [
            [:],
            ["first": "Al"], ["first": "😀😀😀"], ["first": "e\u{301}e"], ["first": "ée"], ["first": "Abcdefghijk"], ["first": "Abcdefghij"],
            ["first": ""], ["first": "👩‍💻"], ["first": "🇫🇷🇫🇷"],
            ["middle": "B"], ["middle": "B."], ["middle": "b"], ["middle": "BB"], ["middle": "É"],
            ["last": "lovelace"], ["last": "Émile"], ["last": "Łódź"], ["last": "Lo"], ["last": "L_٣"], ["last": "Lo-ve"], ["last": "Lov\n"],
            ["email": "ada@example"], ["email": "a@@b"], ["email": "\"ada lovelace\"@example.com"], ["email": "ada@[IPv6:2001:db8::1]"],
            ["email": "ada@[192.0.2.256]"], ["email": "ada..x@example.com"], ["email": "é@example.com"], ["email": "", "twitter": "anything"],
            ["email": "a@b"], ["email": "ada@example.com\n"], ["email": String(repeating: "a", count: 64) + "@example.com"],
            ["email": String(repeating: "a", count: 65) + "@example.com"], ["email": "ada@" + String(repeating: "a", count: 64) + ".com"],
            ["twitter": "ada"], ["twitter": ""], ["twitter": "@ad_a1"], ["twitter": "@é"], ["twitter": "@" + String(repeating: "x", count: 16)],
            ["country": "FR", "state": "x"], ["country": "US"], ["country": "US", "state": "NY"], ["country": "US", "state": "ny"],
            ["country": "US", "state": "N"], ["country": "US", "state": "NY", "nick": "ab"], ["country": "US", "state": "NY", "nick": "abc"],
            ["country": "US", "state": "NY", "nick": "ab\n"], ["country": "US", "state": "", "nick": "abc"],
            ["country": "USA", "state": "", "nick": "abc"], ["country": "us", "state": "x"],
            ["code": "123"], ["code": "١٢٣"], ["code": "x\ny"], ["code": "xzy"], ["code": "x😀y"], ["code": "12"], ["code": "1234"],
            ["secret": "x"], ["secret": "long enough"],
            ["unit": "K;`"], ["unit": "\u{212A};`", "mark": "m"], ["unit": "K\u{37E}\u{1FEF}"], ["unit": "k;`"], ["unit": "K;`", "mark": "m"],
            ["unit": "K;` "],
        ]
        let scenarios = changes.map { base.merging($0) { _, new in new } }
        let results = try Self.run(box, scenarios)
        let schema = try JSONSchemaExport.schema(of: try Self.spec(box))
        try Self.compare(schema, results)
        // Both verdicts occur, often.
        #expect(results.filter(\.passes).count >= 20 && results.filter { !$0.passes }.count >= 20)
    }

    @Test("seed 002's form counts characters: the export is refused, naming the fields and the fix; code points make it exportable")
    func characterCounts() throws {
        let box = try Sandbox()
        try box.createDatabase()
        let refused = try JSONSchemaExportTests.refusal(try Self.spec(box))
        #expect(Set(refused.compactMap(\.pointer)) == ["/properties/first", "/properties/middle", "/properties/last", "/properties/email"],
                "\(refused)")
        #expect(refused.allSatisfy { $0.message.contains("short_below") && $0.message.contains("--length-unit code-points") }, "\(refused)")
        for key in ["first", "middle", "last", "email"] { try box.ok(["field", "rule", key, "--length-unit", "code-points"]) }
        let results = try Self.run(box, [
            ["first": "Ada", "middle": "B", "last": "Lovelace", "email": "ada@example.com"],
            ["first": "Ada", "middle": "Bob", "last": "Lovelace", "email": "ada@example.com"],
            ["first": "e\u{301}", "middle": "Bob", "last": "Lovelace", "email": "ada@example.com"],
            ["first": "e\u{301}e", "middle": "Bob", "last": "Lovelace", "email": "ada@example.com"],
            ["first": "Ada", "middle": "Bob", "last": "Lovelace", "email": "ada"],
            ["first": "Ada", "middle": "Bob", "last": "Lovelace", "email": "ada", "twitter": "x"],
        ])
        try Self.compare(try JSONSchemaExport.schema(of: try Self.spec(box)), results)
        #expect(results.map(\.passes) == [false, true, false, true, true, true])
    }

    /// The problems the export of `spec` is refused with (none when it is not).
    static func refusal(_ spec: FormSpec) throws -> [FileProblem] {
        do {
            _ = try JSONSchemaExport.schema(of: spec, source: "form.db")
            return []
        } catch {
            #expect(error.code == .badFile)
            guard case .badFile(let problems) = error else { return [] }
            return problems
        }
    }

    @Test("a pattern construct with no ECMA-262 equivalent is refused naming field and construct; a non-ASCII show_if value is const")
    func refusals() throws {
        let box = try Sandbox()
        try box.createDatabase()
        for key in ["first", "middle", "last", "email"] { try box.ok(["field", "rule", key, "--length-unit", "code-points"]) }
        let refused: [(pattern: String, construct: String)] = [
            (#"(a)\1"#, #"`\1`"#), ("(?i)abc", "`(?i`"), ("a++", "`++`"), ("(?>a)", "`(?>`"), (#"a\Kb"#, #"`\K`"#), (#"\R"#, #"`\R`"#),
            (#"\X"#, #"`\X`"#), ("(*UTF)a", "`(*`"), ("(?|a)", "`(?|`"), ("a{,3}", "`{`"), (#"\Qa\E+"#, "`+`"), (#"(?<n>a)\k<n>"#, #"`\k`"#),
        ]
        for item in refused {
            try box.ok(["field", "rule", "first", "--pattern", item.pattern])
            let problems = try Self.refusal(try Self.spec(box))
            #expect(problems.count == 1 && problems.first?.pointer == "/properties/first", "\(item.pattern): \(problems)")
            #expect(problems.first?.message.hasPrefix("field first: \(item.construct)") == true, "\(item.pattern): \(problems)")
            #expect(problems.first?.description.hasPrefix("form.db (/properties/first): field first: ") == true)
        }
        try box.ok(["field", "rule", "first", "--pattern", ""])
        try box.ok(["field", "show-if", "last", "--field", "first", "--equals", "Zoë"])
        #expect(try Self.refusal(try Self.spec(box)).isEmpty)
        // formctl and the schema's `const` compare code points alike.
        try box.ok(["field", "rule", "last", "--required"])
        let results = try Self.run(box, [
            ["first": "Zo\u{EB}", "middle": "Bob", "last": "", "email": "zoe@example.com"],
            ["first": "Zoe\u{308}", "middle": "Bob", "last": "", "email": "zoe@example.com"],
            ["first": "Zo\u{EB}", "middle": "Bob", "last": "Smith", "email": "zoe@example.com"],
        ])
        try Self.compare(try JSONSchemaExport.schema(of: try Self.spec(box)), results)
        #expect(results.map(\.passes) == [false, true, true])
    }
}
