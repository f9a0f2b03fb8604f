import FormModel

/// How the editor edits a field of a given type: what its keys do there
/// and what its box shows (docs/editor.md, "Keys by type").
public enum EditControl: Hashable, Sendable {
    /// A line of text with a cursor, checked as `set` checks it at each
    /// keystroke: text, numbers, dates, times.
    case text
    /// Several lines: Ctrl-J or Alt-Enter starts a new one, ↑/↓ move
    /// between them (`long_text`).
    case longText
    /// One answer out of a list that Space and ←/→ step through:
    /// `select_one` (its choices) and `boolean` (yes, no).
    case cycle
    /// A list of choices, each ticked or not: ↑/↓ move the focused choice,
    /// Space ticks it (`select_multiple`).
    case checklist

    /// The control for fields of `type`.
    public init(_ type: FieldType) {
        switch type {
        case .longText: self = .longText
        case .selectOne, .boolean: self = .cycle
        case .selectMultiple: self = .checklist
        case .text, .integer, .decimal, .date, .time, .datetime, .note: self = .text
        }
    }

}
