import Foundation
import Testing

/// `formctl edit` on the survey form (every type) in a real terminal (tmux,
/// 120 × 40): each type's control, what its keys do, the state and colour
/// shown while editing, and what `formctl get` reads afterwards.
@Suite("formctl edit: a control per type", .tags(.terminal), .slow)
struct EditorTypedControlsTests {
    /// The status line's row on a 40-row terminal (the key line is below it).
    static let statusRow = 38

    /// The survey form in a sandbox, on `page`, and the editor on it once
    /// the status line names `firstKey`.
    static func startEditor(page: String, firstKey: String) throws -> (Sandbox, TmuxTerminal) {
        let sandbox = try TypedQuestionTests.surveyBox()
        try sandbox.ok(["page", "select", page])
        let terminal = try TmuxTerminal([try Formctl.binary().path, "edit", "--db", sandbox.db], columns: 120, rows: 40, in: sandbox.folder)
        try terminal.waitFor(text: "\(firstKey): ")
        return (sandbox, terminal)
    }

    /// Quits with Escape (which saves) and reads `key` with `formctl get`.
    static func quitAndGet(_ key: String, _ sandbox: Sandbox, _ terminal: TmuxTerminal) throws -> String {
        try terminal.keys("Escape")
        _ = try terminal.waitForExit(0)
        return try sandbox.ok(["get", key]).stdoutText
    }

    /// The status line's colour: that of its first letter.
    static func statusColor(_ screen: ScreenCapture) -> ScreenCapture.RGB? {
        screen.cell(0, statusRow)?.foreground
    }

    /// How many cells of the minimap have `color` (the laptop field's
    /// default makes some green from the start).
    static func minimapCells(_ screen: ScreenCapture, _ color: ScreenCapture.RGB) -> Int {
        Set(screen.colors(fromColumn: EditorTypingTests.minimapColumn).filter { $0.color == color }.map { "\($0.column),\($0.row)" }).count
    }

    @Test("select_one: Space picks the first choice, → and ← step with wrapping, the row shows ‹ label ›")
    func selectOneSpaceAndArrows() throws {
        let (sandbox, terminal) = try Self.startEditor(page: "lunch", firstKey: "colour")
        let before = try terminal.screen()
        #expect(before.text.contains("‹ no selection ›"))
        let greenBefore = Self.minimapCells(before, EditorTypingTests.green)
        try terminal.keys("Space")
        // The minimap follows before anything is saved: the field's cells turn green.
        try terminal.waitFor("‹ red ›, unsaved, and more green in the minimap") {
            $0.text.contains("‹ red ›") && $0.line(Self.statusRow).contains("(unsaved)")
                && Self.minimapCells($0, EditorTypingTests.green) > greenBefore
        }
        try terminal.keys("Right")
        try terminal.waitFor(text: "‹ green ›")
        try terminal.keys("Left")
        try terminal.waitFor(text: "‹ red ›")
        try terminal.keys("Left")
        try terminal.waitFor("‹ blue › and the state valid, in green") {
            $0.text.contains("‹ blue ›") && $0.line(Self.statusRow).hasPrefix("colour: valid")
                && Self.statusColor($0) == EditorTypingTests.green
        }
        #expect(try terminal.screen().line(39).hasPrefix("Space/←→ change"))
        #expect(try Self.quitAndGet("colour", sandbox, terminal) == "blue\n")
    }

    @Test("boolean: Space and → toggle yes and no (the default No first), saved as true or false")
    func booleanToggles() throws {
        let (sandbox, terminal) = try Self.startEditor(page: "lunch", firstKey: "colour")
        try terminal.keys("Tab", "Tab")
        try terminal.waitFor(text: "laptop: valid")
        #expect(try terminal.screen().text.contains("‹ No ›"))
        try terminal.keys("Space")
        try terminal.waitFor(text: "‹ Yes ›")
        try terminal.keys("Right")
        try terminal.waitFor(text: "‹ No ›")
        try terminal.keys("Space")
        try terminal.waitFor(text: "‹ Yes ›")
        #expect(try Self.quitAndGet("laptop", sandbox, terminal) == "true\n")
    }

