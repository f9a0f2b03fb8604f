import FormModel
import FormText

/// Reads a values file in JSON, as `formctl values` writes it: one object
/// whose members are key → value (RFC 8259): a string, or for a typed
/// field a number, `true`/`false`, an array of strings or `null`.
///
/// The reader is written here rather than taken from Foundation or a YAML
/// parser because a values file needs what those lose or refuse: the place
/// of each problem, keys given twice (a JSON object keeps the last), and
/// every string JSON allows, escaped emoji (`"\ud83d\ude00"`, as Python's
/// `json.dumps` writes them) included, and a number's digits as written
/// (never through binary floating point). What kind of value each is, is
/// kept (`ValuesFileEntry.Kind`), so that `42` and `"42"` never read the
/// same: the field's type decides which it takes (`FormValues.typed(for:)`).
struct JSONValuesReader {
    private let text: ValuesText
    private var index = 0

    /// The members of `text`'s object, in the file's order.
    static func entries(of text: ValuesText) throws(FormKitError) -> [ValuesFileEntry] {
        var reader = JSONValuesReader(text: text)
        return try reader.entries()
    }

    private init(text: ValuesText) {
        self.text = text
    }

    private var scalars: [Unicode.Scalar] { text.scalars }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func entries() throws(FormKitError) -> [ValuesFileEntry] {
        skipWhitespace()
        guard let first = current else {
            throw .badFile([FileProblem(file: text.file, message: "the file is empty; a values file in JSON is one object of key → string, such as {\"first\": \"Ada\"}")])
        }
        guard first == "{" else {
            throw text.refusal(index, "\(found()) where the object of values should start; a values file in JSON is one object of key → string, such as {\"first\": \"Ada\"}")
        }
        let entries = try object(prefix: "", depth: 0)
        skipWhitespace()
        if current != nil {
            throw text.refusal(index, "\(found()) after the object; a values file in JSON is one object")
        }
        return entries
    }

    /// The deepest objects and arrays nest in a values file: groups and
    /// repeats nest 8 deep, each at most an array and an object.
    static let maximumDepth = 2 * FormGroup.maximumDepth + 1

    /// The members of the object whose `{` is under the cursor, each named
    /// by `prefix`, a dot and its key (its key alone at the top).
    private mutating func object(prefix: String, depth: Int) throws(FormKitError) -> [ValuesFileEntry] {
        index += 1
        var entries: [ValuesFileEntry] = []
        var seen: [String: Int] = [:]
        skipWhitespace()
        if current == "}" {
            index += 1
            return entries
        }
        while true {
            skipWhitespace()
            guard current == "\"" else {
                throw text.refusal(index, "\(found()) where a key in quotes should be")
            }
            let keyStart = index
            let key = try string()
            if let earlier = seen[key] {
                let place = ValuesText.place(of: earlier, in: scalars)
                throw text.refusal(keyStart, "the key \(MessageQuote.quoted(key)) is given twice (first at line \(place.line), column \(place.column))")
            }
            seen[key] = keyStart
            skipWhitespace()
            guard current == ":" else { throw text.refusal(index, "\(found()) where a colon (:) should follow the key") }
            index += 1
            skipWhitespace()
            entries.append(contentsOf: try values(of: FieldPath.join(prefix, key), depth: depth))
            skipWhitespace()
            switch current {
            case ",": index += 1
            case "}": index += 1; return entries
            default: throw text.refusal(index, "\(found()) where a comma (,) or the end of the object (}) should be")
            }
        }
    }

