import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Values and keys that try to break SQL, terminals, XML or UTF-8.
@Suite("hostile input")
struct HostileInputTests {
    static let values: [String] = [
        "'); DROP TABLE field; --",
        "Robert'); DELETE FROM history WHERE ('1'='1",
        #"" OR 1=1 -- \"quoted\" 'single' `back`"#,
        "%s%n%x %@ {first} {} $(touch pwned) ; | & < > *",
        "Zoë Łódź 東京 🇯🇵 עברית العربية",
        "\u{202E}evil\u{202C} bidi override",
        "\u{1B}[31mred\u{1B}[0m",
        "\u{1B}]0;title\u{07}\u{1B}[2J\u{1B}[H",
        "bell\u{07} back\u{08}space tab\t cr\r vt\u{0B} ff\u{0C} del\u{7F} csi\u{9B}31m",
        "line one\nline two\n",
        "\u{200D}\u{FEFF}\u{200B}",
        "</text><script>alert(1)</script>&amp;&lt;<![CDATA[x]]>",
        "\u{FFFD}\u{10FFFF}\u{E000}",
    ]

    @Test("stored exactly, read back exactly, never printed raw in the table", arguments: values)
    func storedExactly(value: String) throws {
        let box = try Sandbox()
        try box.createDatabase()
        let tableBefore = try box.ok(["fields"]).stdoutText.lines.count

        let set = try box.formctl(["set", "middle", value])
        #expect(set.succeeded && !set.looksLikeCrash, "\(set)")
        #expect(!set.stdout.containsEscape, "set echoed an escape: \(set)")
        #expect(try box.value("SELECT hex(value) FROM field WHERE key = 'middle'") == value.utf8Hex)
        #expect(try box.ok(["get", "middle"]).stdout == Data((value + "\n").utf8))
        let json = try #require(try box.ok(["get", "middle", "--json"]).stdout.json() as? [String: Any])
        #expect(json["value"] as? String == value)
        #expect(number(json["length"]) == Double(value.count))

        // The schema and the other data are intact.
        #expect(try box.value("SELECT COUNT(*) FROM field") == "5")
        #expect(try box.value("SELECT COUNT(*) FROM history") == "6")
        #expect(try box.value("PRAGMA integrity_check") == "ok")

        let fields = try box.ok(["fields"])
        #expect(!fields.stdout.containsEscape, "raw ESC in the table: \(fields)")
        #expect(!fields.stdout.containsControlBytesOtherThanNewline, "raw control bytes in the table: \(fields)")
        #expect(fields.stdoutText.lines.count == tableBefore, "the value broke the table's lines: \(fields)")
        if value.hasPrefix("\u{1B}") {
            // Shown escaped, the way the spec writes it.
            let middle = fields.stdoutText.lines.first { $0.hasPrefix("middle ") } ?? ""
            #expect(middle.contains(#"\u{1B}"#), "\(middle)")
        }
        let check = try box.formctl(["check"])
        #expect(!check.looksLikeCrash && !check.stdout.containsControlBytesOtherThanNewline, "\(check)")
        let history = try box.ok(["history", "middle"])
        #expect(!history.stdout.containsControlBytesOtherThanNewline, "raw control bytes in history: \(history)")

        // Every minimap format still works; SVG stays well-formed XML.
        for format in ["text", "json", "ansi"] {
            let minimap = try box.ok(["minimap", "--format", format])
            #expect(!minimap.looksLikeCrash, "\(minimap)")
        }
        let svg = try box.ok(["minimap", "--format", "svg"])
        let document = try SVGDocument(svg.stdout)
        #expect(document.root == "svg")
        #expect(document.count(of: "script") == 0, "markup in the value became an element")
    }

    @Test("a 1 MiB value through --stdin is stored exactly")
    func megabyte() throws {
        let box = try Sandbox()
        try box.createDatabase()
        // 1 MiB of varied text: ASCII, two-byte and four-byte characters, newlines.
        var value = ""
        var generator = SeededGenerator(seed: 1_048_576)
        let pieces = ["lorem ", "ipsum ", "é", "ß", "日本", "😀", "\n", "x", "'", "\""]
        while value.utf8.count < 1_048_576 - 8 {
            value += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
        }
        value += String(repeating: "z", count: 1_048_576 - value.utf8.count)
        #expect(value.utf8.count == 1_048_576)

        let set = try box.formctl(["set", "email", "--stdin"], stdin: Data((value + "\n").utf8), timeout: 120)
        #expect(set.succeeded && !set.looksLikeCrash, "\(set)")
        let line = try #require(singleLine(set))
        #expect(isStateLine(line, key: "email", state: "valid", color: "green", length: value.count), "\(line)")
        #expect(try box.value("SELECT length(CAST(value AS BLOB)) FROM field WHERE key = 'email'") == "1048576")
        #expect(try box.value("SELECT hex(value) FROM field WHERE key = 'email'") == value.utf8Hex)
        let get = try box.ok(["get", "email"])
        #expect(get.stdout.count == 1_048_577 && get.stdout == Data((value + "\n").utf8))
        let fields = try box.ok(["fields"])
        #expect(fields.stdout.count < 10_000, "the table cuts long values: \(fields.stdout.count) bytes")
        #expect(fields.stdoutText.contains("…"))
        try box.ok(["minimap"])
    }

