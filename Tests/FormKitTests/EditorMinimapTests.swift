import FormKit
import FormScreens
import Foundation
import Testing

/// The editor's minimap is kept between frames and laid out in place after
/// a keystroke (`EditSession.minimapRects`): after every action, in the
/// title's fields and others, across saves, focus moves, others' changes
/// and clearing, it is what a new layout of the edited form gives.
@Suite("EditSession's minimap, kept between frames")
struct EditorMinimapTests {
    @Test("after every action the minimap equals a new layout's, bit for bit")
    func minimapFollowsEveryAction() throws {
        let temporary = try TemporaryForm()
        let start = ContinuousClock.now
        let session = try EditSession(file: temporary.form, now: start)
        let actions: [EditAction] = [
            .insert("A"), .insert("d"), .insert("a"),   // a field the title shows
            .nextField, .nextField, .nextField,           // to email, saving first
            .insert("ada"), .insert("@"), .insert("example.com"), .deleteBackward, .clear, .insert("x@y.z"),
            .previousField, .insert("Lovelace"), .save, .insert("!"), .deleteBackward,
        ]
        for (step, action) in actions.enumerated() {
            session.perform(action, now: start + .milliseconds(10 * step))
            #expect(session.minimapRects == FormPicture.minimapRects(of: session.editedForm), "after \(action)")
        }
        // Someone else's change, read at the next tick.
        try temporary.form.set("first", to: "Grace")
        session.tick(now: start + .seconds(5))
        #expect(session.minimapRects == FormPicture.minimapRects(of: session.editedForm))
        session.perform(.insert("?"), now: start + .seconds(6))
        #expect(session.minimapRects == FormPicture.minimapRects(of: session.editedForm))
        // Typing in a field the title does not show (laid out in place)
        // after others showed a hidden field and added one: their change,
        // not only the typed text, must reach the minimap.
        session.perform(.nextField, now: start + .seconds(7))
        _ = try temporary.form.showField("twitter")
        _ = try temporary.form.addField(key: "phone", label: "Phone", row: 2)
        session.tick(now: start + .seconds(8))
        for (step, letter) in ["a", "@", "b"].enumerated() {
            session.perform(.insert(letter), now: start + .seconds(9) + .milliseconds(10 * step))
            #expect(session.minimapRects == FormPicture.minimapRects(of: session.editedForm), "typing \(letter) in \(session.focusedKey ?? "-")")
        }
        #expect(session.minimapRects.contains { $0.key == "twitter" } && session.minimapRects.contains { $0.key == "phone" })
    }
}
