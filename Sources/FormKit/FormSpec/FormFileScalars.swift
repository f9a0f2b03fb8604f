import Yams

/// How a form file's scalars are typed: YAML 1.2's core schema, the one
/// JSON's values fit. `yes`, `on` and `2001-12-14` are text, as in JSON and
/// YAML 1.2, not YAML 1.1's booleans and dates (Yams' default resolver).
///
/// Yams composes with its `basic` resolver (every untagged scalar text) and
/// the type of a plain scalar is decided here, in Swift: Yams' resolvers
/// try one NSRegularExpression after another on every scalar, which took
/// most of the time reading a form of ten thousand fields.
enum FormFileScalars {
    /// The node's type: a plain scalar's by the core schema, a quoted one
    /// text, an explicitly tagged one its tag (`!!int "3"` is an integer,
    /// `!custom x` is refused as such), a collection `seq` or `map`.
    static func tagName(_ node: Node) -> Tag.Name {
        let tag = Tag.Name(rawValue: node.tag.rawValue)
        guard tag == .str, case .scalar(let scalar) = node, scalar.style == .plain else { return tag }
        return plainTag(scalar.string)
    }

    /// The core schema's type of a plain scalar's text.
    static func plainTag(_ text: String) -> Tag.Name {
        // Most plain scalars are words: only these can begin anything else.
        guard let first = text.utf8.first else { return .null }
        guard "~ntfNTF.+-0123456789".utf8.contains(first) else { return .str }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE", "false", "False", "FALSE": return .bool
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN": return .float
        default: break
        }
        let scalars = Array(text.utf8)
        func all(_ range: ArraySlice<UInt8>, _ allowed: (UInt8) -> Bool) -> Bool { !range.isEmpty && range.allSatisfy(allowed) }
        let isDigit = { (c: UInt8) in c >= 0x30 && c <= 0x39 }
        if scalars.count > 2, scalars[0] == 0x30 {
            if scalars[1] == UInt8(ascii: "o"), all(scalars[2...], { $0 >= 0x30 && $0 <= 0x37 }) { return .int }
            if scalars[1] == UInt8(ascii: "x"), all(scalars[2...], { isDigit($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0) }) {
                return .int
            }
        }
        var rest = scalars[...]
        if let sign = rest.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { rest = rest.dropFirst() }
        if all(rest, isDigit) { return .int }
        // [0-9]* (. [0-9]*)? ([eE] [-+]? [0-9]+)?, with a digit before or after the point.
        let whole = rest.prefix(while: isDigit)
        rest = rest.dropFirst(whole.count)
        var fraction: ArraySlice<UInt8> = []
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            fraction = rest.prefix(while: isDigit)
            rest = rest.dropFirst(fraction.count)
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return .str }
        if let e = rest.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            if let sign = rest.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { rest = rest.dropFirst() }
            return all(rest, isDigit) ? .float : .str
        }
        return rest.isEmpty ? .float : .str
    }

    /// What a node is, in words, for "expected …, found …".
    static func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let scalar):
            let text = excerpt(scalar.string)
            switch FormFileScalars.tagName(node) {
            case .str: return "the text \"\(text)\""
            case .int, .float: return "the number \(text)"
            case .bool: return "the boolean \(text)"
            case .null: return scalar.string.isEmpty ? "an empty value" : "null (\(text))"
            default: return "a value tagged \(FormFileScalars.tagName(node).rawValue) (form files use no YAML tags)"
            }
        }
    }

    /// `text` cut to 40 characters, for messages.
    static func excerpt(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(39)) + "…" : text
    }

    /// The integer a scalar typed `int` spells (decimal, `0o` octal or `0x`
    /// hexadecimal), or nil when it does not fit in an `Int`.
    static func integer(_ text: String) -> Int? {
        if text.hasPrefix("0x") { return Int(text.dropFirst(2), radix: 16) }
        if text.hasPrefix("0o") { return Int(text.dropFirst(2), radix: 8) }
        return Int(text)
    }

    /// The number a scalar typed `int` or `float` spells; nil for one that
    /// overflows an `Int` as an integer (it is then read as a `Double`).
    static func number(_ text: String, tag: Tag.Name) -> Double? {
        if tag == .int { return integer(text).map(Double.init) ?? Double(text) }
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: return Double(text)
        }
    }
}

