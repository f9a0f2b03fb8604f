import Foundation
import Testing

/// `formctl values --load FILE`: values in from JSON or CSV, in one
/// transaction, one history row per value that changed.
@Suite("values --load")
struct ValuesLoadTests {
    /// Values that CSV and JSON must carry exactly: commas, quotes, LF and
    /// CRLF inside a value, emoji, a combining mark, spaces at both ends.
    static let tricky: [String: String] = [
        "first": "Ada, \"the\" Countess",
        "middle": "two\nlines and\r\nCRLF",
        "last": "  Lovelace 👩‍💻 🇬🇧  ",
        "email": "e\u{301}le\u{300}ve, \\ \t tab",
        "twitter": "\"",
    ]

    /// `key|hex(value)` for every field, in form order: the stored bytes.
    static func storedBytes(_ box: Sandbox, db: String? = nil) throws -> [[String?]] {
        try box.rows("SELECT key, hex(value) FROM field ORDER BY position", db: db)
    }

    static func historyCount(_ box: Sandbox, db: String? = nil) throws -> Int {
        Int(try box.value("SELECT count(*) FROM history", db: db) ?? "") ?? -1
    }

    static func fill(_ box: Sandbox, db: String? = nil, _ values: [String: String] = tricky) throws {
        for key in seedKeys {
            if let value = values[key] { try box.ok(["set", key, value], db: db) }
        }
    }

    @Test("values --format csv → values --load round-trips commas, quotes, LF and CRLF, emoji, combining marks, spaces", arguments: ["csv", "json"])
    func roundTrip(format: String) throws {
        let box = try Sandbox()
        try Self.fill(box)
        let printed = try box.ok(["values", "--format", format])
        let file = box.path("values.\(format)")
        try printed.stdout.write(to: URL(fileURLWithPath: file))

        let other = box.path("other.db")
        let load = try box.ok(["values", "--load", file], db: other)
        #expect(load.stdoutText.hasSuffix("5 values set, 0 unchanged\n"), "\(load)")
        #expect(try Self.storedBytes(box, db: other) == Self.storedBytes(box))
        #expect(try box.ok(["values", "--format", format], db: other).stdout == printed.stdout)
        // Each field's derived state and the minimap are what five `set`s left.
        let derived = "SELECT key, state, color, length FROM field ORDER BY position"
        #expect(try box.rows(derived, db: other) == box.rows(derived))
        let minimap = "SELECT z, key, kind, color, x, y, width, height FROM minimap_rect ORDER BY z"
        #expect(try box.rows(minimap, db: other) == box.rows(minimap))

        // Loading it again changes nothing: no write, the file stays as it was.
        let history = try Self.historyCount(box, db: other)
        let bytes = try box.bytes(other)
        let again = try box.ok(["values", "--load", file], db: other)
        #expect(again.stdoutText == "0 values set, 5 unchanged\n", "\(again)")
        #expect(try Self.historyCount(box, db: other) == history)
        #expect(try box.bytes(other) == bytes)
    }

