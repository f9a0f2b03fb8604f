import Foundation
import Testing

/// `formctl submit --from` refuses, before anything is stored, a file with a
/// key that names no field (64) and one that is not UTF-8 or holds a NUL
/// (65); the values being edited stay as they were.
@Suite("submit --from refuses bad files and stores nothing")
struct SubmitFromRefusalTests {
    /// A file given to `submit --from`, and the exit code it must give.
    struct BadFile: Sendable, CustomTestStringConvertible {
        var name: String
        /// The file's name: `-` for standard input (with `--format`).
        var file: String
        var bytes: [UInt8]
        var code: Int32
        /// A piece of the message.
        var message: String
        var testDescription: String { name }

        init(_ name: String, file: String, _ text: String, code: Int32, message: String) {
            self.init(name, file: file, bytes: Array(text.utf8), code: code, message: message)
        }

        init(_ name: String, file: String, bytes: [UInt8], code: Int32, message: String) {
            self.name = name
            self.file = file
            self.bytes = bytes
            self.code = code
            self.message = message
        }
    }

    static let files: [BadFile] = [
        BadFile("JSON key that names no field", file: "r.json", #"{"first": "Ada", "nickname": "Countess"}"#,
                code: 64, message: "no field named 'nickname'"),
        BadFile("CSV column that names no field", file: "r.csv", "first,Last\r\nAda,Lovelace\r\n",
                code: 64, message: "no field named 'Last'"),
        BadFile("JSON key that names no field, from standard input", file: "-", #"{"first": "Ada", "e-mail": "x"}"#,
                code: 64, message: "no field named 'e-mail'"),
        BadFile("JSON with invalid UTF-8", file: "r.json", bytes: Array(#"{"first": "A"#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8),
                code: 65, message: "not UTF-8"),
        BadFile("CSV with invalid UTF-8", file: "r.csv", bytes: Array("first,last\nAda,".utf8) + [0xC3, 0x28] + [0x0A],
                code: 65, message: "not UTF-8"),
        BadFile("CSV with invalid UTF-8, from standard input", file: "-", bytes: Array("first\n".utf8) + [0xED, 0xA0, 0x80, 0x0A],
                code: 65, message: "not UTF-8"),
        BadFile("JSON with an escaped NUL", file: "r.json", #"{"first": "A\u0000B"}"#, code: 65, message: "NUL"),
        BadFile("JSON with a NUL byte", file: "r.json", bytes: Array(#"{"first": "A"#.utf8) + [0x00] + Array(#"B"}"#.utf8),
                code: 65, message: ""),
        BadFile("CSV with a NUL byte", file: "r.csv", bytes: Array("first,last\nA".utf8) + [0x00] + Array("B,x\n".utf8),
                code: 65, message: "NUL"),
        BadFile("JSON with a lone surrogate", file: "r.json", #"{"first": "\ud83d"}"#, code: 65, message: "surrogate"),
        BadFile("JSON that is not an object", file: "r.json", #"["Ada"]"#, code: 65, message: ""),
    ]

    @Test("refused before anything is stored: no response, no history, the form's values untouched", arguments: files)
    func refused(_ bad: BadFile) throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Grace"])
        try box.ok(["set", "twitter", "@grace"])
        let history = try box.rows("SELECT * FROM history ORDER BY id")
        let values = try box.ok(["values"]).stdout
        var arguments = ["--db", box.db, "submit", "--from", bad.file]
        if bad.file == "-" {
            arguments += ["--format", "json"]
            if bad.name.contains("CSV") { arguments[arguments.count - 1] = "csv" }
        } else {
            try Data(bad.bytes).write(to: URL(fileURLWithPath: box.path(bad.file)))
        }
        for draft in [false, true] {
            let result = try box.formctl(arguments + (draft ? ["--draft"] : []), useDB: false,
                                         stdin: bad.file == "-" ? Data(bad.bytes) : nil)
            #expect(isError(result, bad.code), "\(result)")
            #expect(result.stdout.isEmpty, "\(result)")
            #expect(bad.message.isEmpty || result.stderrText.contains(bad.message), "\(result)")
        }
        #expect(try box.value("SELECT count(*) FROM response") == "0")
        #expect(try box.value("SELECT count(*) FROM answer") == "0")
        #expect(try box.rows("SELECT * FROM history ORDER BY id") == history)
        #expect(try box.ok(["values"]).stdout == values)
        #expect(try box.formctl(["--db", box.db, "responses"], useDB: false).stdoutText == "no responses\n")
    }

    @Test("a good file after refused ones gets id 1, and leaves the form's values alone")
    func goodAfterRefused() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Grace"])
        let file = box.path("r.json")
        try Data(#"{"first": "Ada", "nickname": "Countess"}"#.utf8).write(to: URL(fileURLWithPath: file))
        #expect(isError(try box.formctl(["--db", box.db, "submit", "--from", file], useDB: false), 64))
        try Data(#"{"first": "Ada", "middle": "Byron", "last": "Lovelace", "email": "ada@example.com"}"#.utf8).write(to: URL(fileURLWithPath: file))
        let stored = try box.formctl(["--db", box.db, "submit", "--from", file], useDB: false)
        #expect(stored.succeeded && stored.stdoutText == "1\n", "\(stored)")
        #expect(try box.rows("SELECT key, value FROM answer WHERE response_id = 1 ORDER BY position")
            == [["first", "Ada"], ["middle", "Byron"], ["last", "Lovelace"], ["email", "ada@example.com"], ["twitter", ""]])
        #expect(try box.value("SELECT value FROM field WHERE key = 'first'") == "Grace")
    }
}
