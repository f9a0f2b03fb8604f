import FormKit
import FormModel
import FormRender
import FormScreens
import Foundation
import Testing

/// The editor's controls per type (`EditSession+Choices.swift`,
/// `EditBuffer`'s lines, `NumberedQuestion`), without a terminal.
@Suite("EditSession: controls per type")
struct EditSessionTypedTests {
    /// One row per field, in this order: colour, laptop, toppings, bio, age.
    static let spec = FormSpec(title: "Typed", pages: [
        PageSpec(key: "main", title: "Main", rows: [
            RowSpec(width: 540, fields: [FieldSpec(key: "colour", label: "Colour", rules: FieldRules(
                type: .selectOne, choices: [FieldChoice(value: "red", label: "Red"), FieldChoice(value: "green", label: "Green"),
                                            FieldChoice(value: "blue", label: "Blue")]))]),
            RowSpec(width: 540, fields: [FieldSpec(key: "laptop", label: "Laptop?", rules: FieldRules(type: .boolean))]),
            RowSpec(width: 540, fields: [FieldSpec(key: "toppings", label: "Toppings", rules: FieldRules(
                type: .selectMultiple, choices: [FieldChoice(value: "cheese", label: "Extra cheese"), FieldChoice(value: "olives"),
                                                 FieldChoice(value: "basil")], maxSelected: 2))]),
            RowSpec(width: 540, fields: [FieldSpec(key: "bio", label: "Bio", rules: FieldRules(shortBelow: 0, type: .longText))]),
            RowSpec(width: 540, fields: [FieldSpec(key: "age", label: "Age", rules: FieldRules(
                type: .integer, upperBound: ValueBound("120", inclusive: true)))]),
        ]),
    ])

    static func session() throws -> (TemporaryForm, EditSession) {
        let temporary = try TemporaryForm()
        try temporary.form.apply(spec)
        return (temporary, try EditSession(file: temporary.form))
    }

    @Test("select_one: Space and → step forward, ← back, wrapping; no selection is left forward to the first and back to the last; Ctrl-U clears")
    func selectOneCycles() throws {
        let (temporary, session) = try Self.session()
        #expect(session.focusedKey == "colour" && session.control == .cycle)
        session.perform(.insert(" "))
        #expect(session.buffer.text == "red")
        session.perform(.moveRight)
        #expect(session.buffer.text == "green")
        session.perform(.insert("  "))  // two spaces read at once: two steps
        #expect(session.buffer.text == "red")
        session.perform(.moveLeft)
        #expect(session.buffer.text == "blue")
        #expect(session.hasUnsavedText && session.focusedField?.state == .valid)
        session.perform(.clear)
        #expect(session.buffer.text == "" && session.focusedField?.state == .empty)
        session.perform(.moveLeft)
        #expect(session.buffer.text == "blue")
        // A letter picks the next choice whose label starts with it; a label picks its choice.
        session.perform(.insert("g"))
        #expect(session.buffer.text == "green")
        session.perform(.insert("3"))
        #expect(session.buffer.text == "blue", "a choice's number, as plain mode numbers them")
        session.perform(.insert("Red"))
        #expect(session.buffer.text == "red")
        session.perform(.insert("4"))
        #expect(session.buffer.text == "red")
        session.perform(.insert("x"))
        #expect(session.buffer.text == "red")
        #expect(session.message?.text.contains("is not a choice of colour") == true)
        // Nothing written before the field is left.
        #expect(try temporary.form.field("colour").value == "")
        session.perform(.nextField)
        #expect(try temporary.form.field("colour").value == "red")
    }

    @Test("boolean: unanswered, Space gives yes, then no, then yes; y and n pick; Backspace goes back to unanswered")
    func booleanToggles() throws {
        let (temporary, session) = try Self.session()
        session.perform(.nextField)
        #expect(session.focusedKey == "laptop" && session.control == .cycle)
        #expect(session.focusedField?.state == .empty)
        session.perform(.insert(" "))
        #expect(session.buffer.text == "true")
        session.perform(.insert(" "))
        #expect(session.buffer.text == "false")
        session.perform(.moveLeft)
        #expect(session.buffer.text == "true")
        session.perform(.insert("n"))
        #expect(session.buffer.text == "false")
        session.perform(.deleteBackward)
        #expect(session.buffer.text == "")
        session.perform(.moveLeft)
        #expect(session.buffer.text == "false", "back from unanswered is the last option, No")
        session.perform(.save)
        #expect(try temporary.form.field("laptop").value == "false")
    }

