import FormLayout
import FormModel

/// What the bordered box of a field on the editor's screen shows, by the
/// field's type, and where the cursor goes in it:
///
/// - text, numbers, dates, times: one line, scrolled to keep the cursor
///   in sight (`ValueWindow`);
/// - `long_text`: `longTextLines` lines around the cursor's line;
/// - `select_one` and `boolean`: the answer's label between arrows that
///   say it can be changed (`‹ Green ›`), and no cursor;
/// - `select_multiple`: one line per choice, `[x]` or `[ ]`, the focused
///   one marked `›` (up to `mostChecklistLines`, scrolled to the focused
///   one; `↑` and `↓` mark the first and last lines when more choices lie
///   beyond them).
public struct EditorFieldContent: Hashable, Sendable {
    /// The box's lines, each fitting its width.
    public let lines: [String]
    /// The cursor's column and line inside the box; nil when it shows none.
    public let cursorColumn: Int?, cursorLine: Int?

    /// Lines a `long_text` box shows: a few lines of a paragraph, as a
    /// short `textarea` does.
    public static let longTextLines = 4
    /// Most lines a `select_multiple` box shows before it scrolls (a
    /// longer list scrolls with the focused choice).
    public static let mostChecklistLines = 6
    /// What an unanswered `select_one` and `boolean` show.
    public static let noSelection = "no selection", unanswered = "unanswered"

    /// Lines the box of `field` has, whatever its value and the focus, so
    /// that a row keeps its height while it is edited.
    public static func lineCount(of field: Field) -> Int {
        switch field.rules.type {
        case .longText: longTextLines
        case .selectMultiple: min(max(field.rules.choices.count, 1), mostChecklistLines)
        default: 1
        }
    }

    /// The box of `field`, `columns` wide. `text` and `cursor` are what is
    /// typed and where (the field's value for a field without the focus:
    /// the focused field shows the text as typed, `+042` rather than the
    /// `42` it will be stored as); `focusedChoice` is the choice ↑/↓ point
    /// at in a focused `select_multiple`.
    public init(field: Field, text: String, cursor: Int, isFocused: Bool, focusedChoice: Int?, columns: Int,
                measurer: any TextMeasurer) {
        func cut(_ line: String) -> String { ValueWindow(value: line, cursor: 0, columns: columns, measurer: measurer).text }
        switch field.rules.type {
        case .longText:
            var buffer = LineSplit(text: text, cursor: cursor)
            let shown = Self.longTextLines
            let first = isFocused ? max(buffer.cursorLine - shown + 1, 0) : 0
            var lines: [String] = []
            for index in first..<(first + shown) {
                guard index < buffer.lines.count else {
                    lines.append("")
                    continue
                }
                if isFocused, index == buffer.cursorLine {
                    let window = ValueWindow(value: buffer.lines[index], cursor: buffer.cursorColumn, columns: columns, measurer: measurer)
                    lines.append(window.text)
                    buffer.cursorColumn = window.cursorColumn
                } else {
                    lines.append(cut(buffer.lines[index]))
                }
            }
            self.lines = lines
            cursorColumn = isFocused ? buffer.cursorColumn : nil
            cursorLine = isFocused ? buffer.cursorLine - first : nil
        case .selectOne, .boolean:
            let answer: String
            if field.value.isEmpty {
                answer = field.rules.type == .boolean ? Self.unanswered : Self.noSelection
            } else {
                // A value that is no option (written with sqlite3) shows as
                // it is; the field is invalid and the status line says why.
                answer = field.rules.answerOptions.first { $0.hasValue(field.value) }?.label ?? field.value
            }
            lines = [cut("‹ " + answer + " ›")]
            cursorColumn = nil
            cursorLine = nil
        case .selectMultiple:
            let choices = field.rules.choices
            guard !choices.isEmpty else {
                lines = [cut("(no choices)")]
                cursorColumn = nil
                cursorLine = nil
                return
            }
            let ticked = Set((field.value.isEmpty ? [] : SelectionValue.decode(field.value) ?? SelectionValue.values(ofInput: field.value, choices: field.rules.choices)).map(ScalarText.init))
            let shown = Self.lineCount(of: field)
            let focused = min(max(focusedChoice ?? 0, 0), choices.count - 1)
            let first = isFocused && focused >= shown ? focused - shown + 1 : 0
            let last = first + shown - 1
            lines = choices[first...last].indices.map { index in
                // ↑ and ↓ in the marker column say that the list goes on
                // past the box, the way a scroll bar's arrows do.
                let marker = isFocused && index == focused ? "›"
                    : index == first && first > 0 ? "↑" : index == last && last < choices.count - 1 ? "↓" : " "
                return cut("\(marker) [\(ticked.contains(ScalarText(choices[index].value)) ? "x" : " ")] \(choices[index].label)")
            }
            // On the focused choice's tick.
            cursorColumn = isFocused ? 3 : nil
            cursorLine = isFocused ? focused - first : nil
        case .note:
            // Text to read, not to fill in: the focus passes it by.
            lines = [""]
            cursorColumn = nil
            cursorLine = nil
        case .text, .integer, .decimal, .date, .time, .datetime:
            let window = ValueWindow(value: text, cursor: isFocused ? cursor : 0, columns: columns, measurer: measurer)
            lines = [window.text]
            cursorColumn = isFocused ? window.cursorColumn : nil
            cursorLine = isFocused ? 0 : nil
        }
    }

    /// A text cut into lines, with the cursor's line and column.
    private struct LineSplit {
        let lines: [String]
        let cursorLine: Int
        var cursorColumn: Int

        init(text: String, cursor: Int) {
            lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
            var line = 0, column = 0
            for character in text.prefix(max(cursor, 0)) {
                if character.isNewline {
                    line += 1
                    column = 0
                } else {
                    column += 1
                }
            }
            cursorLine = line
            cursorColumn = column
        }
    }
}
