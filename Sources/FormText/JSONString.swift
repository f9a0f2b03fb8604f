/// The one writer of JSON string literals (RFC 8259) in formctl: every
/// JSON formctl prints or stores (values, responses, selections, JSON
/// Schema, rendered layouts) quotes its strings here, so that the same
/// text is spelled the same everywhere and one loop is tuned for speed.
///
/// It works on UTF-8 bytes: every character JSON must escape (quote,
/// backslash, the C0 controls) is ASCII, and any other byte, a multi-byte
/// scalar's among them, is copied as it is. Nothing else is escaped:
/// not `/`, not non-ASCII, not U+2028/U+2029 (valid in JSON).
public enum JSONString {
    /// How control characters are written.
    public enum Style: Sendable {
        /// `\n`, `\r`, `\t`, `\b` and `\f` for those five, `\u00XX` (lower
        /// case hex) for the other controls: the JSON formctl prints.
        case shortEscapes
        /// `\u00XX` for every control character: the stored text of a
        /// `select_multiple` answer (`SelectionValue`), which the database
        /// holds and compares as text, so it must never change.
        case unicodeEscapes
    }

    /// Appends `text` (UTF-8) as a JSON string literal, quotes included.
    /// Runs of bytes that need no escape are copied at once: the export
    /// of 100,000 responses writes every value through this loop.
    public static func append(_ text: UnsafeBufferPointer<UInt8>, style: Style = .shortEscapes, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var run = 0
        for index in 0..<text.count {
            let byte = text[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<index]))
            run = index + 1
            appendEscape(of: byte, style: style, to: &out)
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[run...]))
        out.append(UInt8(ascii: "\""))
    }

    /// Appends `text` as a JSON string literal, quotes included.
    public static func append(_ text: String, style: Style = .shortEscapes, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { append($0, style: style, to: &out) }
    }

    /// `text` as a JSON string literal, quotes included.
    public static func literal(_ text: String, style: Style = .shortEscapes) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        append(text, style: style, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func appendEscape(of byte: UInt8, style: Style, to out: inout [UInt8]) {
        switch (byte, style) {
        case (UInt8(ascii: "\""), _): out.append(contentsOf: #"\""#.utf8)
        case (UInt8(ascii: "\\"), _): out.append(contentsOf: #"\\"#.utf8)
        case (0x0A, .shortEscapes): out.append(contentsOf: #"\n"#.utf8)
        case (0x0D, .shortEscapes): out.append(contentsOf: #"\r"#.utf8)
        case (0x09, .shortEscapes): out.append(contentsOf: #"\t"#.utf8)
        case (0x08, .shortEscapes): out.append(contentsOf: #"\b"#.utf8)
        case (0x0C, .shortEscapes): out.append(contentsOf: #"\f"#.utf8)
        default:
            out.append(contentsOf: #"\u00"#.utf8)
            for nibble in [byte >> 4, byte & 0x0F] {
                out.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
            }
        }
    }
}
