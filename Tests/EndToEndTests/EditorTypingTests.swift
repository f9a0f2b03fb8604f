import Foundation
import Testing

/// `formctl edit` in a real terminal (tmux, 120 × 40): what typing shows at
/// each keystroke, the status line, and what quitting saves.
@Suite("formctl edit: typing", .tags(.terminal), .slow)
struct EditorTypingTests {
    /// The state colours, as the minimap and `capture-pane -e` show them.
    static let red = ScreenCapture.RGB(red: 255, green: 59, blue: 48)
    static let yellow = ScreenCapture.RGB(red: 255, green: 204, blue: 0)
    static let green = ScreenCapture.RGB(red: 52, green: 199, blue: 89)
    static let orange = ScreenCapture.RGB(red: 255, green: 149, blue: 0)

    /// On a 120-column terminal the minimap takes the last 36 columns
    /// (three tenths of the width), two columns right of the form.
    static let minimapColumn = 84

    /// The colour of the first field's cells in the minimap: the top-left
    /// cell in a state colour (the title above is purple, containers gray).
    static func firstFieldColor(_ screen: ScreenCapture) -> ScreenCapture.RGB? {
        let states: Set = [red, yellow, green, orange]
        return screen.colors(fromColumn: minimapColumn)
            .filter { states.contains($0.color) }
            .min { ($0.row, $0.column) < ($1.row, $1.column) }?.color
    }

    static func startEditor(_ sandbox: Sandbox, columns: Int = 120, rows: Int = 40) throws -> TmuxTerminal {
        let terminal = try TmuxTerminal([try Formctl.binary().path, "edit", "--db", sandbox.db], columns: columns, rows: rows, in: sandbox.folder)
        try terminal.waitFor(text: "first: empty")
        return terminal
    }

    @Test("typing Ada: the title says it, the first field's minimap cells turn yellow at two letters and green at three")
    func typingFollowsEachKeystroke() throws {
        let sandbox = try Sandbox()
        try sandbox.createDatabase()
        let terminal = try Self.startEditor(sandbox)
        #expect(Self.firstFieldColor(try terminal.screen()) == Self.red)

        // Page keys decode as keys (a no-op with one page), never as typed text.
        try terminal.keys("C-Right", "F2", "C-Left")
        try terminal.type("A")
        try terminal.waitFor(text: "Hello A ")
        try terminal.type("d")
        try terminal.waitFor("the title Hello Ad and a yellow first field") {
            $0.line(0).hasPrefix("Hello Ad ") && Self.firstFieldColor($0) == Self.yellow
        }
        try terminal.type("a")
        try terminal.waitFor("the title Hello Ada and a green first field") {
            $0.line(0).hasPrefix("Hello Ada") && Self.firstFieldColor($0) == Self.green
        }
        let screen = try terminal.screen()
        #expect(screen.text.contains("│ Ada "))
        #expect(screen.line(38).hasPrefix("first: valid"))
        // The cursor sits after the typed text, inside the first field.
        #expect(try terminal.format("#{cursor_x},#{cursor_y}") == "6,4")
    }

    @Test("Tab to Email and type an invalid address: the status line says what is wrong")
    func invalidEmailStatus() throws {
        let sandbox = try Sandbox()
        try sandbox.ok(["field", "rule", "email", "--email"])
        let terminal = try Self.startEditor(sandbox)
        try terminal.keys("Tab", "Tab", "Tab")
        try terminal.waitFor(text: "email: empty")
        try terminal.type("ada@")
        try terminal.waitFor(text: "email: invalid — is not an email address (name@example.com)")
        #expect(Self.firstFieldColor(try terminal.screen()) == Self.red)  // first is still empty
        try terminal.type("example.com")
        try terminal.waitFor(text: "email: valid")
    }

