import FormText

/// A `select_multiple` value: the chosen values, stored as a JSON array of
/// strings in the order of the field's choices (`["cheese","olives"]`),
/// which SQLite's `json_each` reads; no selection is the empty text.
public enum SelectionValue {
    /// The stored text for `values` chosen from `choices`: known values in
    /// the choices' order. When a value is unknown or given twice, the
    /// values are kept as given, so that the stored answer is `invalid`
    /// and says why (as a text that breaks its pattern is stored).
    public static func text(of values: [String], choices: [FieldChoice]) -> String {
        guard !values.isEmpty else { return "" }
        // Scalar for scalar (`ScalarText`): `a` + U+0308 is not the choice `ä`.
        let given = Set(values.map(ScalarText.init))
        if given.count == values.count, given.allSatisfy({ value in choices.contains { $0.hasValue(value.text) } }) {
            return encode(choices.map(\.value).filter { given.contains(ScalarText($0)) })
        }
        return encode(values)
    }

    /// The values of input given as text: one JSON array of strings, or
    /// values separated by spaces or commas (as a form file's or a
    /// command line's `a, b c`).
    public static func values(ofInput input: String) -> [String] {
        if input.first == "[", let array = decode(input) { return array }
        return input.split { $0 == "," || $0.isWhitespace }.map(String.init)
    }

    /// The values of input given as text to a field with `choices`: the
    /// one choice the whole input names (`wholeChoice`), so that
    /// `Vitamin A` is that choice rather than `Vitamin` and `A`; else as
    /// `values(ofInput:)` reads it.
    public static func values(ofInput input: String, choices: [FieldChoice]) -> [String] {
        if let value = wholeChoice(input, in: choices) { return [value] }
        return values(ofInput: input)
    }

    /// The value of the choice `input` names whole: its value scalar for
    /// scalar (as given, then without surrounding spaces), else its label
    /// ignoring case, as `set` reads a `select_one`; nil when it names none.
    public static func wholeChoice(_ input: String, in choices: [FieldChoice]) -> String? {
        if let choice = choices.first(where: { $0.hasValue(input) }) { return choice.value }
        let trimmed = String(input.trimmingSpaces)
        guard !trimmed.isEmpty else { return nil }
        if let choice = choices.first(where: { $0.hasValue(trimmed) }) { return choice.value }
        let lowered = trimmed.lowercased()
        return choices.first { $0.label.lowercased().isScalarEqual(to: lowered) }?.value
    }

    /// Whether `value` holds what a selection written as text is split at
    /// (white space or a comma), so that a list holding it must be written
    /// as a JSON array to be read back as it was.
    public static func holdsSeparator(_ value: String) -> Bool {
        value.unicodeScalars.contains { $0 == "," || $0.properties.isWhitespace }
    }

    /// Whether a CSV cell of a field with `choices` is its JSON array
    /// rather than its values joined by a space: when a choice value holds
    /// a space or comma (issue 46), so that every cell of the column has
    /// one shape.
    public static func needsArrayCells(_ choices: [FieldChoice]) -> Bool {
        choices.contains { holdsSeparator($0.value) }
    }

    /// The values of a stored selection: nil when it is not a JSON array
    /// of strings.
    public static func decode(_ text: String) -> [String]? {
        var parser = JSONStringArrayParser(Array(text.utf8))
        return parser.parse()
    }

    /// `values` as a JSON array, with only `"` and `\` and control
    /// characters escaped (choice values hold none of the latter), every
    /// control as `\u00XX`: the stored form, which must never change
    /// (`JSONString.Style.unicodeEscapes`).
    public static func encode(_ values: [String]) -> String {
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (position, value) in values.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            JSONString.append(value, style: .unicodeEscapes, to: &out)
        }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }
}

/// A strict reader of one JSON array of strings (RFC 8259), with nothing
/// after it but white space. Written by hand: a stored selection is read
/// for every field of every form on each command, and Foundation's
/// JSONSerialization costs far more than this loop. Never traps: every
/// index is checked, and a `\u` escape that is not a scalar fails.
struct JSONStringArrayParser {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func parse() -> [String]? {
        skipSpace()
        guard take(UInt8(ascii: "[")) else { return nil }
        var values: [String] = []
        skipSpace()
        if take(UInt8(ascii: "]")) { return finished(values) }
        while true {
            skipSpace()
            guard let value = string() else { return nil }
            values.append(value)
            skipSpace()
            if take(UInt8(ascii: "]")) { return finished(values) }
            guard take(UInt8(ascii: ",")) else { return nil }
        }
    }

    private mutating func finished(_ values: [String]) -> [String]? {
        skipSpace()
        return index == bytes.count ? values : nil
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        var scalars = String.UnicodeScalarView()
        var start = index
        func flush(_ end: Int) -> Bool {
            guard let text = String(validating: bytes[start..<end], as: UTF8.self) else { return false }
            scalars.append(contentsOf: text.unicodeScalars)
            return true
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                guard flush(index) else { return nil }
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { return nil }
            if byte == UInt8(ascii: "\\") {
                guard flush(index) else { return nil }
                index += 1
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard let unit = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(unit) {
                        guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(), (0xDC00..<0xE000).contains(low),
                              let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) else { return nil }
                        scalars.append(scalar)
                    } else {
                        guard let scalar = Unicode.Scalar(unit) else { return nil }
                        scalars.append(scalar)
                    }
                default: return nil
                }
                start = index
                continue
            }
            index += 1
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: return nil
            }
            value = value * 16 + digit
        }
        index += 4
        return value
    }
}
