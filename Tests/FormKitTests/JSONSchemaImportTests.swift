import FormKit
import Foundation
import JSONSchemaTestSupport
import Testing
import Yams
import CLISupport

/// `JSONSchemaImport`: after the import, a non-empty value passes `check`
/// exactly when Python's `jsonschema` (draft 2020-12, formats asserted)
/// finds it valid against its property's schema. The inputs avoid the
/// places where Python's `re` differs from ECMA-262 (`\d`, `\w` and `\s`
/// on non-ASCII, `$` before a final newline, `.` on `\r`) and where its
/// `format: email` is looser than RFC 5321 (strings with an `@` that are
/// not addresses); those are checked against ECMA-262's meaning below.
@Suite("JSON Schema import", .tags(.jsonSchemaOracle), .slow)
struct JSONSchemaImportTests {
    /// A property schema and the strings to try on it.
    struct Case {
        var property: String
        var values: [String]
    }

    static let nonASCII = ["é", "e\u{301}", "😀", "😀😀", "👩‍💻", "🇫🇷", "a\u{301}\u{301}\u{301}", "ab\u{301}cd", "日本語", "𝒜𝒷"]

    static let cases: [Case] = [
        Case(property: #"{"type": "string", "minLength": 2, "maxLength": 4}"#,
             values: ["a", "ab", "abcd", "abcde"] + nonASCII),
        Case(property: #"{"type": "string", "maxLength": 1}"#, values: ["a", "ab"] + nonASCII),
        Case(property: #"{"type": "string", "minLength": 3}"#, values: ["ab", "abc"] + nonASCII),
        Case(property: #"{"type": "string", "pattern": "^[a-z]+$"}"#, values: ["abc", "abC", "a b", "é", "z"]),
        Case(property: #"{"type": "string", "pattern": "a|^b"}"#, values: ["xa", "a", "b", "xb", "bx", "ab", "c", "😀a", "😀b"]),
        Case(property: #"{"type": "string", "pattern": "x$|y"}"#, values: ["x", "ax", "xa", "y", "ayb", "z", "x😀", "😀x", "x\ny"]),
        Case(property: #"{"type": "string", "pattern": "^a$|^b"}"#, values: ["a", "ab", "b", "bc", "cb", "ba"]),
        Case(property: #"{"type": "string", "pattern": "[0-9]{3}"}"#, values: ["123", "a123b", "12", "1a2b3", "١٢٣", "x1234"]),
        Case(property: #"{"type": "string", "pattern": "\\d+"}"#, values: ["12", "x", "a1", "é9"]),
        Case(property: #"{"type": "string", "pattern": "^\\d{2}-\\d{2}$"}"#, values: ["12-34", "1-234", "12-345", "ab-cd"]),
        Case(property: #"{"type": "string", "pattern": "^.$"}"#, values: ["a", "é", "😀", "e\u{301}", "\n", "ab", "👩‍💻"]),
        Case(property: #"{"type": "string", "pattern": "^.{2}$"}"#, values: ["ab", "😀😀", "e\u{301}", "🇫🇷", "abc", "a\nb"]),
        Case(property: #"{"type": "string", "pattern": "^\\w+$"}"#, values: ["abc_1", "ab c", "a-b", "_"]),
        Case(property: #"{"type": "string", "pattern": "\\bcat\\b"}"#, values: ["cat", "a cat!", "concat", "cats", "cat-dog", "(cat)"]),
        Case(property: #"{"type": "string", "pattern": "\\Bat"}"#, values: ["cat", "at", "a at", "bat!"]),
        Case(property: #"{"type": "string", "pattern": "^[^aeiou]+$"}"#, values: ["xyz", "xaz", "😀😀", "é", "e\u{301}"]),
        Case(property: #"{"type": "string", "pattern": "^\\u00e9+$"}"#, values: ["é", "éé", "e\u{301}", "ée\u{301}"]),
        Case(property: #"{"type": "string", "pattern": "^é+$"}"#, values: ["é", "éé", "e\u{301}"]),
        Case(property: #"{"type": "string", "pattern": "^[😀-😂]$"}"#, values: ["😁", "😃", "😀", "a", "😀😀"]),
        Case(property: #"{"type": "string", "pattern": "^[A-Z][a-z]*(?: [A-Z][a-z]*)*$"}"#,
             values: ["Ada Lovelace", "Ada lovelace", "Ada  Lovelace", "Ada", "Émile", "A B C"]),
        Case(property: #"{"type": "string", "pattern": "colou?r", "maxLength": 8}"#,
             values: ["color", "colour", "my colour", "my colours", "colr", "COLOR"]),
        Case(property: #"{"type": "string", "minLength": 0, "pattern": "😀|é"}"#, values: ["a😀b", "aé", "ae\u{301}", "😁"] + nonASCII),
        Case(property: #"{"type": "string", "pattern": "^(?:ab)+$"}"#, values: ["ab", "abab", "aba", "ba"]),
        Case(property: #"{"type": "string", "pattern": "^a{2,3}$"}"#, values: ["a", "aa", "aaa", "aaaa"]),
        Case(property: #"{"type": "string", "pattern": "^(?=.*[0-9])(?=.*[a-z]).{6,}$"}"#,
             values: ["abc123", "abcdef", "123456", "ab1", "😀😀😀😀a1"]),
        Case(property: #"{"type": "string", "pattern": "^(?!admin$)[a-z]+$"}"#, values: ["admin", "admins", "bob"]),
        Case(property: #"{"type": "string", "pattern": "(?<=a)b"}"#, values: ["ab", "b", "cb", "aab"]),
        Case(property: #"{"type": "string", "pattern": "^a\\.b\\$\\/$"}"#, values: ["a.b$/", "axb$/"]),
        Case(property: #"{"type": "string", "pattern": "^[\\-a-c\\]]+$"}"#, values: ["-]a", "d", "abc", "]"]),
        Case(property: #"{"type": "string", "pattern": "^[\\d\\s]+$"}"#, values: ["1 2", "12", "a1", "1\t2"]),
        Case(property: #"{"type": "string", "pattern": "^[^\\d]+$"}"#, values: ["ab", "a1", "é"]),
        Case(property: #"{"type": "string", "pattern": "^\\S+$"}"#, values: ["ab", "a b", "é😀"]),
        Case(property: #"{"type": "string", "pattern": "^(a|b)*c?$"}"#, values: ["abab", "ababc", "c", "ca", "abcc"]),
        Case(property: #"{"type": "string", "pattern": "^x*?y+?$"}"#, values: ["xxy", "y", "xx"]),
        Case(property: #"{"type": "string", "pattern": "\\x41\\t?"}"#, values: ["A", "xA\t", "a"]),
        // (Named groups, `(?<name>…)`, are left to the test below: Python's `re` spells them `(?P<name>…)`.)
        Case(property: #"{"type": "string", "pattern": "^([0-9]{4})-([0-9]{2})$"}"#, values: ["2024-01", "24-01"]),
        Case(property: #"{"type": "string", "pattern": ""}"#, values: ["a", "😀"]),
        Case(property: #"{"type": "string", "pattern": "^$"}"#, values: ["a"]),
        Case(property: #"{"type": "string", "format": "email"}"#,
             values: ["ada@example.com", "ada@example", "\"ada lovelace\"@example.com", "ada@[192.0.2.1]", "ada@[IPv6:2001:db8::1]",
                      "ada.example.com", "ada", "😀"]),
        Case(property: #"{"type": "string", "format": "email", "maxLength": 12, "pattern": "\\.org$"}"#,
             values: ["a@b.org", "ada@example.org", "a@b.com", "b.org"]),
        Case(property: #"{"type": "string", "title": "Name", "description": "Yours", "examples": ["Ada"], "$comment": "c", "default": "", "minLength": 1}"#,
             values: ["A", "😀"]),
        Case(property: #"{"type": ["string"], "minLength": 2.0}"#, values: ["a", "ab"]),
    ]

    static func document(_ property: String) -> String {
        #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": {"v": "# + property
            + #"}, "required": ["v"]}"#
    }

    static func imported(_ text: String, file: String = "schema.json") throws -> FormSpec {
        let node = try #require(try Yams.compose(yaml: text))
        #expect(JSONSchemaImport.recognises(node))
        return try JSONSchemaImport.spec(from: node, file: file)
    }

    /// Whether `check` passes the field with `value`.
    static func passes(_ spec: FieldSpec, _ value: String) -> Bool {
        let field = Field(key: spec.key, label: spec.label, value: value, row: 1, position: 1, isVisible: !spec.isHidden,
                          rules: spec.rules, showIf: spec.showIf)
        return CheckReport(fields: [field]).passes
    }

    @Test("check agrees with draft 2020-12 on every supported keyword, non-ASCII strings, and ^/$ inside patterns")
    func agreement() throws {
        var jobs: [JSONSchemaPython.Job] = []
        var expected: [[Bool]] = []
        for testCase in Self.cases {
            let text = Self.document(testCase.property)
            let spec = try Self.imported(text)
            let field = try #require(spec.fields.first)
            #expect(field.rules.lengthUnit == .codePoints && field.rules.shortBelow == 0 && field.rules.required)
            jobs.append(JSONSchemaPython.Job(schema: text, instances: testCase.values.map { #"{"v": "# + JSONSchemaPython.quoted($0) + "}" }))
            expected.append(testCase.values.map { Self.passes(field, $0) })
        }
        let validated = try JSONSchemaPython.validate(jobs)
        var compared = 0
        for (place, testCase) in Self.cases.enumerated() {
            for (index, value) in testCase.values.enumerated() {
                compared += 1
                #expect(validated[place][index] == expected[place][index],
                        "\(testCase.property) on \(value.debugDescription): jsonschema says \(validated[place][index]), check \(expected[place][index])")
            }
        }
        #expect(compared > 200)
    }

    @Test("import then export: the exported schema gives the imported one's verdicts on every non-empty value")
    func roundTrip() throws {
        var jobs: [JSONSchemaPython.Job] = []
        for testCase in Self.cases {
            let text = Self.document(testCase.property)
            let exported = try JSONSchemaExport.schema(of: try Self.imported(text))
            let instances = testCase.values.map { #"{"v": "# + JSONSchemaPython.quoted($0) + "}" }
            jobs.append(JSONSchemaPython.Job(schema: text, instances: instances))
            jobs.append(JSONSchemaPython.Job(schema: exported, instances: instances))
        }
        let validated = try JSONSchemaPython.validate(jobs)
        for (place, testCase) in Self.cases.enumerated() {
            #expect(validated[2 * place] == validated[2 * place + 1], "\(testCase.property): \(testCase.values)")
        }
        #expect(validated.count == 2 * Self.cases.count)
    }

    @Test("where Python's re is not ECMA-262, the import follows ECMA-262")
    func ecmaMeaning() throws {
        func field(_ pattern: String) throws -> FieldSpec {
            let escaped = JSONSchemaPython.quoted(pattern)
            return try #require(try Self.imported(Self.document(#"{"type": "string", "pattern": "# + escaped + "}")).fields.first)
        }
        // `$` is the end only; `.` excludes every line terminator; `\d`,
        // `\w`, `\s` are ECMA-262's; `\u{…}` and `\p{…}` (the `u` flag).
        let cases: [(pattern: String, value: String, passes: Bool)] = [
            ("^[a-z]+$", "abc\n", false), ("^[a-z]+$", "abc", true), ("x$", "x\n", false),
            ("^.$", "\r", false), ("^.$", "\u{2028}", false), ("^.$", "\u{85}", true),
            ("^\\d$", "٣", false), ("^\\d$", "3", true), ("^\\w$", "é", false), ("^\\W$", "é", true),
            ("^\\s$", "\u{FEFF}", true), ("^\\s$", "\u{1C}", false), ("\\bé", "é", false), ("\\Bé", "é", true),
            ("^\\u{1F600}$", "😀", true), ("^\\u{1F600}$", "😁", false), ("^\\p{Lu}\\p{Ll}+$", "Éa", true),
            ("^\\p{Lu}$", "é", false), ("^\\p{Script=Greek}+$", "αβ", true), ("^\\P{Letter}$", "a", false),
            ("^\\cJ$", "\n", true), ("^\\0$", "\u{0}", true), ("^[\\b]$", "\u{8}", true),
            ("^\\uD83D\\uDE00$", "😀", true), ("^\\uD83D\\uDE00$", "😁", false), ("[]", "a", false), ("^[^]$", "😀", true), ("^[^]$", "ab", false), ("^[^]*$", "a\nb", true),
            ("^(?<year>[0-9]{4})-(?<month>[0-9]{2})$", "2024-01", true), ("^(?<year>[0-9]{4})$", "24", false),
        ]
        for item in cases {
            #expect(Self.passes(try field(item.pattern), item.value) == item.passes, "/\(item.pattern)/ on \(item.value.debugDescription)")
        }
    }

    @Test("the form: one page, one field per row in the document's order, titles, required")
    func form() throws {
        let spec = try Self.imported("""
            {"title": "Sign-up", "type": "object",
             "properties": {"name": {"type": "string", "title": "Your name"}, "email": {"type": "string", "format": "email"},
                            "age": {"type": "string", "pattern": "^[0-9]+$"}},
             "required": ["email", "name"], "additionalProperties": false}
            """)
        #expect(spec.title == "Sign-up")
        #expect(spec.pages.map(\.key) == ["main"] && spec.pages[0].rows.map { $0.fields.map(\.key) } == [["name"], ["email"], ["age"]])
        #expect(spec.fields.map(\.label) == ["Your name", "email", "age"])
        #expect(spec.fields.map(\.rules.required) == [true, true, false])
        #expect(spec.fields[1].rules.email && spec.fields[2].rules.pattern == "[0-9]+")
        let yaml = try Self.imported("type: object\nproperties:\n  a: {type: string, maxLength: 3}\n", file: "s.yaml")
        #expect(yaml.title == JSONSchemaImport.untitled && yaml.fields.first?.rules.maxLength == 3)
    }

    @Test("the same form whichever resolver composed the document (Yams' default, or basic as form files use); a quoted number is not a count")
    func resolvers() throws {
        let text = #"{"title": "T", "type": "object", "properties": {"a": {"type": "string", "minLength": 2, "maxLength": 4.0}}, "additionalProperties": false}"#
        let basic = try #require(try Yams.compose(yaml: text, .basic))
        #expect(JSONSchemaImport.recognises(basic))
        let spec = try JSONSchemaImport.spec(from: basic, file: "s.json")
        #expect(spec == (try Self.imported(text)))
        #expect(spec.fields.first?.rules.minLength == 2 && spec.fields.first?.rules.maxLength == 4)
        let quoted = try Self.problems(#"{"type": "object", "properties": {"a": {"type": "string", "minLength": "2"}}, "additionalProperties": "no"}"#)
        #expect(quoted.compactMap(\.pointer).sorted() == ["/additionalProperties", "/properties/a/minLength"], "\(quoted)")
        let typed = try Self.problems(#"{"type": "object", "properties": {"a": {"type": "string", "title": 5, "minLength": -1}}}"#)
        #expect(typed.compactMap(\.pointer).sorted() == ["/properties/a/minLength", "/properties/a/title"], "\(typed)")
    }

    @Test("recognised by $schema or a top-level object type with properties and no pages")
    func recognition() throws {
        func recognises(_ text: String) throws -> Bool { JSONSchemaImport.recognises(try #require(try Yams.compose(yaml: text))) }
        #expect(try recognises(#"{"$schema": "https://json-schema.org/draft/2020-12/schema"}"#))
        #expect(try recognises(#"{"$schema": "http://json-schema.org/draft-07/schema#", "properties": {}}"#))
        #expect(try recognises(#"{"type": "object", "properties": {}}"#))
        #expect(try !recognises(#"{"type": "object", "properties": {}, "pages": []}"#))
        #expect(try !recognises(#"{"title": "x", "pages": [{"key": "main"}]}"#))
        #expect(try !recognises(#"{"$schema": "https://example.com/schema", "pages": []}"#))
        #expect(try !recognises("[1, 2]"))
    }

    /// The problems importing `text` gives.
    static func problems(_ text: String) throws -> [FileProblem] {
        let node = try #require(try Yams.compose(yaml: text))
        do {
            _ = try JSONSchemaImport.spec(from: node, file: "bad.json")
            return []
        } catch {
            guard case .badFile(let problems) = error else { return [] }
            #expect(error.code == .badFile)
            return problems
        }
    }

    @Test("what cannot be represented is refused, one problem per keyword, with its pointer, line and column")
    func refusals() throws {
        let text = """
            {
              "type": "object",
              "properties": {
                "size": {"type": "string", "enum": ["S", 5]},
                "age": {"type": ["integer", "string"]},
                "kind": {"const": 5, "type": "string"},
                "either": {"type": "string", "oneOf": [{"minLength": 1}]},
                "address": {"type": "object", "properties": {"street": {"type": "string"}}},
                "code": {"type": "string", "pattern": "(a)\\\\1"},
                "when": {"type": "string", "format": "uri"},
                "1st": {"type": "string"},
                "a/b": {"type": "string"},
                "free": true,
                "tight": {"type": "string", "minLength": 3, "maxLength": 2},
                "caseless": {"type": "string", "pattern": "(?i:a)"}
              },
              "required": ["missing"],
              "allOf": [{"required": ["size"]}],
              "additionalProperties": {"type": "string"},
              "if": {}
            }
            """
        let problems = try Self.problems(text)
        let byPointer = Dictionary(problems.map { ($0.pointer ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        let expected: [(pointer: String, line: Int, column: Int, words: String)] = [
            ("/properties/size/enum/1", 4, 46, "`enum` holds only strings"),
            ("/properties/age/type", 5, 13, "`type` gives 2 types"),
            ("/properties/kind/const", 6, 14, "`const` must be a string"),
            ("/properties/either/oneOf", 7, 34, "`oneOf`"),
            // `address` (line 8) is a group (JSONSchemaGroupsTests).
            ("/properties/code/pattern", 9, 32, "`\\1`: backreferences"),
            ("/properties/when/format", 10, 32, "`format` is accepted only as"),
            ("/properties/1st", 11, 5, "cannot be a field key"),
            ("/properties/a~1b", 12, 5, "cannot be a field key"),
            ("/properties/free", 13, 13, "must be a schema object"),
            ("/properties/tight/minLength", 14, 33, "minLength 3 is above maxLength 2"),
            ("/properties/caseless/pattern", 15, 36, "`(?i`"),
            ("/required/0", 17, 16, "\"missing\", which is not among the properties"),
            ("/allOf", 18, 3, "`allOf`"),
            ("/additionalProperties", 19, 3, "`additionalProperties` is accepted only as true or false"),
            ("/if", 20, 3, "`if`"),
        ]
        for item in expected {
            let problem = byPointer[item.pointer]
            #expect(problem?.line == item.line && problem?.column == item.column, "\(item.pointer): \(String(describing: problem))")
            #expect(problem?.message.contains(item.words) == true, "\(item.pointer): \(String(describing: problem))")
            #expect(problem?.description.hasPrefix("bad.json:\(item.line):\(item.column) (\(item.pointer)): ") == true)
        }
        #expect(problems.count == expected.count, "\(problems.map(\.description).joined(separator: "\n"))")
        // The CLI's one table: a bad file exits 65.
        #expect(ExitStatus.code(for: FormKitError.badFile(problems)) == 65)
    }

    @Test("ECMA-262 constructs with no faithful PCRE2 spelling are refused, naming them")
    func refusedPatterns() throws {
        let refused: [(pattern: String, construct: String)] = [
            ("(a)\\1", "`\\1`"), ("\\k<x>", "`\\k`"), ("(?i:a)", "`(?i`"), ("a{", "`{`"), ("a**", "`**`"),
            ("\\p{Emoji}", "`\\p{Emoji}`"), ("\\q", "`\\q`"), ("[\\d-z]", "cannot end a range"), ("[z-a]", "out of order"),
            ("\\u{D800}", "lone surrogate"), ("\\uD800", "lone surrogate"), ("(a", "closing parenthesis"), ("a)", "`)`"),
            ("^*", "quantifier"), ("\\07", "octal"), ("a{3,2}", "above its maximum"),
        ]
        for item in refused {
            let problems = try Self.problems(Self.document(#"{"type": "string", "pattern": "# + JSONSchemaPython.quoted(item.pattern) + "}"))
            #expect(problems.count == 1 && problems.first?.pointer == "/properties/v/pattern", "\(item.pattern): \(problems)")
            #expect(problems.first?.message.contains(item.construct) == true, "\(item.pattern): \(problems)")
        }
    }
}