    @Test("quit saves: the values and one history row per field, source formctl, read with sqlite3")
    func quitSavesOneRowPerField() throws {
        let sandbox = try Sandbox()
        try sandbox.createDatabase()
        let terminal = try Self.startEditor(sandbox)
        try terminal.type("Ada")
        try terminal.keys("Tab")
        try terminal.waitFor(text: "middle: empty")
        try terminal.type("B")
        try terminal.keys("Tab", "Tab")
        try terminal.waitFor(text: "email: empty")
        try terminal.type("ada@example.com")
        try terminal.waitFor(text: "Hello Ada B")
        try terminal.keys("Escape")
        let settings = try terminal.waitForExit(0)

        let values = try sandbox.rows("SELECT key, value FROM field WHERE key IN ('first', 'middle', 'last', 'email') ORDER BY position")
        #expect(values == [["first", "Ada"], ["middle", "B"], ["last", ""], ["email", "ada@example.com"]])
        let history = try sandbox.rows("""
            SELECT key, COUNT(*), MIN(source) FROM history WHERE old_value IS NOT NULL GROUP BY key ORDER BY key
            """)
        #expect(history == [["email", "1", "formctl"], ["first", "1", "formctl"], ["middle", "1", "formctl"]])
        // The terminal is back: main screen, echo and line editing on.
        #expect(try terminal.format("#{alternate_on}") == "0")
        #expect(settings.isSuperset(of: ["echo", "icanon", "isig"]), "stty -a after formctl: \(settings.sorted())")
    }

    @Test("formctl set from another shell shows on screen; the field being typed in keeps the user's text")
    func othersChangesAppear() throws {
        let sandbox = try Sandbox()
        try sandbox.createDatabase()
        let terminal = try Self.startEditor(sandbox)
        try sandbox.ok(["set", "last", "Lovelace"])
        // How soon is LiveChangeLatencyTests' and Benchmarks/editor.sh's
        // business; here, that it comes, and where.
        try terminal.waitFor(text: "Lovelace")
        #expect(try terminal.screen().line(0).hasPrefix("Hello   Lovelace"))

        try terminal.type("Ad")
        try terminal.waitFor(text: "Hello Ad ")
        try sandbox.ok(["set", "first", "Zed"])
        try terminal.waitFor(text: "first changed elsewhere to \"Zed\"; your text is kept")
        #expect(try terminal.screen().text.contains("│ Ad "))
        try terminal.keys("C-s")
        try terminal.waitFor(text: "saved first")
        #expect(try sandbox.value("SELECT value FROM field WHERE key = 'first'") == "Ad")
    }

    @Test("a typed field takes its value as text, checked as set checks it, and quitting stores the canonical form")
    func typedFieldIsCheckedAsSetChecksIt() throws {
        let sandbox = try Sandbox()
        try sandbox.ok(["apply", TypedQuestionTests.survey])
        let terminal = try TmuxTerminal([try Formctl.binary().path, "edit", "--db", sandbox.db], columns: 120, rows: 40, in: sandbox.folder)
        try terminal.waitFor(text: "name: empty")
        try terminal.keys("Tab")
        try terminal.waitFor(text: "age: empty")
        try terminal.type("130")
        try terminal.waitFor(text: "age: invalid — is more than 120")
        try terminal.keys("BSpace", "BSpace", "BSpace")
        try terminal.type("0x10")
        try terminal.waitFor(text: "age: invalid — is not a whole number")
        try terminal.keys("BSpace", "BSpace", "BSpace", "BSpace")
        try terminal.type("+042")
        try terminal.waitFor(text: "age: valid")
        // Saving shows what is stored.
        try terminal.keys("C-s")
        try terminal.waitFor("the stored 42 in the field, nothing unsaved") {
            $0.text.contains("│ 42 ") && !$0.text.contains("(unsaved)") && $0.text.contains("age: valid")
        }
        try terminal.keys("Escape")
        _ = try terminal.waitForExit(0)
        #expect(try sandbox.value("SELECT value FROM field WHERE key = 'age'") == "42")
        #expect(try sandbox.value("SELECT state FROM field WHERE key = 'age'") == "valid")
    }
}
