/// The text of the field being edited and the cursor in it, counted in
/// characters (grapheme clusters, as field lengths are), with the editing
/// operations the editor's keys perform.
public struct EditBuffer: Hashable, Sendable {
    /// The text as typed so far.
    public private(set) var text: String
    /// The cursor: how many characters lie before it (0…`text.count`).
    public private(set) var cursor: Int

    /// A buffer holding `text` with the cursor at its end.
    public init(text: String) {
        self.text = text
        cursor = text.count
    }

    /// Inserts `typed` at the cursor and moves the cursor after it. A
    /// combining mark typed after a letter joins it, so the cursor is
    /// counted again from the text rather than added to.
    public mutating func insert(_ typed: String) {
        guard !typed.isEmpty else { return }
        let split = index(cursor)
        let before = String(text[..<split]) + typed
        text = before + text[split...]
        cursor = min(before.count, text.count)
    }

    /// Deletes the character before the cursor (Backspace).
    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        text.remove(at: index(cursor - 1))
        cursor -= 1
    }

    /// Deletes the character after the cursor (Delete).
    public mutating func deleteForward() {
        guard cursor < text.count else { return }
        text.remove(at: index(cursor))
    }

    /// Empties the field (Ctrl-U).
    public mutating func clear() {
        text = ""
        cursor = 0
    }

    /// Moves the cursor one character left or right, or to either end.
    public mutating func moveLeft() { cursor = max(cursor - 1, 0) }
    public mutating func moveRight() { cursor = min(cursor + 1, text.count) }
    public mutating func moveToStart() { cursor = 0 }
    public mutating func moveToEnd() { cursor = text.count }

    /// Replaces the text (someone else's value), keeping the cursor where
    /// it was when the new text is long enough.
    public mutating func replace(with newText: String) {
        text = newText
        cursor = min(cursor, newText.count)
    }

    /// Moves the cursor to the line above (`long_text`), to the same
    /// column or the line's end when it is shorter. Returns false, moving
    /// nothing, on the first line: the editor then moves to the previous field.
    public mutating func moveLineUp() -> Bool {
        let here = lineAndColumn
        guard here.line > 0 else { return false }
        let lines = self.lines
        cursor = lines[..<(here.line - 1)].reduce(0) { $0 + $1.count + 1 } + min(here.column, lines[here.line - 1].count)
        return true
    }

    /// Moves the cursor to the line below; false on the last line.
    public mutating func moveLineDown() -> Bool {
        let here = lineAndColumn
        let lines = self.lines
        guard here.line + 1 < lines.count else { return false }
        cursor = lines[...here.line].reduce(0) { $0 + $1.count + 1 } + min(here.column, lines[here.line + 1].count)
        return true
    }

    /// The text's lines, split at each line break (one more line than
    /// breaks: a text ending in a break ends in an empty line, where the
    /// cursor can go).
    public var lines: [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }

    /// The line the cursor is on (from 0) and how many characters of it
    /// lie before the cursor.
    public var lineAndColumn: (line: Int, column: Int) {
        var line = 0, column = 0
        for character in text.prefix(cursor) {
            if character.isNewline {
                line += 1
                column = 0
            } else {
                column += 1
            }
        }
        return (line, column)
    }

    private func index(_ offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: offset, limitedBy: text.endIndex) ?? text.endIndex
    }
}
