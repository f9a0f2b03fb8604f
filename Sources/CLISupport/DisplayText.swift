import FormText

/// Makes user data safe to show in a terminal table: control characters
/// (ESC among them) are shown as `\u{1B}`-style escapes instead of reaching
/// the terminal, and long text is cut with an ellipsis.
public enum DisplayText {
    /// `text` with control characters escaped, as messages show them
    /// (`MessageQuote.escaped`).
    public static func escaped(_ text: String) -> String {
        MessageQuote.escaped(text)
    }

    /// `text` escaped and cut to at most `limit` characters.
    public static func cell(_ text: String, limit: Int = 40) -> String {
        let safe = escaped(text)
        guard safe.count > limit else { return safe }
        return String(safe.prefix(limit - 1)) + "…"
    }

    /// Rows laid out in left-aligned columns two spaces apart.
    public static func table(header: [String], rows: [[String]]) -> String {
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (index, cell) in cells.enumerated() {
                let padding = index == cells.count - 1 ? "" : String(repeating: " ", count: widths[index] - cell.count + 2)
                text += cell + padding
            }
            return text + "\n"
        }
        return ([line(header)] + rows.map(line)).joined()
    }
}
