import Foundation
import Testing

/// `set KEY VALUE`, `set KEY --stdin`, `get KEY`, `get KEY --json`.
@Suite("set and get")
struct SetGetTests {
    @Test("set prints the state line; get prints the raw value and a newline")
    func roundTrip() throws {
        let box = try Sandbox()
        let set = try box.ok(["set", "first", "Jo"])
        #expect(set.stdoutText == "first: short (yellow), 2 characters\n", "\(set)")
        #expect(set.stderr.isEmpty, "\(set)")

        let get = try box.ok(["get", "first"])
        #expect(get.stdout == Data("Jo\n".utf8), "\(get)")
        #expect(get.stderr.isEmpty)

        #expect(singleLine(try box.ok(["set", "last", "Smith"])) == "last: valid (green), 5 characters")
        #expect(singleLine(try box.ok(["set", "last", ""])) == "last: empty (red), 0 characters")
        #expect(try box.ok(["get", "last"]).stdout == Data("\n".utf8))
        // Spaces and newlines are part of the value.
        let spaced = "  two\nlines  "
        try box.ok(["set", "middle", spaced])
        #expect(try box.ok(["get", "middle"]).stdout == Data((spaced + "\n").utf8))
        #expect(try box.value("SELECT hex(value) FROM field WHERE key = 'middle'") == spaced.utf8Hex)
    }

