import FormKit
import FormModel
import FormScreens
import Foundation
import Testing

/// The session keeps the edited form, the shown page's form and the rows
/// it lists between keystrokes, changing one field in place: after every
/// step of a random session they must be what making them anew from the
/// stored form and the typed text gives.
@Suite("EditSession: the forms kept between keystrokes are the forms made anew")
struct EditSessionKeptFormsTests {
    @Test("random forms (pages, hidden fields, conditions reading the typed field or others) and random keys", arguments: 0..<12)
    func keptFormsMatchNewOnes(seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed))
        let temporary = try TemporaryForm()
        let form = temporary.form
        if random.next(2) == 0 {
            _ = try form.addPage(key: "contact", title: "Contact")
            _ = try form.addField(key: "phone", label: "Phone", row: nil, page: "contact")
            _ = try form.addField(key: "fax", label: "Fax", row: nil, page: "contact")
            _ = try form.setCondition(of: "fax", random.next(2) == 0 ? .filled(field: "phone") : .filled(field: "first"))
        }
        _ = try form.addField(key: "note", label: "Note", row: nil)
        switch random.next(3) {
        case 0: _ = try form.setCondition(of: "middle", .filled(field: "first"))
        case 1: _ = try form.setCondition(of: "note", .equals(field: "email", value: "x"))
        default: _ = try form.showField("twitter")
        }
        let start = ContinuousClock.now
        let session = try EditSession(file: form, now: start)
        Self.expectKeptFormsMatch(session)
        let actions: [EditAction] = [.insert("x"), .insert("é"), .deleteBackward, .deleteForward, .clear, .moveLeft,
                                     .nextField, .previousField, .nextPage, .save]
        for step in 1...120 {
            let now = start + .milliseconds(60 * step)
            if random.next(15) == 0 {
                // Someone else writes: the next tick reads the form again.
                _ = try form.set(["first", "email", "last"][random.next(3)], to: random.next(2) == 0 ? "" : "x")
                session.tick(now: now)
            } else {
                session.perform(actions[random.next(actions.count)], now: now)
            }
            Self.expectKeptFormsMatch(session, visibleRows: 1 + random.next(3))
        }
    }

    /// Compares the session's kept forms with ones made from its stored
    /// form and typed text, as the editor used to make them at each keystroke.
    static func expectKeptFormsMatch(_ session: EditSession, visibleRows: Int = 2, sourceLocation: SourceLocation = #_sourceLocation) {
        let stored = session.storedForm
        var edited = stored
        if let key = session.focusedKey, let index = edited.fields.firstIndex(where: { $0.key == key }) {
            edited.fields[index].value = session.buffer.text
        }
        let pageKey = stored.shownPage?.key ?? stored.pages.first?.key
        edited.selectedPage = pageKey
        let shown = pageKey.map { edited.form(ofPage: $0) } ?? edited
        let rows = EditorScreen.rowsShown(of: shown)
        #expect(session.editedForm == edited, sourceLocation: sourceLocation)
        #expect(session.shownForm == shown, sourceLocation: sourceLocation)
        #expect(session.shownRows.map(\.row) == rows.map(\.row), sourceLocation: sourceLocation)
        #expect(session.shownRows.map(\.fields) == rows.map(\.fields), sourceLocation: sourceLocation)
        #expect(session.shownRows.map(\.headings) == rows.map(\.headings), sourceLocation: sourceLocation)
        #expect(session.focusedField == session.focusedKey.flatMap { shown.field($0) }, sourceLocation: sourceLocation)
        if let index = session.editedFieldIndex {
            #expect(session.editedForm.fields[index].key == session.focusedKey, sourceLocation: sourceLocation)
        } else {
            #expect(session.focusedKey.flatMap { key in edited.fields.firstIndex { $0.key == key } } == nil, sourceLocation: sourceLocation)
        }

        // Scrolling finds the focused field's row as a search of the rows did.
        var firstRow = session.firstRow
        if let key = session.focusedKey, let index = rows.firstIndex(where: { $0.fields.contains { $0.key == key } }) {
            if index < firstRow { firstRow = index }
            if index >= firstRow + visibleRows { firstRow = index - visibleRows + 1 }
            firstRow = min(max(firstRow, 0), max(rows.count - 1, 0))
        } else {
            firstRow = 0
        }
        session.scroll(toShow: visibleRows)
        #expect(session.firstRow == firstRow, sourceLocation: sourceLocation)
    }
}
