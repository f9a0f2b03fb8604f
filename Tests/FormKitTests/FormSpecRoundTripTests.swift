import FormKit
import Testing

/// `FormSpec.yaml()` and `json()` read back by `decode` as the same spec,
/// for the seed form and for random forms full of hostile text.
@Suite("form files: writing and reading back")
struct FormSpecRoundTripTests {
    @Test("the seed form: YAML and JSON read back the same; the stored form as a spec")
    func seed() throws {
        let spec = FormSpec(definition: .seed)
        #expect(spec.pages.map(\.key) == ["main"])
        #expect(spec.fields.map(\.key) == ["first", "middle", "last", "email", "twitter"])
        #expect(spec.fields.last?.isHidden == true)
        #expect(spec.fields.allSatisfy { $0.rules.shortBelow == 3 })
        #expect(spec.pages[0].rows[1].minWidth == 360 && spec.pages[0].rows[1].maxWidth == 540)
        #expect(try FormSpec.decode(Array(spec.yaml().utf8), file: "seed.yaml") == spec)
        #expect(try FormSpec.decode(Array(spec.json().utf8), file: "seed.json") == spec)
    }

    @Test("text that YAML would read as something else is quoted; plain words are not")
    func quoting() {
        let spec = FormSpec(title: "yes", pages: [PageSpec(key: "null", title: "Main Page", rows: [])])
        #expect(spec.yaml() == "title: \"yes\"\npages:\n  - key: \"null\"\n    title: Main Page\n")
    }

    /// Text a YAML or JSON writer could get wrong. (Not a text that starts
    /// with U+FEFF: Yams reads scalars through Foundation's UTF-8 decoding,
    /// which drops a leading byte order mark; docs/form-files.md says so.)
    static let hostileTexts = [
        "", " ", "yes", "No", "ON", "off", "y", "n", "null", "Null", "~", "true", "FALSE", "1.0", "42", "0x1F", "1e3", ".inf", ".NaN",
        "-", "- a", "? a", ": a", "a: b", "a #b", "#", "# comment", "&a", "*a", "!tag", "%YAML", "@at", "`tick`", "|", ">", "'", "\"",
        "{a}", "[a]", "a, b", "  leading", "trailing  ", "two\nlines", "cr\r", "tab\t", "\\", "\\n", "\u{1}\u{7F}\u{85}\u{9F}",
        "\u{2028}\u{2029}", "mid\u{FEFF}bom", "\u{FFFE}\u{FFFF}", "e\u{301}", "👩‍💻", "🇺🇳", "中文", "<<", "=", "2001-12-14", "1:20", "1_000",
        "---", "...", "Hello {first}", "a\"b'c", "R&D", "x&&y", "a & b",
    ]

    @Test("random forms with hostile text read back equal, from YAML and from JSON", arguments: 0..<200)
    func randomForms(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let spec = Self.randomSpec(&random)
        let yaml = spec.yaml(), json = spec.json()
        let back = try FormSpec.decode(Array(yaml.utf8), file: "r.yaml")
        #expect(back == spec, "\(yaml)")
        #expect(try FormSpec.decode(Array(json.utf8), file: "r.json") == spec, "\(json)")
        #expect(spec.yaml() == yaml && spec.json() == json)
    }

    static func randomText(_ random: inout SplitMix) -> String {
        var text = hostileTexts[random.next(hostileTexts.count)]
        if random.next(3) == 0 { text += hostileTexts[random.next(hostileTexts.count)] }
        return text
    }

    static func randomSpec(_ random: inout SplitMix) -> FormSpec {
        var keys: [String] = []
        let patterns = ["[0-9]+", "a|b", "(?i)x.*", "\\d{2,}", "^#$", "[&*!]"]
        var pages: [PageSpec] = []
        for page in 0..<(1 + random.next(3)) {
            var rows: [RowSpec] = []
            for _ in 0..<random.next(3) {
                var fields: [FieldSpec] = []
                for _ in 0..<random.next(4) {
                    let key = ["yes", "null", "on", "f", "Field_1", "a-b"][random.next(6)] + "\(keys.count)"
                    var rules = FieldSpec.defaultRules
                    rules.required = random.next(2) == 0
                    rules.email = random.next(4) == 0
                    if random.next(3) == 0 { rules.minLength = random.next(5) }
                    if random.next(3) == 0 { rules.maxLength = 5 + random.next(1000) }
                    if random.next(3) == 0 { rules.pattern = patterns[random.next(patterns.count)] }
                    if random.next(3) == 0 { rules.shortBelow = random.next(4) }
                    if random.next(3) == 0 { rules.lengthUnit = .codePoints }
                    let message = randomText(&random)
                    if random.next(3) == 0, !message.isEmpty { rules.message = message }
                    var condition: ShowCondition?
                    if let target = keys.last, random.next(2) == 0 {
                        condition = random.next(2) == 0 ? .filled(field: target) : .equals(field: target, value: randomText(&random))
                    }
                    fields.append(FieldSpec(key: key, label: random.next(3) == 0 ? nil : randomText(&random), rules: rules,
                                            isHidden: random.next(3) == 0, showIf: condition))
                    keys.append(key)
                }
                let width = [1, 0.5, 540, 100_000, 360.25, 1e-5][random.next(6)]
                rows.append(RowSpec(width: width, minWidth: random.next(2) == 0 ? nil : width / 2,
                                    maxWidth: random.next(2) == 0 ? nil : min(width * 2, 100_000), fields: fields))
            }
            let title = randomText(&random)
            pages.append(PageSpec(key: "p\(page)", title: title.isEmpty ? "p\(page)" : title, rows: rows))
        }
        let tabBar = random.next(2) == 0 ? nil : TabBarSettings(height: [30, 49, 120, 77.5][random.next(4)], isHidden: random.next(2) == 0)
        return FormSpec(title: randomText(&random), tabBar: tabBar, pages: pages)
    }
}