    @Test("states and colours follow the values, in the field table as formctl reports them")
    func statesAndColours() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Jo"])
        try box.ok(["set", "last", "Smith"])
        try box.ok(["set", "email", "a@b.co"])
        try box.ok(["set", "twitter", "x"])
        #expect(try box.rows("SELECT key, label, value, state, color FROM field ORDER BY position") == [
            ["first", "First Name", "Jo", "short", "yellow"],
            ["middle", "Middle Name", "", "empty", "red"],
            ["last", "Last Name", "Smith", "valid", "green"],
            ["email", "Email", "a@b.co", "valid", "green"],
            ["twitter", "Twitter", "x", "short", "yellow"],
        ])
        #expect(try box.rows("SELECT key, length FROM field ORDER BY position")
            == [["first", "2"], ["middle", "0"], ["last", "5"], ["email", "6"], ["twitter", "1"]])
        // The minimap follows: field rectangles carry the fields' colours.
        #expect(try box.rows("SELECT key, color FROM minimap_rect WHERE kind = 'field' ORDER BY key")
            == [["email", "green"], ["first", "yellow"], ["last", "green"], ["middle", "red"]])
    }

    @Test("lengths count characters (grapheme clusters), not code points or bytes",
          arguments: [
              ("e\u{301}", 1, "short", "yellow"),
              ("👨‍👩‍👧‍👦", 1, "short", "yellow"),
              ("🇫🇷🇩🇪", 2, "short", "yellow"),
              ("e\u{301}e\u{301}e\u{301}", 3, "valid", "green"),
              ("👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦", 3, "valid", "green"),
              ("日本語", 3, "valid", "green"),
          ])
    func graphemes(value: String, length: Int, state: String, color: String) throws {
        let box = try Sandbox()
        let set = try box.ok(["set", "first", value])
        let line = try #require(singleLine(set), "\(set)")
        #expect(isStateLine(line, key: "first", state: state, color: color, length: length), "\(line)")
        #expect(try box.rows("SELECT length, state, color FROM field WHERE key = 'first'") == [["\(length)", state, color]])
        #expect(try box.value("SELECT hex(value) FROM field WHERE key = 'first'") == value.utf8Hex)
        #expect(try box.ok(["get", "first"]).stdout == Data((value + "\n").utf8))
    }

    @Test("--stdin reads all of standard input and drops one trailing newline",
          arguments: [
              ("Jane\n", "Jane"),
              ("Jane\r\n", "Jane"),
              ("Jane", "Jane"),
              ("Jane\n\n", "Jane\n"),
              ("Jane\r\n\r\n", "Jane\r\n"),
              ("two\nlines\n", "two\nlines"),
              ("\n", ""),
              ("", ""),
              ("Jane\r", "Jane\r"),
          ])
    func standardInput(input: String, stored: String) throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "placeholder"])
        let set = try box.ok(["set", "first", "--stdin"], stdin: Data(input.utf8))
        #expect(singleLine(set)?.hasPrefix("first: ") == true, "\(set)")
        #expect(try box.value("SELECT hex(value) FROM field WHERE key = 'first'") == stored.utf8Hex,
                "stdin \(Array(input.utf8)) should store \(Array(stored.utf8))")
        #expect(try box.ok(["get", "first"]).stdout == Data((stored + "\n").utf8))
    }

    @Test("get --json prints the field as one object with sorted keys")
    func getJSON() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Jo"])
        let get = try box.ok(["get", "first", "--json"])
        let text = get.stdoutText.trimmingCharacters(in: .newlines)
        #expect(text == #"{"color":"yellow","key":"first","length":2,"shown":true,"state":"short","type":"text","value":"Jo","visible":true}"#, "\(get)")
        let object = try #require(try get.stdout.json() as? [String: Any])
        #expect(Set(object.keys) == ["color", "key", "length", "shown", "state", "type", "value", "visible"])

        try box.ok(["set", "email", "e\u{301}\u{1B}\"\\"])
        let tricky = try #require(try box.ok(["get", "email", "--json"]).stdout.json() as? [String: Any])
        #expect(tricky["value"] as? String == "e\u{301}\u{1B}\"\\")
        #expect(number(tricky["length"]) == 4)
        #expect(tricky["state"] as? String == "valid")
    }

    @Test("get of a missing field: exit 1, a suggestion on stderr, nothing on stdout")
    func getMissing() throws {
        let box = try Sandbox()
        try box.createDatabase()
        let typo = try box.formctl(["get", "frist"])
        #expect(typo.status == 1 && !typo.looksLikeCrash, "\(typo)")
        #expect(typo.stdout.isEmpty)
        #expect(typo.stderrText == "formctl: no field named 'frist'; did you mean 'first'?\n", "\(typo)")

        let json = try box.formctl(["get", "frist", "--json"])
        #expect(json.status == 1 && !json.looksLikeCrash, "\(json)")
        #expect(json.stderrText.contains("did you mean 'first'?"), "\(json)")

        let far = try box.formctl(["get", "zzzzzzzzzz"])
        #expect(far.status == 1, "\(far)")
        #expect(far.stderrText.hasPrefix("formctl: no field named 'zzzzzzzzzz'"), "\(far)")
        #expect(!far.stderrText.contains("did you mean"), "no key is close to zzzzzzzzzz: \(far)")
    }

    @Test("set of a missing field is a usage error (64) with a suggestion, and changes nothing")
    func setMissing() throws {
        let box = try Sandbox()
        try box.createDatabase()
        let result = try box.formctl(["set", "emial", "a@b.co"])
        #expect(isError(result, 64), "\(result)")
        #expect(result.stderrText.contains("did you mean 'email'?"), "\(result)")
        #expect(try box.value("SELECT COUNT(*) FROM history") == "5")
        #expect(try box.value("SELECT COUNT(*) FROM field WHERE value <> ''") == "0")
    }

    @Test("bad arguments are usage errors (64)",
          arguments: [["set", "first"], ["set"], ["get"], ["nosuchcommand"], ["set", "first", "a", "b"], ["minimap", "--format", "bmp"]])
    func usage(arguments: [String]) throws {
        let box = try Sandbox()
        try box.createDatabase()
        let result = try box.formctl(arguments, useDB: arguments.first != "nosuchcommand")
        #expect(result.status == 64 && !result.looksLikeCrash, "\(result)")
        #expect(!result.stderr.isEmpty, "\(result)")
    }
}
