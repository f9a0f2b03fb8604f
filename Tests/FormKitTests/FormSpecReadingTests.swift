import FormKit
import Testing

/// `FormSpec.decode`: what a form file declares, and where it goes wrong.
@Suite("form files: reading")
struct FormSpecReadingTests {
    static let issueExample = """
        title: "Hello {first} {middle} {last}"
        tab_bar: {height: 49, hidden: false}
        pages:
          - key: main
            title: Main
            rows:
              - width: 540
                fields:
                  - {key: first, label: First Name, required: true}
                  - {key: middle, label: Middle Name, required: true}
                  - {key: last, label: Last Name, required: true}
              - {width: 360, min_width: 360, max_width: 540, fields: [
                  {key: email, label: Email, required: true, email: true},
                  {key: twitter, label: Twitter, hidden: true}]}

        """

    static func decode(_ text: String, file: String = "form.yaml") throws(FormKitError) -> FormSpec {
        try FormSpec.decode(Array(text.utf8), file: file)
    }

    /// The problems `text` is refused with, as `file:line:column: message` lines.
    static func problems(_ text: String, file: String = "form.yaml") -> [String] {
        problems(Array(text.utf8), file: file)
    }

    static func problems(_ bytes: [UInt8], file: String = "form.yaml") -> [String] {
        do {
            _ = try FormSpec.decode(bytes, file: file)
            return []
        } catch {
            guard case .badFile(let problems) = error else { return ["not badFile: \(error)"] }
            #expect(error.code == .badFile)
            return problems.map(\.description)
        }
    }

    @Test("the issue's example: every property, with label, range and short_below defaults")
    func issueExample() throws {
        let spec = try Self.decode(Self.issueExample)
        let expected = FormSpec(title: "Hello {first} {middle} {last}", tabBar: TabBarSettings(height: 49, isHidden: false), pages: [
            PageSpec(key: "main", title: "Main", rows: [
                RowSpec(width: 540, fields: [
                    FieldSpec(key: "first", label: "First Name", rules: FieldRules(required: true, shortBelow: 0)),
                    FieldSpec(key: "middle", label: "Middle Name", rules: FieldRules(required: true, shortBelow: 0)),
                    FieldSpec(key: "last", label: "Last Name", rules: FieldRules(required: true, shortBelow: 0)),
                ]),
                RowSpec(width: 360, minWidth: 360, maxWidth: 540, fields: [
                    FieldSpec(key: "email", label: "Email", rules: FieldRules(required: true, email: true, shortBelow: 0)),
                    FieldSpec(key: "twitter", label: "Twitter", isHidden: true),
                ]),
            ]),
        ])
        #expect(spec == expected)
        #expect(spec.pages[0].rows[0].minWidth == 540 && spec.pages[0].rows[0].maxWidth == 540)
    }

    @Test("every field property, and the same file in JSON reads the same")
    func everyProperty() throws {
        let yaml = """
            pages:
              - key: contact
                rows:
                  - width: 400.5
                    fields:
                      - key: phone
                        min_length: 3
                        max_length: 0x10
                        pattern: "[0-9 +]+"
                        message: Digits, please
                        short_below: 2
                        length_unit: code_points
                        show_if: {field: mail, filled: true}
                      - {key: mail, email: true, show_if: {field: kind, equals: "yes"}}
                      - {key: kind, label: "Kind: yes/no"}
            """
        let json = """
            {"pages": [{"key": "contact", "rows": [{"width": 400.5, "fields": [
              {"key": "phone", "min_length": 3, "max_length": 16, "pattern": "[0-9 +]+", "message": "Digits, please",
               "short_below": 2, "length_unit": "code_points", "show_if": {"field": "mail", "filled": true}},
              {"key":"mail","email":true,"show_if":{"field":"kind","equals":"yes"}},
              {"key": "kind", "label": "Kind: yes/no"}]}]}]}
            """
        let spec = try Self.decode(yaml)
        #expect(try Self.decode(json, file: "form.json") == spec)
        #expect(spec.title == "" && spec.tabBar == nil)
        #expect(spec.pages[0].title == "contact")
        let phone = spec.fields[0]
        #expect(phone.label == "phone")
        #expect(phone.rules == FieldRules(minLength: 3, maxLength: 16, pattern: "[0-9 +]+", shortBelow: 2, message: "Digits, please", lengthUnit: .codePoints))
        #expect(phone.showIf == .filled(field: "mail"))
        #expect(spec.fields[1].showIf == .equals(field: "kind", value: "yes"))
        #expect(spec.fields[1].rules == FieldRules(email: true, shortBelow: 0))
        #expect(spec.fields[2].label == "Kind: yes/no")
    }

