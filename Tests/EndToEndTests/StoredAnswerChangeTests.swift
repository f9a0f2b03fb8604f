import Foundation
import Testing

/// `field type` and `field choices` against stored responses (issue 46): a
/// change that an answer of a complete response or a draft could not keep
/// is refused with exit 64, naming the responses and `--force`, and
/// nothing is written; `--force` makes it, and the answers stay as they
/// were given.
@Suite("field type and field choices: stored answers")
struct StoredAnswerChangeTests {
    static let form = """
        title: Answers
        pages:
          - key: main
            title: Main
            rows:
              - width: 540
                fields:
                  - {key: name, label: Name}
                  - {key: colour, label: Colour, type: select_one, choices: [red, green, blue]}
        """

    /// A sandbox with `form` applied and one response per entry of
    /// `responses` (`draft`: submitted with `--draft`), ids from 1.
    static func box(_ responses: [(name: String, colour: String, draft: Bool)]) throws -> Sandbox {
        let box = try Sandbox.applying(form)
        for response in responses {
            try box.ok(["set", "name", response.name])
            try box.ok(["set", "colour", response.colour])
            try box.ok(["submit"] + (response.draft ? ["--draft"] : []))
        }
        return box
    }

    /// The whole database as `sqlite3 .dump` writes it.
    static func dump(_ box: Sandbox) throws -> String {
        let result = try SQLiteShell.run(box.db, ".dump")
        guard result.succeeded else { throw TestFailure("sqlite3 .dump failed:\n\(result)") }
        return result.stdoutText
    }

    @Test("a type change an answer could not keep: exit 64 naming each value and its responses, drafts too; nothing written; --force makes it")
    func typeChange() throws {
        let box = try Self.box([("xyz", "red", false), ("abc", "green", true), ("xyz", "", false), ("42", "", false)])
        #expect(try box.rows("SELECT id, status FROM response ORDER BY id") == [["1", "complete"], ["2", "draft"], ["3", "complete"], ["4", "complete"]])
        let before = try Self.dump(box)
        let refused = try box.formctl(["field", "type", "name", "integer"])
        #expect(isError(refused, 64), "\(refused)")
        #expect(refused.stderrText == """
            formctl: name: the change would leave the answer "xyz" in responses 1 and 3, which is not a whole number; \
            the answer "abc" in response 2, which is not a whole number; nothing was changed. \
            Give --force to make the change anyway (answers keep what they were given, with the type they had), \
            or delete those responses first (formctl responses delete ID)

            """, "\(refused)")
        #expect(refused.stdout.isEmpty)
        #expect(try Self.dump(box) == before, "nothing written")

        // The present value is named first, with the way to change it.
        try box.ok(["set", "name", "nope"])
        let holding = try Self.dump(box)
        let both = try box.formctl(["field", "type", "name", "decimal"])
        #expect(isError(both, 64), "\(both)")
        #expect(both.stderrText.hasPrefix("formctl: name: the change would leave its value \"nope\", which is not a decimal number"), "\(both)")
        #expect(both.stderrText.contains("; the answer \"xyz\" in responses 1 and 3, which is not a decimal number"), "\(both)")
        #expect(both.stderrText.contains("Change the value first (formctl set name …), or give --force"), "\(both)")
        #expect(try Self.dump(box) == holding, "nothing written")
        try box.ok(["set", "name", ""])

        let forced = try box.ok(["field", "type", "name", "integer", "--force"])
        #expect(forced.stdoutText == "name: integer; empty (red)\n", "\(forced)")
        #expect(try box.value("SELECT type FROM field WHERE key = 'name'") == "integer")
        #expect(try box.rows("SELECT response_id, value, type FROM answer WHERE key = 'name' ORDER BY response_id")
            == [["1", "xyz", "text"], ["2", "abc", "text"], ["3", "xyz", "text"], ["4", "42", "text"]], "answers keep what they were given")
        // Any answer keeps as text.
        try box.ok(["field", "type", "name", "long_text"])
    }

    @Test("a type change every answer keeps goes through; empty answers and other fields' answers do not count")
    func typeChangeKept() throws {
        let box = try Self.box([("42", "red", false), ("", "blue", true), (" +7 ", "", false)])
        let changed = try box.ok(["field", "type", "name", "integer"])
        #expect(changed.stdoutText == "name: integer; empty (red)\n", "\(changed)")
        #expect(try box.value("SELECT type FROM field WHERE key = 'name'") == "integer")
    }

    @Test("removing or renaming a choice an answer holds: exit 64 naming the response; one no answer holds goes")
    func choiceRemoved() throws {
        let box = try Self.box([("a", "green", true), ("b", "red", false)])
        let before = try Self.dump(box)
        for change in [["remove", "green"], ["rename", "green", "teal"]] {
            let refused = try box.formctl(["field", "choices", "colour"] + change)
            #expect(isError(refused, 64), "\(refused)")
            #expect(refused.stderrText.hasPrefix("formctl: colour: the change would leave the answer \"green\" in response 1, which is not one of the choices; nothing was changed. Give --force"),
                    "\(refused)")
            #expect(refused.stderrText.contains("or delete that response first (formctl responses delete ID)"), "\(refused)")
            #expect(try Self.dump(box) == before, "nothing written")
        }
        #expect(try box.ok(["field", "choices", "colour", "remove", "blue"]).stdoutText == "colour: red, green\n")
        try box.ok(["field", "choices", "colour", "remove", "green", "--force"])
        #expect(try box.value("SELECT value FROM answer WHERE key = 'colour' AND response_id = 1") == "green")
    }
}
