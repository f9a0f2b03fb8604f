import Foundation
import Testing

/// A choice matches code point for code point (issue 46), as JSON Schema's
/// `enum` and `const` do: `a` + U+0308 is not the choice `ä` (U+00E4),
/// though Swift's `==` says they are equal. Such a value is treated as any
/// value that is no choice: `set` and `values --load` store it as given,
/// and it is `invalid`.
@Suite("choices compared scalar for scalar")
struct ChoiceScalarTests {
    static let precomposed = "\u{E4}", decomposed = "a\u{308}"
    static let form = """
        title: Letters
        pages:
          - key: main
            title: Main
            rows:
              - width: 540
                fields:
                  - {key: letter, label: Letter, type: select_one, choices: ["\u{E4}", o]}
                  - {key: letters, label: Letters, type: select_multiple, choices: ["\u{E4}", o]}
                  - {key: shown, label: Shown, show_if: {field: letter, equals: "\u{E4}"}}
        """

    static func box() throws -> Sandbox { try Sandbox.applying(form) }

    /// The stored value's UTF-8 bytes in hex, as SQLite sees them.
    static func hex(_ box: Sandbox, _ key: String) throws -> String? {
        try box.value("SELECT hex(value) FROM field WHERE key = '\(key)'")
    }

    @Test("set: the decomposed spelling is stored as given and invalid, like any value that is no choice; the choice's own is valid")
    func set() throws {
        let box = try Self.box()
        let unknown = try box.ok(["set", "letter", "x"])
        #expect(unknown.stdoutText.hasPrefix("letter: invalid (orange): is not one of: ä, o\n"), "\(unknown)")
        let lookalike = try box.ok(["set", "letter", Self.decomposed])
        #expect(lookalike.stdoutText == "letter: invalid (orange): is not one of: ä, o (it looks like \"ä\" but is written with other code points: U+0061 U+0308 where the choice has U+00E4)\n",
                "\(lookalike)")
        #expect(try Self.hex(box, "letter") == "61CC88")
        #expect(try box.value("SELECT state FROM field WHERE key = 'letter'") == "invalid")
        #expect(try Self.shown(box, "shown") == false, "show_if equals ä does not hold for a + U+0308")
        #expect(try box.formctl(["check"]).status == 1)

        #expect(try box.ok(["set", "letter", Self.precomposed]).stdoutText == "letter: valid (green)\n")
        #expect(try Self.hex(box, "letter") == "C3A4")
        #expect(try Self.shown(box, "shown") == true)

        let several = try box.ok(["set", "letters", Self.decomposed, "o"])
        #expect(several.stdoutText.hasPrefix("letters: invalid (orange): \"a\u{308}\" is not one of: ä, o"), "\(several)")
        #expect(try Self.hex(box, "letters") == Data("[\"a\u{308}\",\"o\"]".utf8).map { String(format: "%02X", $0) }.joined())
        #expect(try box.ok(["set", "letters", "o", Self.precomposed]).stdoutText == "letters: valid (green)\n")
        #expect(try box.value("SELECT value FROM field WHERE key = 'letters'") == "[\"\u{E4}\",\"o\"]")
        #expect(try Self.hex(box, "letters") == "5B22C3A4222C226F225D")
    }

    @Test("values --load: a JSON value spelled a + U+0308 is taken and invalid, as any value that is no choice; \\u00e4 is the choice")
    func load() throws {
        let box = try Self.box()
        let file = box.path("values.json")
        for (json, hex, state) in [
            (#"{"letter": "a\u0308", "letters": ["a\u0308"]}"#, ("61CC88", "5B2261CC88225D"), "invalid"),
            (#"{"letter": "\u00e4", "letters": ["\u00e4"]}"#, ("C3A4", "5B22C3A4225D"), "valid"),
            ("{\"letter\": \"a\u{308}\", \"letters\": [\"o\", \"a\u{308}\"]}", ("61CC88", "5B226F222C2261CC88225D"), "invalid"),
            ("{\"letter\": \"\u{E4}\", \"letters\": [\"o\", \"\u{E4}\"]}", ("C3A4", "5B22C3A4222C226F225D"), "valid"),
        ] {
            try Data(json.utf8).write(to: URL(fileURLWithPath: file))
            let load = try box.formctl(["values", "--load", file])
            #expect(load.status == 0, "\(json): \(load)")
            #expect(try Self.hex(box, "letter") == hex.0, "\(json)")
            #expect(try Self.hex(box, "letters") == hex.1, "\(json)")
            #expect(try box.rows("SELECT state FROM field WHERE key IN ('letter', 'letters') ORDER BY key") == [[state], [state]], "\(json)")
        }
    }

    /// Whether `fields --json` says field `key` is shown.
    static func shown(_ box: Sandbox, _ key: String) throws -> Bool? {
        let listing = try JSONSerialization.jsonObject(with: try box.ok(["fields", "--json"]).stdout) as? [[String: Any]]
        return listing?.first { $0["key"] as? String == key }?["shown"] as? Bool
    }
}
