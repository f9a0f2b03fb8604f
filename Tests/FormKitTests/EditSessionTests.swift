import FormKit
import Foundation
import Testing

@Suite("EditSession: live editing's rules, without a terminal")
struct EditSessionTests {
    @Test("keystrokes change memory only; leaving the field saves once, with one history row")
    func savesPerFieldNotPerKeystroke() throws {
        let temporary = try TemporaryForm()
        let session = try EditSession(file: temporary.form)
        #expect(session.focusedKey == "first")
        for letter in ["A", "d", "a"] { session.perform(.insert(letter)) }
        #expect(session.shownForm.title == "Hello Ada  ")
        #expect(session.focusedField?.state == .valid)
        #expect(try temporary.form.field("first").value == "")
        session.perform(.nextField)
        #expect(session.focusedKey == "middle")
        #expect(try temporary.form.field("first").value == "Ada")
        #expect(try temporary.form.history(of: "first").filter { $0.oldValue != nil }.count == 1)
    }

    @Test("editing keys: cursor moves, backspace, delete, clear, combining marks joining a letter")
    func editingKeys() throws {
        let temporary = try TemporaryForm()
        let session = try EditSession(file: temporary.form)
        session.perform(.insert("Ade"))
        session.perform(.moveLeft)
        session.perform(.deleteBackward)
        #expect(session.buffer.text == "Ae" && session.buffer.cursor == 1)
        session.perform(.moveToEnd)
        session.perform(.insert("\u{301}"))
        #expect(session.buffer.text == "Ae\u{301}" && session.buffer.cursor == 2)
        session.perform(.moveToStart)
        session.perform(.deleteForward)
        #expect(session.buffer.text == "e\u{301}")
        session.perform(.clear)
        #expect(session.buffer.text == "" && session.focusedField?.state == .empty)
    }

    @Test("a second without typing saves; someone else's change to the field being typed in keeps the user's text")
    func idleSaveAndConflict() throws {
        let temporary = try TemporaryForm()
        let start = ContinuousClock.now
        let session = try EditSession(file: temporary.form, now: start)
        session.perform(.insert("Ad"), now: start)
        session.tick(now: start + .milliseconds(500))
        #expect(try temporary.form.field("first").value == "")
        session.tick(now: start + .milliseconds(1_000))
        #expect(try temporary.form.field("first").value == "Ad")

        session.perform(.insert("a"), now: start + .seconds(2))
        try temporary.form.set("first", to: "Zed")
        session.tick(now: start + .seconds(2) + .milliseconds(300))
        #expect(session.buffer.text == "Ada")
        #expect(session.message?.text.contains("changed elsewhere to \"Zed\"") == true)
        try temporary.form.set("last", to: "Lovelace")
        session.tick(now: start + .seconds(2) + .milliseconds(600))
        #expect(session.shownForm.title == "Hello Ada  Lovelace")
    }

    @Test("the frame: the title, the field's text and the cursor, in cells")
    func frame() throws {
        let temporary = try TemporaryForm()
        let session = try EditSession(file: temporary.form)
        session.perform(.insert("Ada"))
        let frame = EditorFrame(session: session, columns: 120, rows: 40)
        #expect(frame.grid.text(ofRow: 0).hasPrefix("Hello Ada"))
        #expect(frame.grid.text(ofRow: 4).hasPrefix(" │ Ada "))
        #expect(frame.cursor?.column == 6 && frame.cursor?.row == 4)
        #expect(frame.grid.text(ofRow: 38).hasPrefix("first: valid (unsaved)"))
    }
}
