import Foundation
import Testing

/// `formctl values [--format json|csv]`.
@Suite("values")
struct ValuesTests {
    @Test("json: one object, keys in form order, hidden fields too, Unicode and escapes kept exactly")
    func json() throws {
        let box = try Sandbox()
        let tricky = "Ada \"the\" Countess,\nof Lovelace \\ 👩‍💻 é\u{1}"
        try box.ok(["set", "last", tricky])
        try box.ok(["set", "first", "Ada"])
        try box.ok(["set", "twitter", "@ada"])
        try box.ok(["field", "move", "first", "--row", "2"])
        let result = try box.ok(["values"])
        #expect(result.stdoutText == #"{"middle":"","last":"Ada \"the\" Countess,\nof Lovelace \\ 👩‍💻 é\u0001","email":"","twitter":"@ada","first":"Ada"}"# + "\n", "\(result)")
        let object = try #require(try result.stdout.json() as? [String: String])
        #expect(object["last"] == tricky && object["twitter"] == "@ada" && object.count == 5)
        #expect(try box.ok(["values", "--format", "json"]).stdout == result.stdout)
    }

    @Test("csv: RFC 4180, a header of keys and one row of values, quoted where needed, CRLF")
    func csv() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Ada, Countess"])
        try box.ok(["set", "middle", "say \"hi\""])
        try box.ok(["set", "last", "two\nlines"])
        try box.ok(["set", "email", "👩‍💻 é"])
        let result = try box.ok(["values", "--format", "csv"])
        #expect(result.stdoutText == "first,middle,last,email,twitter\r\n\"Ada, Countess\",\"say \"\"hi\"\"\",\"two\nlines\",👩‍💻 é,\r\n", "\(result)")
        // Python's csv module reads back exactly what was set.
        let python = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", "import csv, io, json, sys; rows = list(csv.reader(io.TextIOWrapper(sys.stdin.buffer, encoding='utf-8', newline=''), strict=True)); print(json.dumps(dict(zip(rows[0], rows[1]))))"],
            stdin: result.stdout, environment: childEnvironment(), timeout: 60)
        let parsed = try #require(try python.stdout.json() as? [String: String], "\(python)")
        #expect(parsed == ["first": "Ada, Countess", "middle": "say \"hi\"", "last": "two\nlines", "email": "👩‍💻 é", "twitter": ""])
    }

    @Test("an unknown format is a usage error (64); a missing database with --no-create is 66")
    func errors() throws {
        let box = try Sandbox()
        #expect(try box.formctl(["values", "--format", "xml"]).status == 64)
        #expect(try box.formctl(["values", "--no-create"], db: box.path("missing.db")).status == 66)
    }
}