    @Test("select_multiple: ↓/↑ move inside the list, then to the next or previous field; Space ticks; past max_selected is taken, invalid")
    func selectMultipleTicks() throws {
        let (temporary, session) = try Self.session()
        session.perform(.moveDown)
        session.perform(.moveDown)
        #expect(session.focusedKey == "toppings" && session.control == .checklist && session.focusedChoice == 0)
        session.perform(.insert(" "))
        session.perform(.moveDown)
        session.perform(.moveDown)
        #expect(session.focusedChoice == 2)
        session.perform(.insert(" "))
        #expect(session.buffer.text == #"["cheese","basil"]"#)
        #expect(session.focusedField?.state == .valid)
        session.perform(.moveUp)
        session.perform(.insert(" "))
        #expect(session.buffer.text == #"["cheese","olives","basil"]"#)
        #expect(session.focusedField?.state == .invalid)
        #expect(session.status.text.contains("has 3 selected, allows at most 2"))
        // Backspace unticks the focused choice (olives).
        session.perform(.deleteBackward)
        #expect(session.selectedValues == ["cheese", "basil"])
        session.perform(.insert("x"))
        #expect(session.message?.text.contains("Space ticks or unticks") == true)
        // ↑ from the first choice leaves for the field above; ↑ back enters at the last choice.
        session.perform(.moveUp)
        session.perform(.moveUp)
        #expect(session.focusedKey == "laptop")
        #expect(try temporary.form.field("toppings").value == #"["cheese","basil"]"#)
        session.perform(.moveDown)
        #expect(session.focusedKey == "toppings" && session.focusedChoice == 0)
        session.perform(.moveDown)
        session.perform(.moveDown)
        session.perform(.moveDown)
        #expect(session.focusedKey == "bio")
        session.perform(.moveUp)
        #expect(session.focusedKey == "toppings" && session.focusedChoice == 2)
    }

    @Test("long_text: Ctrl-J inserts a line break, ↑/↓ move between lines keeping the column, and leave at the ends; Enter elsewhere still saves and moves on")
    func longTextLines() throws {
        let (temporary, session) = try Self.session()
        session.perform(.insertNewline)
        #expect(session.focusedKey == "laptop", "a newline in a choice field is Enter")
        for _ in 0..<3 { session.perform(.moveDown) }
        #expect(session.focusedKey == "toppings")
        session.perform(.nextField)
        #expect(session.focusedKey == "bio" && session.control == .longText)
        session.perform(.insert("first line"))
        session.perform(.insertNewline)
        session.perform(.insert("two"))
        #expect(session.buffer.text == "first line\ntwo")
        #expect(session.buffer.lineAndColumn == (1, 3))
        session.perform(.moveUp)
        #expect(session.buffer.lineAndColumn == (0, 3) && session.focusedKey == "bio")
        for _ in 0..<7 { session.perform(.moveRight) }
        #expect(session.buffer.lineAndColumn == (0, 10))
        session.perform(.moveDown)
        #expect(session.buffer.lineAndColumn == (1, 3) && session.buffer.cursor == 14, "the shorter line's end")
        session.perform(.moveDown)
        #expect(session.focusedKey == "age")
        #expect(try temporary.form.field("bio").value == "first line\ntwo")
    }

    @Test("an integer is checked as typed, and the box shows the text as typed, not as it will be stored")
    func integerCheckedAsTyped() throws {
        let (_, session) = try Self.session()
        for _ in 0..<4 { session.perform(.nextField) }
        #expect(session.focusedKey == "age" && session.control == .text)
        session.perform(.insert("130"))
        #expect(session.focusedField?.state == .invalid)
        #expect(session.status.text.hasPrefix("age: invalid — is more than 120"))
        session.perform(.clear)
        session.perform(.insert("+042"))
        #expect(session.focusedField?.value == "42" && session.focusedField?.state == .valid)
        let frame = EditorFrame(session: session, columns: 120, rows: 40)
        let text = frame.grid.text
        #expect(text.contains("│ +042 "), "\(text)")
    }

    @Test("the screen: ‹ label › for a choice, [x] lines for a list with the focused one marked, several lines for long text")
    func screenShowsEachControl() throws {
        let (_, session) = try Self.session()
        session.perform(.insert(" "))
        session.perform(.nextField)
        session.perform(.insert(" "))
        session.perform(.nextField)
        session.perform(.moveDown)
        session.perform(.insert(" "))
        let frame = EditorFrame(session: session, columns: 120, rows: 40)
        let text = frame.grid.text
        #expect(text.contains("‹ Red ›"), "\(text)")
        #expect(text.contains("‹ Yes ›"))
        #expect(text.contains("│   [ ] Extra cheese"))
        #expect(text.contains("│ › [x] olives"))
        #expect(text.contains("│   [ ] basil"))
        #expect(session.keyHelp.hasPrefix("↑↓ choice  Space tick"))
        // The cursor sits on the focused choice's tick.
        let cursor = try #require(frame.cursor)
        #expect(frame.grid[cursor.column, cursor.row].text == "x")
    }

