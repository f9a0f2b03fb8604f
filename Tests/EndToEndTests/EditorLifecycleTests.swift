import Foundation
import Testing

/// `formctl edit` and the world around it: signals and resizing.
@Suite("formctl edit: signals and resizing", .tags(.terminal), .slow)
struct EditorLifecycleTests {
    @Test("kill -TERM saves the typed value and leaves the terminal as it was")
    func sigtermSavesAndRestores() throws {
        let sandbox = try Sandbox()
        try sandbox.createDatabase()
        let terminal = try EditorTypingTests.startEditor(sandbox)
        #expect(try terminal.format("#{alternate_on}") == "1")
        try terminal.type("Ada")
        try terminal.waitFor(text: "Hello Ada")
        // Well within the second after which typing is saved anyway.
        kill(try terminal.commandPID(), SIGTERM)
        let settings = try terminal.waitForExit(143)
        #expect(try sandbox.value("SELECT value FROM field WHERE key = 'first'") == "Ada")
        #expect(try sandbox.value("SELECT COUNT(*) FROM history WHERE key = 'first' AND old_value IS NOT NULL") == "1")
        #expect(try terminal.format("#{alternate_on}") == "0")
        #expect(settings.isSuperset(of: ["echo", "icanon", "isig"]), "stty -a after formctl: \(settings.sorted())")
    }

    @Test("typing stops for a second: the value is saved without leaving the field")
    func idleSave() throws {
        let sandbox = try Sandbox()
        try sandbox.createDatabase()
        let terminal = try EditorTypingTests.startEditor(sandbox)
        try terminal.type("Ada")
        try terminal.waitFor(text: "saved first")
        #expect(try sandbox.value("SELECT value FROM field WHERE key = 'first'") == "Ada")
    }

    @Test("a resize lays the screen out again at the new size")
    func resizeRedraws() throws {
        let sandbox = try Sandbox()
        try sandbox.createDatabase()
        let terminal = try EditorTypingTests.startEditor(sandbox)
        try terminal.type("Ada")
        try terminal.waitFor(text: "Hello Ada")
        let wide = try terminal.screen()
        #expect(wide.line(39).hasPrefix("Tab/"))
        try terminal.tmux(["resize-window", "-t", "0", "-x", "90", "-y", "30"])
        try terminal.waitFor("the key line on row 30 of 30") { $0.line(29).hasPrefix("Tab/") }
        let narrow = try terminal.screen()
        #expect(narrow.line(28).hasPrefix("first: valid"))
        #expect(narrow.line(0).hasPrefix("Hello Ada"))
        // The rows are narrower: the first row's three fields end before column 62 (90 − 27 − 2).
        let boxTop = narrow.line(3)
        #expect(boxTop.hasPrefix(" ╭") && boxTop.filter { $0 == "╮" }.count == 3)
        #expect(!narrow.text.contains("Tab/↑↓ field  ←→ Home End cursor  ⌫ Del ^U edit  Enter/^S save  ^←→ F1-F9 page  Esc/^C quit"),
                "the key line is cut at 90 columns")
        #expect(narrow.text.contains("│ Ada "))
    }
}
