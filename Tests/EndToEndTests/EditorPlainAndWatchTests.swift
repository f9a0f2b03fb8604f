import Foundation
import Testing

/// `formctl edit --plain` through a pipe, and `formctl minimap --watch`.
@Suite("formctl edit --plain and minimap --watch", .tags(.terminal), .slow)
struct EditorPlainAndWatchTests {
    @Test("printf 'Ada\\n\\nLovelace\\n' | formctl edit --plain saves first and last and keeps middle", arguments: [true, false])
    func plainThroughPipe(explicit: Bool) throws {
        let sandbox = try Sandbox()
        try sandbox.ok(["set", "middle", "B"])
        let result = try sandbox.ok(explicit ? ["edit", "--plain"] : ["edit"], stdin: Data("Ada\n\nLovelace\n".utf8))
        let output = result.stdoutText
        #expect(output.contains("First Name (first) [] empty, required\n> first: valid (green), 3 characters"))
        #expect(output.contains("Middle Name (middle) [B] short\n> middle: kept"))
        #expect(output.contains("last: valid (green), 8 characters"))
        #expect(output.contains("Email (email) [] empty, required\n> \n"), "the end of input stops at email")
        let values = try sandbox.rows("SELECT key, value FROM field WHERE key IN ('first', 'middle', 'last', 'email') ORDER BY position")
        #expect(values == [["first", "Ada"], ["middle", "B"], ["last", "Lovelace"], ["email", ""]])
        #expect(try sandbox.value("SELECT COUNT(*) FROM history WHERE old_value IS NOT NULL AND source = 'formctl'") == "3")
    }

    @Test("TERM=dumb gets the plain prompts even on a terminal")
    func dumbTerminalIsPlain() throws {
        let sandbox = try Sandbox()
        try sandbox.createDatabase()
        let terminal = try TmuxTerminal(["env", "TERM=dumb", try Formctl.binary().path, "edit", "--db", sandbox.db], in: sandbox.folder)
        try terminal.waitFor(text: "First Name (first) [] empty, required")
        try terminal.type("Ada")
        try terminal.keys("Enter")
        try terminal.waitFor(text: "first: valid (green), 3 characters")
        try terminal.keys("C-d")
        try terminal.waitFor(text: "EXIT=0")
        #expect(try sandbox.value("SELECT value FROM field WHERE key = 'first'") == "Ada")
    }

    @Test("minimap --watch redraws in place after a sqlite3 UPDATE")
    func watchRedrawsInPlace() throws {
        let sandbox = try Sandbox()
        try sandbox.createDatabase()
        let terminal = try TmuxTerminal([try Formctl.binary().path, "minimap", "--watch", "--db", sandbox.db], in: sandbox.folder)
        let green = EditorTypingTests.green
        try terminal.waitFor("the minimap") { $0.text.contains("▀") }
        let before = try terminal.screen()
        #expect(!before.colors(fromColumn: 0).contains { $0.color == green })
        try sandbox.exec("UPDATE field SET value = 'Ada' WHERE key = 'first';")
        try terminal.waitFor("a green field in the minimap") { screen in
            screen.colors(fromColumn: 0).contains { $0.color == green }
        }
        // Drawn over the old picture: the screen holds one minimap, as tall as before.
        let after = try terminal.screen()
        let height = { (screen: ScreenCapture) in screen.lines.lastIndex { !String($0.map(\.character)).trimmingCharacters(in: .whitespaces).isEmpty } }
        #expect(height(after) == height(before))
        try terminal.keys("C-c")
        try terminal.waitFor(text: "EXIT=130")
    }

    @Test("minimap --watch --format text prints a new minimap after each change")
    func watchPrintsTextAfterChange() throws {
        let sandbox = try Sandbox()
        try sandbox.createDatabase()
        let child = try ChildProcess(try Formctl.binary(), ["minimap", "--watch", "--format", "text", "--db", sandbox.db],
                                     environment: childEnvironment())
        #expect(child.waitForOutput(containing: "RRRR", timeout: 60))
        try sandbox.exec("UPDATE field SET value = 'Ada' WHERE key = 'first';")
        #expect(child.waitForOutput(containing: "GGGG", timeout: 60))
        child.send(SIGINT)
        let result = child.wait(timeout: 60)
        let titleRows = result.stdoutText.split(separator: "\n").filter { $0.contains("PPPP") }.count
        #expect(titleRows == 4, "two pictures of two title rows each")
    }
}
