/// How the form file writer spells scalars, so that any YAML or JSON reader
/// reads back exactly what was written.
enum FormFileText {
    /// Words YAML 1.1 readers (and some 1.2 ones) take for booleans or
    /// null when left bare, compared in lower case.
    private static let reservedWords: Set<String> = ["true", "false", "yes", "no", "on", "off", "y", "n", "null"]

    /// `text` bare when every YAML reader takes it for this exact text
    /// (letters first, then only letters, digits, spaces, `_`, `-` and
    /// `.`, no trailing space, not a word read as a boolean or null), else
    /// in double quotes (`quoted`).
    static func yaml(_ text: String) -> String {
        isPlain(text) ? text : quoted(text)
    }

    private static func isPlain(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last, isLetter(first), last != " " else { return false }
        guard scalars.allSatisfy({ isLetter($0) || ("0"..."9").contains($0) || $0 == " " || $0 == "_" || $0 == "-" || $0 == "." }) else {
            return false
        }
        return !reservedWords.contains(text.lowercased())
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// `text` as a double-quoted string that JSON and YAML read the same:
    /// `"` and `\` escaped, and `\uXXXX` for every character a YAML reader
    /// would fold, drop or refuse (controls, DEL and C1 controls, NEL and
    /// the line and paragraph separators, the byte order mark,
    /// non-characters U+FFFE/U+FFFF), and for an `&` that `AnchorScan`
    /// would take for an anchor. The rest, emoji included, as it is.
    static func quoted(_ text: String) -> String {
        var result = "\""
        var previous: Unicode.Scalar = "\""
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "&" where [" ", "[", "{", ",", ":"].contains(previous):
                // Where the reader's anchor scan would take it for one.
                result += "\\u0026"
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFE}", "\u{FFFF}":
                let digits = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A number as both YAML and JSON read it back exactly: an integral
    /// value without a fraction (`540`), any other in Swift's shortest
    /// round-trip form (`540.5`, `1e-05`).
    static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15, let integer = Int(exactly: value) {
            return String(integer)
        }
        return value.isFinite ? "\(value)" : (value.isNaN ? ".nan" : (value < 0 ? "-.inf" : ".inf"))
    }
}
