/// The one way formctl quotes or shows a user's text inside a message (an
/// error, a warning, a line of `formctl apply`'s plan or of `history`) or
/// a terminal table's cell: on one line, with nothing that could reach
/// the terminal as a control. Every layer that names a value, key or
/// label in a message quotes it here, so that all messages read alike and
/// none can be broken by what it quotes.
///
/// Line breaks and tabs are `\n`, `\r`, `\t`; any other control (C0, DEL,
/// C1) and the line and paragraph separators are `\u{1B}`-style escapes,
/// as Swift spells them. Everything else, emoji included, is kept.
public enum MessageQuote {
    /// `text` in double quotes, escaped as `escaped` does and with `"`
    /// and `\` escaped too (`\"`, `\\`), so that the quoted text ends at
    /// the closing quote and a literal `\n` is told from a line break.
    /// When it has more than `limit` characters, only its first `limit`
    /// and an ellipsis inside the quotes, so that a long answer is named
    /// rather than printed.
    public static func quoted(_ text: String, limit: Int? = nil) -> String {
        var result = "\""
        if let limit, text.count > limit {
            let end = text.index(text.startIndex, offsetBy: max(0, limit))
            append(text.unicodeScalars[..<end], escapingQuotes: true, to: &result)
            return result + "…\""
        }
        append(text.unicodeScalars[...], escapingQuotes: true, to: &result)
        return result + "\""
    }

    /// `text` with its controls escaped and nothing else: what a
    /// terminal table shows of it (CLISupport's `DisplayText`).
    public static func escaped(_ text: String) -> String {
        var result = ""
        append(text.unicodeScalars[...], escapingQuotes: false, to: &result)
        return result
    }

    private static func append(_ scalars: Substring.UnicodeScalarView, escapingQuotes: Bool, to result: inout String) {
        for scalar in scalars {
            switch scalar.value {
            case 0x22 where escapingQuotes: result += "\\\""
            case 0x5C where escapingQuotes: result += "\\\\"
            case 0x0A: result += "\\n"
            case 0x09: result += "\\t"
            case 0x0D: result += "\\r"
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
    }
}
