/// Where lines break as libyaml counts them, so that places computed here
/// (an anchor, an invalid byte, a duplicate key) agree with the marks it
/// gives every node.
enum LineBreaks {
    /// LF, CR (CR LF counts once), NEL, and the Unicode line and paragraph
    /// separators: YAML 1.1's line breaks, which libyaml follows.
    static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": true
        default: false
        }
    }

    /// Line and column (from 1, the column in Unicode scalars) of the
    /// scalar that starts at UTF-8 offset `offset` of `text`.
    static func place(ofUTF8Offset offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1, column = 1, consumed = 0
        var previous: Unicode.Scalar? = nil
        for scalar in text.unicodeScalars {
            if consumed >= offset { break }
            consumed += UTF8.width(scalar)
            if isBreak(scalar) {
                if !(scalar == "\n" && previous == "\r") { line += 1 }
                column = 1
            } else {
                column += 1
            }
            previous = scalar
        }
        return (line, column)
    }

    /// The place after `bytes`' longest valid UTF-8 prefix: where the first
    /// byte that is not UTF-8 sits.
    static func placeOfFirstInvalidByte(in bytes: [UInt8]) -> (line: Int, column: Int) {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var valid = String.UnicodeScalarView()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): valid.append(scalar)
            case .emptyInput, .error: break loop
            }
        }
        let prefix = String(valid)
        return place(ofUTF8Offset: prefix.utf8.count, in: prefix)
    }
}
