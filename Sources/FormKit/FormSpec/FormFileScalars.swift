import Yams

/// How a form file's scalars are typed: YAML 1.2's core schema, the one
/// JSON's values fit. `yes`, `on` and `2001-12-14` are text, as in JSON and
/// YAML 1.2, not YAML 1.1's booleans and dates (Yams' default resolver).
enum FormFileScalars {
    /// The resolver `compose` types plain scalars with; quoted scalars are
    /// always text.
    static let resolver: Resolver = {
        do {
            return try Resolver.basic
                .appending(.null, "^(?:~|null|Null|NULL|)$")
                .appending(.bool, "^(?:true|True|TRUE|false|False|FALSE)$")
                .appending(.int, "^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$")
                .appending(.float, "^(?:[-+]?(?:\\.[0-9]+|[0-9]+(?:\\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$")
        } catch {
            // The patterns are constants that compile; were one not to,
            // everything would read as text and be refused as such.
            return .basic
        }
    }()

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
            case .null: return scalar.string.isEmpty ? "no value" : "null (\(text))"
            default: return "a value tagged \(FormFileScalars.tagName(node).rawValue)"
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

extension FormFileScalars {
    /// The node's tag, resolved (`str`, `int`, `bool`… for a plain scalar;
    /// `str` for a quoted one; what the file wrote for an explicit tag).
    static func tagName(_ node: Node) -> Tag.Name {
        Tag.Name(rawValue: node.tag.rawValue)
    }
}
