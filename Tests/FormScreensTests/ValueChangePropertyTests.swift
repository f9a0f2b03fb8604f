// A property of the minimap after a value change: on random forms, random
// sequences of value edits give, after every step, exactly the rectangles a
// new layout of the changed form gives, bit for bit, whether `set`'s
// shortcut (`FormDefinition.minimapRects(afterValueOf:changedFrom:rects:)`,
// which recolours without a layout) answered or a layout did. The forms
// have fields the title shows, hidden fields, `show_if` conditions on other
// fields and rules, so every way the shortcut must step aside occurs.
import FormLayout
import FormModel
import FormScreens
import Foundation
import PropertyBased
import Testing

private func randomForm(_ tape: Tape) -> FormDefinition {
    let rowCount = 1 + tape.next(6)
    let rows = (0..<rowCount).map { number -> FormRow in
        let width = Double(300 + 60 * tape.next(5))
        return FormRow(number: number + 1, width: width, minWidth: width - Double(60 * tape.next(2)), maxWidth: width)
    }
    let fieldCount = 1 + tape.next(14)
    let fields = (0..<fieldCount).map { randomField(tape, index: $0, rowCount: rowCount) }
    // A title that shows none, one or two of the fields.
    let shown = (0..<tape.next(3)).map { _ in "{f\(tape.next(fieldCount))}" }
    return FormDefinition(titleTemplate: (["Dear"] + shown).joined(separator: " "), rows: rows, fields: fields)
}

/// How often the shortcut answered, over every run.
private final class Counts: @unchecked Sendable {
    var shortcut = 0
    var layout = 0
}

@Suite("a value change's minimap, on random forms")
struct ValueChangePropertyTests {
    @Test("random value edits: after every step the minimap equals a new layout's, bit for bit")
    func editsMatchAFullLayout() async {
        let counts = Counts()
        await propertyCheck(count: 150, input: Gen.int(in: 0...10_000).array(of: 1...80)) { tape in
            let choices = Tape(tape)
            var form = randomForm(choices)
            var rects = FormPicture.minimapRects(of: form)
            for _ in 0..<(1 + choices.next(8)) {
                let key = "f\(choices.next(form.fields.count))"
                let value = randomValues[choices.next(randomValues.count)]
                guard let index = form.fields.firstIndex(where: { $0.key == key }) else { continue }
                var after = form
                after.fields[index].value = value
                let full = FormPicture.minimapRects(of: after)
                if let shortcut = form.minimapRects(settingValueOf: key, to: value, from: rects) {
                    counts.shortcut += 1
                    #expect(shortcut == full, "\(key) = \(value) in \(form.titleTemplate)")
                } else {
                    counts.layout += 1
                }
                (form, rects) = (after, full)
            }
        }
        // Both paths were taken, so the property said something about the shortcut.
        #expect(counts.shortcut > 50, "the shortcut answered \(counts.shortcut) times")
        #expect(counts.layout > 10, "a layout was needed \(counts.layout) times")
    }
}