    @Test("a page with no rows and a row with no fields are fine")
    func emptyPagesAndRows() throws {
        let spec = try Self.decode("pages: [{key: a}, {key: b, rows: [{width: 10}]}]")
        #expect(spec.pages.map(\.rows.count) == [0, 1])
        #expect(spec.pages[1].rows[0].fields.isEmpty)
    }

    @Test("several problems are reported together, each at its node")
    func severalProblems() {
        let problems = Self.problems("""
            title: 42
            pages:
              - key: main
                rows:
                  - width: 0
                    fields:
                      - {key: a, min_length: -1, requird: true}
            """)
        #expect(problems == [
            "form.yaml:1:8: `title` must be text, not the number 42 (write it in quotes to mean the text)",
            "form.yaml:5:16: `width` 0 is out of range: a row is more than 0 and at most 100000 points wide",
            "form.yaml:7:38: unknown property `requird` in a field (did you mean `required`?); known: `key`, `label`, `type`, `hint`, `required`, `min`, `above`, `max`, `below`, `step`, `choices`, `min_selected`, `max_selected`, `min_length`, `max_length`, `pattern`, `email`, `length_unit`, `short_below`, `message`, `default`, `read_only`, `hidden`, `show_if`",
            "form.yaml:7:34: `min_length` cannot be negative (-1)",
        ])
    }

    @Test("problems are bounded: the first ones and a count of the rest")
    func boundedProblems() {
        let fields = (0..<100).map { "{key: \"\($0)\"}" }.joined(separator: ", ")
        let problems = Self.problems("pages: [{key: a, rows: [{width: 10, fields: [\(fields)]}]}]")
        #expect(problems.count == FormSpec.problemLimit + 1)
        #expect(problems.last == "form.yaml: 80 more problems not listed: fix these first")
    }

    @Test("nothing traps or runs without bound: deep nesting, huge numbers, aliases, NUL, not UTF-8, empty")
    func hostile() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(Self.problems(deep).first?.hasPrefix("form.yaml:1:") == true)
        let nested = "pages: " + String(repeating: "{a: ", count: 900) + "1" + String(repeating: "}", count: 900)
        #expect(Self.problems(nested).count == 1)
        let laughs = """
            a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
            b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
            c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
            d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
            e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
            f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
            g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
            h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
            i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
            ? *i
            : 1
            ? [*i]
            : 2
            """
        #expect(Self.problems(laughs).first?.hasPrefix("form.yaml:1:4: YAML anchors (&name) and aliases (*name) are not supported") == true)
        #expect(Self.problems("pages: *nothing").first?.hasPrefix("form.yaml:1:8: YAML aliases (*name) are not supported") == true)
        #expect(Self.problems("pages: [{key: a, rows: [{width: 1e999999}]}]")
                    == ["form.yaml:1:33: `width` must be a finite number of points, not 1e999999"])
        #expect(Self.problems("pages: [{key: a, rows: [{width: 10, fields: [{key: b, max_length: 99999999999999999999999}]}]}]")
                    == ["form.yaml:1:67: `max_length` 99999999999999999999999 is too large: at most \(Int.max)"])
        #expect(Self.problems("title: \"a\\0b\"\npages: [{key: a}]")
                    == ["form.yaml:1:8: `title` contains a NUL character (U+0000), which SQLite text and the sqlite3 shell cannot carry"])
        #expect(Self.problems([UInt8]("title: a\0\npages: []".utf8)).first?.hasPrefix("form.yaml:1:9: the file does not parse") == true)
        #expect(Self.problems([UInt8]("pages:\n  - key: é".utf8).dropLast() + [0xFF]) == ["form.yaml:2:10: the file is not UTF-8 text (save it as UTF-8)"])
        #expect(Self.problems("") == ["form.yaml: the file is empty: a form file declares at least `pages`"])
        #expect(Self.problems("# only a comment\n") == ["form.yaml: the file is empty: a form file declares at least `pages`"])
    }

    @Test("JSON's escaped surrogate pairs (Python's json.dumps) read as the character; a lone one is refused at its place")
    func surrogatePairs() throws {
        let json = #"{"title": "\ud83d\ude00 \\ud83d\\ude00 \u00e9", "pages": [{"key": "main"}]}"#
        #expect(try Self.decode(json, file: "f.json").title == #"😀 \ud83d\ude00 é"#)
        #expect(Self.problems(#"{"title": "\ud83d", "pages": [{"key": "main"}]}"#, file: "f.json").first?
                    .hasPrefix("f.json:1:") == true)
    }

    @Test("text with & is fine unless it could be an anchor, and then \\u0026 says it")
    func ampersands() throws {
        let spec = try Self.decode("title: R&D and Tom & Jerry\npages: [{key: a, title: \"Q \\u0026A\"}]")
        #expect(spec.title == "R&D and Tom & Jerry")
        #expect(spec.pages[0].title == "Q &A")
    }
}
