/// Makes user data safe to show in a terminal table: control characters
/// (ESC among them) are shown as `\u{1B}`-style escapes instead of reaching
/// the terminal, and long text is cut with an ellipsis.
public enum DisplayText {
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: result += "\\n"
            case 0x09: result += "\\t"
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
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