    @Test("NUL bytes and invalid UTF-8 on --stdin: 65 with a clear message, value unchanged",
          arguments: [
              Array("ab\u{0}cd".utf8),
              [0],
              Array("ab\u{0}\n".utf8),
              [0xFF, 0xFE, 0x41],
              [0x61, 0x80, 0x62],
              [0xC0, 0xAF],
              [0xED, 0xA0, 0x80],
              [0xF4, 0x90, 0x80, 0x80],
              [0x61, 0xE2, 0x82],
              Array("valid line\n".utf8) + [0xFF] + Array("\n".utf8),
          ] as [[UInt8]])
    func refusedBytes(bytes: [UInt8]) throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Jo"])
        let before = try box.bytes()
        let result = try box.formctl(["set", "first", "--stdin"], stdin: Data(bytes))
        #expect(isError(result, 65), "\(result)")
        #expect(result.stdout.isEmpty)
        let message = result.stderrText
        #expect(message.contains("UTF-8") || message.contains("NUL"), "the message says what is wrong: \(message)")
        #expect(message.lines.count == 1, "\(message)")
        #expect(try box.bytes() == before, "a refused value changed the file")
        #expect(try box.value("SELECT value FROM field WHERE key = 'first'") == "Jo")
        #expect(try box.value("SELECT COUNT(*) FROM history") == "6")
    }

    @Test("invalid UTF-8 as a command-line argument: 65, not silently repaired to U+FFFD")
    func invalidArgumentBytes() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Jo"])
        let before = try box.bytes()
        // Foundation's Process takes Strings, so a shell passes the raw bytes.
        let script = "exec \"$0\" set first \"$(printf 'ab\\377cd')\" --db \"$1\""
        let result = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script, try Formctl.binary().path, box.db],
                                          environment: childEnvironment(), timeout: 30)
        #expect(isError(result, 65), "\(result)")
        #expect(result.stderrText.contains("not valid UTF-8") && result.stderrText.contains("\\xFF"), "\(result)")
        #expect(try box.bytes() == before)
        #expect(try box.value("SELECT hex(value) FROM field WHERE key = 'first'") == "4A6F")
    }

    @Test("escape sequences in rules and keys never reach the terminal raw, in output or in errors")
    func escapesInMessages() throws {
        let box = try Sandbox()
        try box.createDatabase()
        let esc = "\u{1B}[31m"
        let results = [
            try box.formctl(["field", "rule", "last", "--pattern", "x\(esc)"]),   // refused: not a regex
            try box.formctl(["get", "fi\(esc)rst"]),                              // unknown key
            try box.formctl(["field", "rule", "last", "--pattern", "a\u{1B}b"]),
            try box.formctl(["set", "last", "123"]),                              // invalid: quotes the pattern
            try box.formctl(["check"]),
        ]
        for result in results {
            #expect(!result.stdout.contains(0x1B) && !result.stderr.contains(0x1B), "\(result)")
        }
        #expect(results[3].stdoutText.contains("\\u{1B}"), "the pattern is shown escaped: \(results[3])")
    }

    @Test("keys are never SQL", arguments: ["first'--", "' OR '1'='1", "first; DROP TABLE field", "\u{1B}[31mfirst", "fïrst", ""])
    func hostileKeys(key: String) throws {
        let box = try Sandbox()
        try box.createDatabase()
        let get = try box.formctl(["get", key])
        #expect(get.status == 1 && !get.looksLikeCrash, "\(get)")
        let set = try box.formctl(["set", key, "x"])
        #expect(isError(set, 64), "\(set)")
        let add = try box.formctl(["field", "add", key, "Label", "--row", "1"])
        #expect(isError(add, 64) || isError(add, 65), "\(add)")
        #expect(try box.value("SELECT COUNT(*) FROM field") == "5")
        #expect(try box.value("SELECT COUNT(*) FROM history") == "5")
    }

    @Test("labels with escapes are stored exactly and shown escaped")
    func hostileLabel() throws {
        let box = try Sandbox()
        let label = "\u{1B}[1mBold\u{1B}[0m 'label'; DROP TABLE field"
        try box.ok(["field", "add", "bold", label, "--row", "1"])
        #expect(try box.value("SELECT hex(label) FROM field WHERE key = 'bold'") == label.utf8Hex)
        let fields = try box.ok(["fields"])
        #expect(!fields.stdout.containsEscape, "\(fields)")
        let json = try #require(try box.ok(["fields", "--json"]).stdout.json() as? [[String: Any]])
        #expect(json.first { $0["key"] as? String == "bold" }?["label"] as? String == label)
        _ = try SVGDocument(try box.ok(["minimap", "--format", "svg"]).stdout)
    }
}
