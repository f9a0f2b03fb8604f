/// JSON writers spell a character outside the Basic Multilingual Plane as
/// two escaped UTF-16 surrogates (`"\uD83D\uDE00"` for 😀: Python's
/// `json.dumps` does by default), which YAML, and so libyaml, refuses. The
/// reader rewrites each such pair as YAML's own escape (`\U0001F600`)
/// before parsing, so that JSON from any writer reads.
///
/// Only a well-formed pair after an odd number of backslashes is rewritten
/// (an even number is an escaped backslash and then text); a lone surrogate
/// stays, for libyaml to refuse at its place. The rewritten escape is two
/// characters shorter, so a problem later on the same line is reported two
/// columns early per pair.
enum SurrogateEscapes {
    /// `text` with each escaped surrogate pair written as one `\U` escape.
    static func rewritten(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        var backslashes = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "u", backslashes % 2 == 1,
               let high = hex4(scalars, from: index + 1), (0xD800...0xDBFF).contains(high),
               index + 10 < scalars.count, scalars[index + 5] == "\\", scalars[index + 6] == "u",
               let low = hex4(scalars, from: index + 7), (0xDC00...0xDFFF).contains(low) {
                let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                let digits = String(value, radix: 16, uppercase: true)
                result.append(contentsOf: ("U" + String(repeating: "0", count: 8 - digits.count) + digits).unicodeScalars)
                index += 11
                backslashes = 0
                continue
            }
            backslashes = scalar == "\\" ? backslashes + 1 : 0
            result.append(scalar)
            index += 1
        }
        return String(result)
    }

    /// The value of four hexadecimal digits at `start`, if there are.
    private static func hex4(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 4 <= scalars.count else { return nil }
        var value = 0
        for scalar in scalars[start..<start + 4] {
            guard let digit = Int(String(scalar), radix: 16) else { return nil }
            value = value * 16 + digit
        }
        return value
    }
}