    @Test("rows are as tall as their boxes: on a short screen the focus scrolls into sight, the long text's box whole")
    func tallRowsScroll() throws {
        let (_, session) = try Self.session()
        for _ in 0..<3 { session.perform(.nextField) }
        #expect(session.focusedKey == "bio")
        // 16 rows: 12 for the form below the title; the list's row is 6 tall, the long text's 7.
        let frame = EditorFrame(session: session, columns: 90, rows: 16)
        let text = frame.grid.text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let label = try #require(lines.firstIndex { $0.hasPrefix(" Bio") }, "\(text)")
        #expect(lines[label + 1].contains("╭") && lines[label + 6].contains("╰"), "\(text)")
        #expect(!text.contains("Colour"), "the rows above scrolled away")
        #expect(frame.cursor?.row == label + 2)
        #expect(EditorGeometry(columns: 90, rows: 16).fittingRowCount(from: 0, count: 3) { [4, 6, 7][$0] } == 2)
        #expect(EditorGeometry(columns: 90, rows: 16).fittingRowCount(from: 2, count: 3) { _ in 20 } == 1, "one row at least, cut")
    }

    @Test("a list longer than its box scrolls with the focused choice, ↑ and ↓ marking what lies beyond")
    func longListScrolls() throws {
        let choices = (1...8).map { FieldChoice(value: "c\($0)", label: "Choice \($0)") }
        let field = Field(key: "many", label: "Many", value: #"["c8"]"#, row: 1, position: 1, rules: FieldRules(type: .selectMultiple, choices: choices))
        let measurer = CellTextMeasurer()
        let top = EditorFieldContent(field: field, text: field.value, cursor: 0, isFocused: true, focusedChoice: 0, columns: 30, measurer: measurer)
        #expect(top.lines == ["› [ ] Choice 1", "  [ ] Choice 2", "  [ ] Choice 3", "  [ ] Choice 4", "  [ ] Choice 5", "↓ [ ] Choice 6"])
        let bottom = EditorFieldContent(field: field, text: field.value, cursor: 0, isFocused: true, focusedChoice: 7, columns: 30, measurer: measurer)
        #expect(bottom.lines == ["↑ [ ] Choice 3", "  [ ] Choice 4", "  [ ] Choice 5", "  [ ] Choice 6", "  [ ] Choice 7", "› [x] Choice 8"])
        #expect(bottom.cursorLine == 5 && bottom.cursorColumn == 3)
        #expect(EditorFieldContent.lineCount(of: field) == 6)
    }

    @Test("plain mode's numbered question: a number, a value or a label; several for select_multiple; y/n; bad answers refused with the reason")
    func numberedQuestion() throws {
        let (temporary, _) = try Self.session()
        let form = try temporary.form.editableForm()
        func question(_ key: String) throws -> NumberedQuestion {
            let field = try #require(form.field(key))
            return try #require(NumberedQuestion(field: field))
        }
        let colour = try question("colour")
        #expect(colour.menu == "1) Red  2) Green  3) Blue")
        #expect(colour.read("2") == .value("green"))
        #expect(colour.read(" blue ") == .value("blue"))
        #expect(colour.read("RED") == .value("red"))
        #expect(colour.read("4") == .refused(#"colour: "4" is not one of the choices: answer a number from 1 to 3, or a choice's value"#))
        #expect(colour.read("99999999999999999999999") != .value("red"), "a huge number is refused, not trapped")
        let toppings = try question("toppings")
        #expect(toppings.menu.hasPrefix("1) Extra cheese  2) olives  3) basil"))
        #expect(toppings.read("3, 1") == .value(#"["cheese","basil"]"#))
        #expect(toppings.read("1 2 3") == .value(#"["cheese","olives","basil"]"#))
        #expect(toppings.read("extra CHEESE") == .value(#"["cheese"]"#), "a label with a space, whole (issue 46)")
        if case .refused(let reason) = toppings.read("1 7") { #expect(reason.contains("\"7\"")) } else { Issue.record("1 7 taken") }
        let laptop = try question("laptop")
        #expect(laptop.menu == "y) Yes  n) No")
        #expect(laptop.read("Y") == .value("true") && laptop.read("no") == .value("false"))
        #expect(laptop.read("maybe") == .refused(#"laptop: "maybe" is not an answer: type y or n"#))
        let age = try #require(form.field("age"))
        #expect(NumberedQuestion(field: age) == nil)
    }
}