    @Test("select_multiple: ↓ moves the focused choice, Space ticks two; a third tick is orange with max_selected's reason, and untick makes it valid")
    func selectMultipleTicksTwo() throws {
        let (sandbox, terminal) = try Self.startEditor(page: "lunch", firstKey: "colour")
        try terminal.keys("Tab")
        try terminal.waitFor(text: "toppings: empty")
        #expect(try terminal.screen().text.contains("› [ ] Extra cheese"))
        try terminal.keys("Space")
        try terminal.waitFor(text: "› [x] Extra cheese")
        try terminal.keys("Down", "Down")
        try terminal.waitFor(text: "› [ ] Basil")
        try terminal.keys("Space")
        try terminal.waitFor("cheese and basil ticked, valid") {
            $0.text.contains("  [x] Extra cheese") && $0.text.contains("  [ ] Olives") && $0.text.contains("› [x] Basil")
                && $0.line(Self.statusRow).hasPrefix("toppings: valid")
        }
        try terminal.keys("Up", "Space")
        try terminal.waitFor("three ticked: invalid, orange, with the reason") {
            $0.text.contains("› [x] Olives") && $0.line(Self.statusRow).hasPrefix("toppings: invalid — has 3 selected, allows at most 2")
                && Self.statusColor($0) == EditorTypingTests.orange
        }
        try terminal.keys("Space")
        try terminal.waitFor(text: "› [ ] Olives")
        try terminal.waitFor(text: "toppings: valid")
        #expect(try Self.quitAndGet("toppings", sandbox, terminal) == #"["cheese","basil"]"# + "\n")
    }

    @Test("an integer typed out of range is orange with its reason as it is typed; corrected, it is stored")
    func integerOutOfRange() throws {
        let (sandbox, terminal) = try Self.startEditor(page: "you", firstKey: "name")
        try terminal.keys("Tab")
        try terminal.waitFor(text: "age: empty")
        try terminal.type("130")
        try terminal.waitFor("age: invalid, orange, is more than 120") {
            $0.line(Self.statusRow).hasPrefix("age: invalid — is more than 120") && Self.statusColor($0) == EditorTypingTests.orange
        }
        // The field's own border is orange too.
        let screen = try terminal.screen()
        let border = try #require(screen.text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("│ 130 ") })
        #expect(screen.lines[border].contains { $0.character == "│" && $0.foreground == EditorTypingTests.orange })
        try terminal.keys("BSpace", "BSpace", "BSpace")
        try terminal.type("+042")
        try terminal.waitFor("the text as typed, valid, green") {
            $0.text.contains("│ +042 ") && $0.line(Self.statusRow).hasPrefix("age: valid") && Self.statusColor($0) == EditorTypingTests.green
        }
        #expect(try Self.quitAndGet("age", sandbox, terminal) == "42\n")
    }

    @Test("a date is checked as it is typed: not a date, then after the max, then stored")
    func dateCheckedAsTyped() throws {
        let (sandbox, terminal) = try Self.startEditor(page: "you", firstKey: "name")
        try terminal.keys("Tab", "Tab", "Tab")
        try terminal.waitFor(text: "start: empty")
        try terminal.type("2026-02-3")
        try terminal.waitFor(text: "start: invalid — is not a date (YYYY-MM-DD)")
        try terminal.type("0")
        try terminal.waitFor(text: "start: invalid — is not a date (YYYY-MM-DD)")  // 30 February
        try terminal.keys("C-u")
        try terminal.type("2027-01-01")
        try terminal.waitFor(text: "start: invalid — is after 2026-12-31")
        try terminal.keys("C-u")
        try terminal.type("2026-03-01")
        try terminal.waitFor("a valid date, green") {
            $0.line(Self.statusRow).hasPrefix("start: valid") && Self.statusColor($0) == EditorTypingTests.green
        }
        #expect(try Self.quitAndGet("start", sandbox, terminal) == "2026-03-01\n")
    }

    @Test("long_text: Ctrl-J and Alt-Enter start new lines, shown one under the other; ↑ moves up a line")
    func longTextNewlines() throws {
        let (sandbox, terminal) = try Self.startEditor(page: "lunch", firstKey: "colour")
        try terminal.keys("Tab", "Tab", "Tab", "Tab", "Tab")
        try terminal.waitFor(text: "bio: empty")
        try terminal.type("one")
        try terminal.keys("C-j")
        try terminal.type("two")
        try terminal.keys("M-Enter")
        try terminal.type("three")
        try terminal.waitFor("three lines in the box") { screen in
            let lines = screen.text.split(separator: "\n", omittingEmptySubsequences: false)
            guard let one = lines.firstIndex(where: { $0.contains("│ one ") }), one + 2 < lines.count else { return false }
            return lines[one + 1].contains("│ two ") && lines[one + 2].contains("│ three ")
        }
        // ↑ stays in the field, on the line above.
        try terminal.keys("Up")
        try terminal.type("!")
        try terminal.waitFor(text: "│ two! ")
        #expect(try terminal.screen().line(Self.statusRow).hasPrefix("bio: valid"))
        #expect(try Self.quitAndGet("bio", sandbox, terminal) == "one\ntwo!\nthree\n")
    }
}
