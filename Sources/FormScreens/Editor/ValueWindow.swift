import FormLayout
import FormModel

/// The part of a value a text field `columns` wide shows, so that the
/// cursor is always on screen: the value from its start while the cursor
/// fits, otherwise the characters just before the cursor, with the cursor
/// in the last column.
public struct ValueWindow: Hashable, Sendable {
    /// The characters shown.
    public let text: String
    /// The cursor's column inside the field (0 is the first).
    public let cursorColumn: Int

    /// The window on `value` with the cursor before character `cursor`
    /// (clamped to the value), `columns` wide, measured by `measurer`.
    public init(value: String, cursor: Int, columns: Int, measurer: any TextMeasurer) {
        let characters = Array(value)
        let cursor = min(max(cursor, 0), characters.count)
        let columns = max(columns, 1)
        func width(_ character: Character) -> Int { Int(measurer.advance(of: character, font: .body).rounded()) }

        // Walk back from the cursor while the characters fit, keeping a
        // column for the cursor itself.
        var start = cursor, used = 0
        while start > 0, used + width(characters[start - 1]) <= columns - 1 {
            start -= 1
            used += width(characters[start])
        }
        var prefix = 0
        if start > 0 {
            // Scrolled: the cursor is in the last column.
            prefix = used
        } else {
            prefix = characters[..<cursor].reduce(0) { $0 + width($1) }
        }
        var end = start, shown = 0
        while end < characters.count, shown + width(characters[end]) <= columns {
            shown += width(characters[end])
            end += 1
        }
        text = String(characters[start..<end])
        cursorColumn = prefix
    }
}
