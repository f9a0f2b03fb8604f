import Foundation
import Testing

/// Submitting from `formctl edit`: Ctrl-X and Ctrl-O in a real terminal
/// (tmux, 120 × 40), and plain mode's "Submit? [y/N]", read back with sqlite3.
@Suite("formctl edit: submitting", .tags(.terminal), .slow)
struct EditorSubmitTests {
    /// Types the seed form's four shown fields in, Tab between them.
    static func fillIn(_ terminal: TmuxTerminal, email: String = "ada@example.com") throws {
        for (index, text) in ["Ada", "Bea", "Lovelace", email].enumerated() {
            if index > 0 { try terminal.keys("Tab") }
            try terminal.type(text)
        }
        try terminal.waitFor(text: "│ \(email) ")
    }

    @Test("Ctrl-X submits: the status line confirms the id, the fields are cleared on screen, sqlite3 reads the response")
    func controlXSubmits() throws {
        let sandbox = try Sandbox()
        try sandbox.createDatabase()
        let terminal = try EditorTypingTests.startEditor(sandbox)
        #expect(try terminal.screen().line(39).contains("^X submit  ^O draft"), "the key line shows the keys")
        try Self.fillIn(terminal)
        try terminal.waitFor(text: "Hello Ada Bea Lovelace")
        try terminal.keys("C-x")
        try terminal.waitFor(text: "submitted response 1")

        let screen = try terminal.screen()
        #expect(screen.line(38).hasPrefix("first: empty — is required  ·  submitted response 1"), "\(screen.text)")
        #expect(!screen.text.contains("Ada") && !screen.text.contains("Lovelace"), "the fields are cleared: \(screen.text)")
        #expect(EditorTypingTests.firstFieldColor(screen) == EditorTypingTests.red)
        #expect(try terminal.format("#{cursor_x},#{cursor_y}") == "3,4", "the cursor is back in the first field")

        #expect(try sandbox.rows("SELECT id, status FROM response") == [["1", "complete"]])
        #expect(try sandbox.rows("SELECT key, value, shown FROM answer WHERE response_id = 1 ORDER BY position") == [
            ["first", "Ada", "1"], ["middle", "Bea", "1"], ["last", "Lovelace", "1"],
            ["email", "ada@example.com", "1"], ["twitter", "", "0"],
        ])
        #expect(try sandbox.value("SELECT COUNT(*) FROM field WHERE value <> ''") == "0")

        // The next respondent: the next id.
        try Self.fillIn(terminal, email: "grace@example.com")
        try terminal.keys("C-x")
        try terminal.waitFor(text: "submitted response 2")
        try terminal.keys("Escape")
        try terminal.waitFor(text: "EXIT=0")
        #expect(try sandbox.value("SELECT value FROM answer WHERE response_id = 2 AND key = 'email'") == "grace@example.com")
    }

    @Test("the key line fits whole in 100 columns and is cut in 90")
    func keyLineWidth() throws {
        let keys = "Tab/↑↓ field  ⌫ Del ^U edit  Enter/^S save  ^X submit  ^O draft  ^←→ F1-F9 page  Esc/^C quit"
        let sandbox = try Sandbox()
        try sandbox.createDatabase()
        let wide = try EditorTypingTests.startEditor(sandbox, columns: 100, rows: 18)
        #expect(try wide.screen().line(17) == keys)
        let narrow = try EditorTypingTests.startEditor(sandbox, columns: 90, rows: 18)
        let line = try narrow.screen().line(17)
        #expect(line.hasPrefix("Tab/↑↓ field  ⌫ Del ^U edit  Enter/^S save  ^X submit  ^O draft") && line != keys, "\(line)")
    }

    @Test("Ctrl-X on a failing form: the reasons on the status line, the focus on the first failing field, nothing stored; Ctrl-O stores a draft")
    func failingFormThenDraft() throws {
        let sandbox = try Sandbox()
        try sandbox.ok(["field", "rule", "email", "--email"])
        let terminal = try EditorTypingTests.startEditor(sandbox)
        try terminal.type("Ada")
        try terminal.keys("Tab", "Tab", "Tab")
        try terminal.waitFor(text: "email: empty")
        try terminal.type("ada@")
        try terminal.keys("C-x")
        try terminal.waitFor(text: "not submitted: middle: is required; last: is required; email: is not an email address")
        let screen = try terminal.screen()
        #expect(screen.line(38).hasPrefix("middle: empty — is required  ·  not submitted: middle: is required"), "\(screen.text)")
        #expect(screen.text.contains("│ Ada ") && screen.text.contains("│ ada@ "), "the values stay")
        #expect(try sandbox.value("SELECT COUNT(*) FROM response") == "0")
        #expect(try sandbox.value("SELECT value FROM field WHERE key = 'email'") == "ada@", "the field typed in was saved")

        try terminal.keys("C-o")
        try terminal.waitFor(text: "saved draft 1; formctl responses open 1 reopens it")
        #expect(!(try terminal.screen().text.contains("│ Ada ")))
        try terminal.keys("Escape")
        try terminal.waitFor(text: "EXIT=0")
        #expect(try sandbox.rows("SELECT id, status FROM response") == [["1", "draft"]])
        #expect(try sandbox.rows("SELECT key, value FROM answer WHERE response_id = 1 AND value <> '' ORDER BY position")
            == [["first", "Ada"], ["email", "ada@"]])
    }

    @Test("plain mode: y after the last field submits and prints the id; the values are cleared")
    func plainYes() throws {
        let sandbox = try Sandbox()
        try sandbox.createDatabase()
        let result = try sandbox.ok(["edit", "--plain"], stdin: Data("Ada\nBea\nLovelace\nada@example.com\ny\n".utf8))
        #expect(result.stdoutText.hasSuffix("email: valid (green), 15 characters\nSubmit? [y/N] submitted response 1\n"), "\(result)")
        #expect(try sandbox.rows("SELECT id, status FROM response") == [["1", "complete"]])
        #expect(try sandbox.value("SELECT value FROM answer WHERE response_id = 1 AND key = 'last'") == "Lovelace")
        #expect(try sandbox.value("SELECT COUNT(*) FROM field WHERE value <> ''") == "0")
    }

    @Test("plain mode: n, an empty line or the end of input keeps the values and stores nothing",
          arguments: ["n\n", "\n", "nein\n", ""])
    func plainNo(answer: String) throws {
        let sandbox = try Sandbox()
        try sandbox.createDatabase()
        let result = try sandbox.ok(["edit", "--plain"], stdin: Data("Ada\nBea\nLovelace\nada@example.com\n\(answer)".utf8))
        #expect(result.stdoutText.contains("Submit? [y/N] "))
        #expect(result.stdoutText.hasSuffix(answer.isEmpty ? "\nnot submitted\n" : "not submitted; the values are kept\n"), "\(result)")
        #expect(try sandbox.value("SELECT COUNT(*) FROM response") == "0")
        #expect(try sandbox.value("SELECT value FROM field WHERE key = 'email'") == "ada@example.com")
    }

    @Test("plain mode: y on a failing form prints check's reasons, stores nothing and exits 1")
    func plainYesFailing() throws {
        let sandbox = try Sandbox()
        try sandbox.createDatabase()
        let result = try sandbox.formctl(["edit", "--plain"], stdin: Data("Ada\n\n\n\ny\n".utf8))
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdoutText.hasSuffix("Submit? [y/N] "))
        #expect(result.stderrText == "formctl: not submitted: middle: is required; last: is required; email: is required\n")
        #expect(try sandbox.value("SELECT COUNT(*) FROM response") == "0")
        #expect(try sandbox.value("SELECT value FROM field WHERE key = 'first'") == "Ada")
    }

    @Test("plain mode on a terminal (TERM=dumb): y at the question submits and the id shows on screen")
    func plainOnATerminal() throws {
        let sandbox = try Sandbox()
        try sandbox.createDatabase()
        let terminal = try TmuxTerminal(["env", "TERM=dumb", try Formctl.binary().path, "edit", "--db", sandbox.db], in: sandbox.folder)
        for (key, text) in [("first", "Ada"), ("middle", "Bea"), ("last", "Lovelace"), ("email", "ada@example.com")] {
            try terminal.waitFor(text: "(\(key)) [] empty, required")
            try terminal.type(text)
            try terminal.keys("Enter")
        }
        try terminal.waitFor(text: "Submit? [y/N]")
        try terminal.type("y")
        try terminal.keys("Enter")
        try terminal.waitFor(text: "Submit? [y/N] y\nsubmitted response 1")
        try terminal.waitFor(text: "EXIT=0")
        #expect(try sandbox.rows("SELECT id, status FROM response") == [["1", "complete"]])
        #expect(try sandbox.value("SELECT value FROM answer WHERE response_id = 1 AND key = 'email'") == "ada@example.com")
    }

    @Test("plain mode: the end of input before the last field asks nothing")
    func plainEndOfInputAsksNothing() throws {
        let sandbox = try Sandbox()
        try sandbox.createDatabase()
        let result = try sandbox.ok(["edit", "--plain"], stdin: Data("Ada\ny\n".utf8))
        #expect(!result.stdoutText.contains("Submit?"), "\(result)")
        #expect(try sandbox.value("SELECT COUNT(*) FROM response") == "0")
        #expect(try sandbox.value("SELECT value FROM field WHERE key = 'middle'") == "y", "y was the middle name")
    }

    @Test("edit --help documents the keys and the question, in ASCII")
    func helpDocumentsSubmit() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.ok(["edit", "--help"])
        let help = result.stdoutText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("Ctrl-X submits"))
        #expect(help.contains("Ctrl-O stores them as a draft"))
        #expect(help.contains("\"Submit? [y/N]\""))
        #expect(result.stdout.allSatisfy { $0 < 0x80 }, "ASCII only")
    }
}
