/// Text made safe to write into HTML: element content, a quoted attribute
/// value (either quote) or inline SVG. Every value, label, key and title
/// the page writes goes through `escaped` (the templates' escaping,
/// `HTMLTextContentType`), so that `<script>` typed into a
/// field is shown as text and never runs.
enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character
    /// references: the five characters that can end text or an attribute
    /// value, or start markup.
    static func escaped(_ text: some StringProtocol) -> String {
        // Most text has nothing to escape: keep it as it is.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
            || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") })
        else { return String(text) }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