    @Test("a JSON file as Python writes it (\\u escapes, surrogate pairs) loads the same text")
    func pythonJSON() throws {
        let box = try Sandbox()
        let script = "import json, sys; sys.stdout.write(json.dumps(json.loads(sys.stdin.read()), indent=2))"
        let tricky = try JSONSerialization.data(withJSONObject: Self.tricky)
        let python = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script],
                                          stdin: tricky, environment: childEnvironment(), timeout: 60)
        #expect(python.succeeded && python.stdoutText.contains("\\ud83d"), "\(python)")
        let file = box.path("python.json")
        try python.stdout.write(to: URL(fileURLWithPath: file))
        try box.ok(["values", "--load", file])
        try Self.fill(box, db: box.path("expected.db"))
        #expect(try Self.storedBytes(box) == Self.storedBytes(box, db: box.path("expected.db")))
    }

    @Test("CSV with LF line ends, a byte order mark, no final line break and blank lines after the row reads as RFC 4180's")
    func csvVariants() throws {
        let box = try Sandbox()
        for (index, text) in [
            "first,last\n\"A, \"\"b\"\"\",c\n",
            "\u{FEFF}first,last\r\n\"A, \"\"b\"\"\",c",
            "first,last\r\"A, \"\"b\"\"\",c\r\n\r\n\n",
        ].enumerated() {
            let file = box.path("v\(index).csv")
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            let db = box.path("v\(index).db")
            try box.ok(["values", "--load", file], db: db)
            #expect(try box.rows("SELECT key, value FROM field WHERE key IN ('first', 'last') ORDER BY position", db: db)
                == [["first", "A, \"b\""], ["last", "c"]], "\(text.debugDescription)")
        }
    }

    @Test("one history row per changed value, none for unchanged ones; the output says which")
    func history() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Ada"])
        try box.ok(["set", "last", "Lovelace"])
        let before = try Self.historyCount(box)
        let file = box.path("v.json")
        try Data(#"{"first": "Ada", "middle": "B", "last": "Lovelace", "email": "ada@example.com"}"#.utf8).write(to: URL(fileURLWithPath: file))
        let load = try box.ok(["values", "--load", file])
        #expect(load.stdoutText == """
            middle: short (yellow), 1 character
            email: valid (green), 15 characters
            2 values set, 2 unchanged

            """, "\(load)")
        let rows = try box.rows("SELECT key, old_value, new_value, source FROM history WHERE id > (SELECT max(id) - 2 FROM history) ORDER BY id")
        #expect(rows == [["middle", "", "B", "formctl"], ["email", "", "ada@example.com", "formctl"]])
        #expect(try Self.historyCount(box) == before + 2)
        // A combining mark is a different value from the precomposed letter
        // (Swift's String == would call them equal; the bytes differ).
        try box.ok(["set", "first", "\u{E9}"])
        try Data("{\"first\": \"e\u{301}\"}".utf8).write(to: URL(fileURLWithPath: file))
        #expect(try box.ok(["values", "--load", file]).stdoutText.hasSuffix("1 value set, 0 unchanged\n"))
        #expect(try box.value("SELECT hex(value) FROM field WHERE key = 'first'") == "65CC81")
    }

    @Test("--json prints the changed fields with their states and the unchanged keys")
    func json() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Ada"])
        let file = box.path("v.csv")
        try Data("first,middle\r\nAda,Jo\r\n".utf8).write(to: URL(fileURLWithPath: file))
        let load = try box.ok(["values", "--load", file, "--json"])
        #expect(load.stdoutText == #"{"changed":[{"color":"yellow","key":"middle","length":2,"state":"short","value":"Jo"}],"unchanged":["first"]}"# + "\n", "\(load)")
    }

    @Test("values that break a rule, and hidden fields, are stored as set stores them")
    func likeSet() throws {
        let box = try Sandbox()
        let loaded = box.path("loaded.db")
        for db in [box.db, loaded] {
            try box.ok(["field", "rule", "email", "--email", "--message", "An address, please"], db: db)
            try box.ok(["field", "rule", "first", "--pattern", "[A-Z].*"], db: db)
        }
        try box.ok(["set", "email", "not an address"])
        try box.ok(["set", "first", "ada"])
        try box.ok(["set", "twitter", "@ada"])
        let file = box.path("v.json")
        try Data(#"{"email": "not an address", "first": "ada", "twitter": "@ada"}"#.utf8).write(to: URL(fileURLWithPath: file))
        let load = try box.ok(["values", "--load", file], db: loaded)
        #expect(load.stdoutText.contains("email: invalid (orange), 14 characters: "), "\(load)")
        #expect(try box.value("SELECT visible FROM field WHERE key = 'twitter'", db: loaded) == "0")
        let derived = "SELECT key, value, state, color, length FROM field ORDER BY position"
        #expect(try box.rows(derived, db: loaded) == box.rows(derived))
        let check = try box.formctl(["check", "--json"], db: loaded)
        let expected = try box.formctl(["check", "--json"])
        #expect(check.status == 1 && check.stdout == expected.stdout, "\(check)")
    }

    @Test("a value that shows another field (show_if), after an edit made in sqlite3: the states and minimap set gives")
    func conditionsAndHandEdits() throws {
        let box = try Sandbox()
        let loaded = box.path("loaded.db")
        for db in [box.db, loaded] {
            try box.ok(["field", "show", "twitter"], db: db)
            try box.ok(["field", "show-if", "twitter", "--field", "email", "--filled"], db: db)
            try box.exec("UPDATE field SET value = 'Grace' WHERE key = 'first';", db: db)
        }
        try box.ok(["set", "email", "ada@example.com"])
        try box.ok(["set", "twitter", "@ada"])
        let file = box.path("v.json")
        try Data(#"{"twitter": "@ada", "email": "ada@example.com"}"#.utf8).write(to: URL(fileURLWithPath: file))
        try box.ok(["values", "--load", file], db: loaded)
        let derived = "SELECT key, value, state, color, length FROM field ORDER BY position"
        #expect(try box.rows(derived, db: loaded) == box.rows(derived))
        let minimap = "SELECT z, key, kind, color, x, y, width, height FROM minimap_rect ORDER BY z"
        #expect(try box.rows(minimap, db: loaded) == box.rows(minimap))
        #expect(try box.value("SELECT count(*) FROM minimap_rect WHERE key = 'twitter'", db: loaded) != "0")
        #expect(try box.ok(["fields", "--json"], db: loaded).stdout == box.ok(["fields", "--json"]).stdout)
        #expect(try box.value("SELECT needs_refresh FROM form", db: loaded) == "0")
    }

    @Test("an unknown key is refused (64) with the nearest key, before anything is written", arguments: ["json", "csv"])
    func unknownKey(format: String) throws {
        let box = try Sandbox()
        try box.createDatabase()
        let file = box.path("v.\(format)")
        let text = format == "json" ? #"{"first": "Ada", "emial": "ada@example.com"}"# : "first,emial\r\nAda,ada@example.com\r\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let bytes = try box.bytes()
        let result = try box.formctl(["values", "--load", file])
        #expect(isError(result, 64) && result.stderrText.contains("'emial'") && result.stderrText.contains("did you mean 'email'?"), "\(result)")
        #expect(try box.bytes() == bytes)
        #expect(try box.value("SELECT value FROM field WHERE key = 'first'") == "")
    }

    /// A file that must be refused: its name, bytes, and the start of the
    /// message (`name:line:column: …`) formctl must give.
    struct BadFile: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var message: String
        var testDescription: String { "\(name): \(message)" }

        init(_ name: String, _ text: String, _ message: String) {
            self.init(name, Array(text.utf8), message)
        }

        init(_ name: String, _ bytes: [UInt8], _ message: String) {
            self.name = name
            self.bytes = bytes
            self.message = message
        }
    }

    static let badFiles: [BadFile] = [
        BadFile("open.json", #"{"first": "Ada""#, "open.json:1:16: the end of the file where a comma"),
        BadFile("unclosed.json", "{\"first\": \"Ada}", "unclosed.json:1:11: this string is never closed"),
        BadFile("number.json", #"{"first": 42}"#, "number.json:1:11: the value of \"first\" is a number"),
        BadFile("null.json", "{\n  \"first\": null\n}", "null.json:2:12: the value of \"first\" is null"),
        BadFile("object.json", #"{"first": {"a": "b"}}"#, "object.json:1:11: the value of \"first\" is an object"),
        BadFile("array.json", #"{"first": ["Ada"]}"#, "array.json:1:11: the value of \"first\" is an array"),
        BadFile("bool.json", #"{"first": true}"#, "bool.json:1:11: the value of \"first\" is a boolean"),
        BadFile("top.json", #"["Ada"]"#, "top.json:1:1: '[' (U+005B) where the object of values should start"),
        BadFile("twice.json", "{\"first\": \"a\",\n \"first\": \"b\"}", "twice.json:2:2: the key \"first\" is given twice (first at line 1, column 2)"),
        BadFile("after.json", #"{"first": "a"} {}"#, "after.json:1:16: '{' (U+007B) after the object"),
        BadFile("raw-newline.json", "{\"first\": \"a\nb\"}", "raw-newline.json:1:13: a line break (LF) inside a string"),
        BadFile("escape.json", #"{"first": "\x41"}"#, #"escape.json:1:12: \x is no JSON escape"#),
        BadFile("surrogate.json", #"{"first": "\ud83d"}"#, #"surrogate.json:1:12: \ud83d is half of a surrogate pair"#),
        BadFile("nul-escape.json", #"{"first": "a\u0000"}"#, #"nul-escape.json:1:13: \u0000 is NUL"#),
        BadFile("nul.json", [UInt8](#"{"first": "a"#.utf8) + [0] + [UInt8](#""}"#.utf8), "nul.json:1:13: a NUL byte"),
        BadFile("latin1.json", [UInt8](#"{"first": "caf"#.utf8) + [0xE9] + [UInt8](#""}"#.utf8), "latin1.json:1:15: not UTF-8 text: the bytes from 0xE9"),
        BadFile("empty.json", "", "empty.json: the file is empty"),
        BadFile("two-rows.csv", "first,last\r\nA,B\r\nC,D\r\n", "two-rows.csv:3:1: a second row of values"),
        BadFile("long-row.csv", "first,last\r\nA,B,C\r\n", "long-row.csv:2:5: the row of values has 3 values but the header 2 keys"),
        BadFile("short-row.csv", "first,last\nA\n", "short-row.csv:2:2: the row of values has 1 value but the header 2 keys"),
        BadFile("twice.csv", "first,last,first\r\nA,B,C\r\n", "twice.csv:1:12: the key \"first\" is in the header twice (first at line 1, column 1)"),
        BadFile("header-only.csv", "first,last\r\n", "header-only.csv:2:1: a header row and no row of values"),
        BadFile("stray-quote.csv", "first\r\nsay \"hi\"\r\n", "stray-quote.csv:2:5: a quote inside a field that does not start with one"),
        BadFile("after-quote.csv", "first\r\n\"Ada\" x\r\n", "after-quote.csv:2:6: ' ' (U+0020) after the closing quote"),
        BadFile("unclosed.csv", "first,last\r\nA,\"B\r\n", "unclosed.csv:2:3: this quoted field is never closed"),
        BadFile("nul.csv", [UInt8]("first\r\nA".utf8) + [0, 0x0D, 0x0A], "nul.csv:2:2: a NUL byte"),
        BadFile("utf16.csv", [0xFF, 0xFE, 0x66, 0x00], "utf16.csv:1:1: not UTF-8 text: the bytes from 0xFF"),
        BadFile("empty.csv", "", "empty.csv: the file is empty"),
    ]

    @Test("a bad values file exits 65 with file:line:column and writes nothing", arguments: badFiles)
    func badFile(_ bad: BadFile) throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "before"])
        let bytes = try box.bytes()
        let result = try box.formctl(["values", "--load", bad.name], stdin: nil)
        try Data(bad.bytes).write(to: URL(fileURLWithPath: box.path(bad.name)))
        let refused = try box.formctl(["values", "--load", bad.name])
        #expect(isError(refused, 65) && refused.stderrText.hasPrefix("formctl: " + bad.message), "\(refused)")
        #expect(try box.bytes() == bytes)
        // Before the file existed: it cannot be read, also 65.
        #expect(isError(result, 65) && result.stderrText.contains("\(bad.name): cannot be read: "), "\(result)")
    }

    @Test("standard input: --load - with --format reads it; without --format it is a usage error (64)")
    func standardInput() throws {
        let box = try Sandbox()
        try box.createDatabase()
        let csv = try box.ok(["values", "--load", "-", "--format", "csv"], stdin: Data("first,last\r\nAda,\"Love\r\nlace\"\r\n".utf8))
        #expect(csv.stdoutText.hasSuffix("2 values set, 0 unchanged\n"), "\(csv)")
        #expect(try box.rows("SELECT hex(value) FROM field WHERE key = 'last'") == [["4C6F76650D0A6C616365"]])
        let json = try box.ok(["values", "--format", "json", "--load", "-"], stdin: Data(#"{"middle": "B"}"#.utf8))
        #expect(json.stdoutText.hasSuffix("1 value set, 0 unchanged\n"), "\(json)")
        let bad = try box.formctl(["values", "--load", "-", "--format", "json"], stdin: Data("{\"middle\": 1}".utf8))
        #expect(isError(bad, 65) && bad.stderrText.hasPrefix("formctl: -:1:12: the value of \"middle\" is a number"), "\(bad)")

        let bytes = try box.bytes()
        let missing = try box.formctl(["values", "--load", "-"], stdin: Data(#"{"first": "X"}"#.utf8))
        #expect(missing.status == 64 && missing.stderrText.contains("--format"), "\(missing)")
        let unknownName = try box.formctl(["values", "--load", "values.txt"])
        #expect(unknownName.status == 64 && unknownName.stderrText.contains("--format"), "\(unknownName)")
        let jsonAlone = try box.formctl(["values", "--json"])
        #expect(jsonAlone.status == 64 && jsonAlone.stderrText.contains("--load"), "\(jsonAlone)")
        #expect(try box.bytes() == bytes)
    }

    @Test("--format overrides the file's name; the name's case does not matter")
    func formatOverride() throws {
        let box = try Sandbox()
        let file = box.path("values.TXT")
        try Data("first\r\nAda\r\n".utf8).write(to: URL(fileURLWithPath: file))
        try box.ok(["values", "--load", file, "--format", "csv"])
        let upper = box.path("VALUES.JSON")
        try Data(#"{"last": "Lovelace"}"#.utf8).write(to: URL(fileURLWithPath: upper))
        try box.ok(["values", "--load", upper])
        #expect(try box.rows("SELECT value FROM field WHERE key IN ('first', 'last') ORDER BY position") == [["Ada"], ["Lovelace"]])
    }
}