    /// The entries of member `key`'s value: one for a scalar or an array of
    /// values; a group's object gives its members (`contact.phone`); a
    /// repeat's array of objects gives an `instances` entry, then each
    /// object's members (`children.2.name`).
    private mutating func values(of key: String, depth: Int) throws(FormKitError) -> [ValuesFileEntry] {
        guard current == "{" || current == "[" else { return [try value(of: key)] }
        guard depth < Self.maximumDepth else {
            throw text.refusal(index, "the value of \(MessageQuote.quoted(key)) nests more than \(Self.maximumDepth) objects and arrays deep; groups and repeats nest at most \(FormGroup.maximumDepth) deep")
        }
        if current == "{" {
            let mark = ValuesFileEntry(key: key, value: "", kind: .object, start: index)
            return [mark] + (try object(prefix: key, depth: depth + 1))
        }
        let start = index
        var ahead = index + 1
        while ahead < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[ahead]) { ahead += 1 }
        guard ahead < scalars.count, scalars[ahead] == "{" else { return [try value(of: key)] }
        index += 1
        var entries = [ValuesFileEntry(key: key, value: "0", kind: .instances, start: start)]
        var count = 0
        while true {
            skipWhitespace()
            guard current == "{" else {
                throw text.refusal(index, "\(found()) in the list of \(MessageQuote.quoted(key)); a repeat's instances are objects, such as [{\"name\": \"Ada\"}]")
            }
            count += 1
            entries.append(contentsOf: try object(prefix: key + "." + String(count), depth: depth + 1))
            skipWhitespace()
            switch current {
            case ",": index += 1
            case "]":
                index += 1
                entries[0].value = String(count)
                return entries
            default: throw text.refusal(index, "\(found()) where a comma (,) or the end of the list (]) should be")
            }
        }
    }

    /// JSON's whitespace: space, tab, LF, CR.
    private mutating func skipWhitespace() {
        while let scalar = current, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" { index += 1 }
    }

    /// What is at the current place, for a message.
    private func found() -> String {
        guard let scalar = current else { return "the end of the file" }
        return ValuesText.described(scalar)
    }

    /// What kind of JSON value starts at the current place, for a message.
    private func valueKind() -> String {
        switch current {
        case nil: "missing (the file ends)"
        case "n": "null"
        case "t", "f": "a boolean"
        case "{": "an object"
        case "[": "an array"
        case let scalar? where scalar == "-" || ("0"..."9").contains(scalar): "a number"
        case let scalar?: "missing (\(ValuesText.described(scalar)) is no JSON value)"
        }
    }

    /// The value of member `key`: a string, a number (its digits as
    /// written), `true`, `false`, `null`, or an array of strings.
    private mutating func value(of key: String) throws(FormKitError) -> ValuesFileEntry {
        let start = index
        switch current {
        case "\"":
            return ValuesFileEntry(key: key, value: try string(), kind: .string, start: start)
        case "t", "f", "n":
            for word in ["true", "false", "null"] where scalars[index...].starts(with: word.unicodeScalars) {
                index += word.unicodeScalars.count
                let kind: ValuesFileEntry.Kind = word == "null" ? .null : .boolean
                return ValuesFileEntry(key: key, value: word == "null" ? "" : word, kind: kind, start: start)
            }
        case "[":
            index += 1
            var values: [String] = []
            skipWhitespace()
            if current == "]" {
                index += 1
                return ValuesFileEntry(key: key, value: "", kind: .list, start: start)
            }
            // Strings are a selection's choices; any value is a list's
            // (`FormValues.listsExpanded`), one per instance.
            var items: [ValuesFileEntry] = []
            while true {
                skipWhitespace()
                guard let next = current, next != "{", next != "[" else {
                    throw text.refusal(index, "\(found()) in the list of \(MessageQuote.quoted(key)); a list holds choice values as strings, such as [\"cheese\", \"olives\"], or a list's values")
                }
                let item = try value(of: key + "." + String(items.count + 1))
                items.append(item)
                if item.kind == .string { values.append(item.value) }
                skipWhitespace()
                switch current {
                case ",": index += 1
                case "]":
                    index += 1
                    let encoded = values.count == items.count ? SelectionValue.encode(values) : SelectionValue.encode(items.map(\.value))
                    return ValuesFileEntry(key: key, value: encoded, kind: .list, start: start, items: items)
                default: throw text.refusal(index, "\(found()) where a comma (,) or the end of the list (]) should be")
                }
            }
        case let scalar? where scalar == "-" || ("0"..."9").contains(scalar):
            // JSON's number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
            var digits = String.UnicodeScalarView()
            while let next = current, next == "-" || next == "+" || next == "." || next == "e" || next == "E" || ("0"..."9").contains(next) {
                digits.append(next)
                index += 1
            }
            return ValuesFileEntry(key: key, value: String(digits), kind: .number, start: start)
        default:
            break
        }
        throw text.refusal(start, "the value of \(MessageQuote.quoted(key)) is \(valueKind()); a value is a JSON string, or for a typed field a number, true or false, a list of choices or null")
    }

    /// Reads a string starting at the quote under the cursor.
    private mutating func string() throws(FormKitError) -> String {
        let start = index
        index += 1
        var result = String.UnicodeScalarView()
        while true {
            guard let scalar = current else {
                throw text.refusal(start, "this string is never closed: a quote (\") must end it")
            }
            switch scalar {
            case "\"":
                index += 1
                return String(result)
            case "\\":
                result.append(try escape())
            case _ where scalar.value < 0x20:
                throw text.refusal(index, "\(ValuesText.described(scalar)) inside a string; JSON writes it escaped (\(Self.escapeHint(scalar)))")
            default:
                result.append(scalar)
                index += 1
            }
        }
    }

    /// How JSON writes a control character.
    private static func escapeHint(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        default: "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
        }
    }

    /// Reads an escape starting at the backslash under the cursor.
    private mutating func escape() throws(FormKitError) -> Unicode.Scalar {
        let start = index
        index += 1
        guard let letter = current else { throw text.refusal(start, "this string is never closed: a quote (\") must end it") }
        index += 1
        switch letter {
        case "\"": return "\""
        case "\\": return "\\"
        case "/": return "/"
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "u":
            let unit = try hexUnit(escapeStart: start)
            let scalar: Unicode.Scalar?
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate must be followed by an escaped low one:
                // together they are one scalar beyond U+FFFF.
                guard current == "\\", index + 1 < scalars.count, scalars[index + 1] == "u" else {
                    throw text.refusal(start, "\\u\(Self.hex(unit)) is half of a surrogate pair without the other half; it is no Unicode character")
                }
                let lowStart = index
                index += 2
                let low = try hexUnit(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw text.refusal(start, "\\u\(Self.hex(unit)) is half of a surrogate pair without the other half; it is no Unicode character")
                }
                scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            } else {
                scalar = Unicode.Scalar(unit)
            }
            guard let scalar else {
                throw text.refusal(start, "\\u\(Self.hex(unit)) is half of a surrogate pair without the other half; it is no Unicode character")
            }
            if scalar == "\0" {
                throw text.refusal(start, "\\u0000 is NUL (U+0000), which no value can hold (SQLite text and the sqlite3 shell stop at it)")
            }
            return scalar
        default:
            throw text.refusal(start, "\\\(String(letter)) is no JSON escape; JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
        }
    }

    /// The four hex digits after `\u`.
    private mutating func hexUnit(escapeStart: Int) throws(FormKitError) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = current, let digit = Self.hexDigit(scalar) else {
                throw text.refusal(escapeStart, "\\u must be followed by four hexadecimal digits")
            }
            unit = unit << 4 | digit
            index += 1
        }
        return unit
    }

    private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }

    private static func hex(_ unit: UInt32) -> String {
        let digits = String(unit, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
