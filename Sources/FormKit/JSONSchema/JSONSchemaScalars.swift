import Yams

/// What a scalar of a JSON Schema document is, as JSON would say: the same
/// whichever resolver composed it (Yams' default, which types plain
/// scalars, or `basic`, which leaves every one text). A plain scalar's
/// text is typed by YAML 1.2's core schema, the one JSON's values fit; a
/// quoted one is text.
enum JSONSchemaScalars {
    enum Kind: Equatable {
        case string, integer, number, boolean, null, other
    }

    /// The kind of `node`, nil for a mapping, a sequence or an alias.
    static func kind(_ node: Yams.Node) -> Kind? {
        guard case .scalar(let scalar) = node else { return nil }
        switch node.tag.rawValue {
        case Tag.Name.str.rawValue: return scalar.style == .plain ? plainKind(scalar.string) : .string
        case Tag.Name.int.rawValue: return .integer
        case Tag.Name.float.rawValue: return .number
        case Tag.Name.bool.rawValue: return .boolean
        case Tag.Name.null.rawValue: return .null
        default: return .other
        }
    }

    /// The core schema's kind of a plain scalar's text.
    static func plainKind(_ text: String) -> Kind {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE", "false", "False", "FALSE": return .boolean
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN": return .number
        default: break
        }
        var rest = Substring(text)
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let digits = rest.prefix { ("0"..."9").contains($0) }
        if !digits.isEmpty && digits.count == rest.count { return .integer }
        return Double(text) != nil ? .number : .string
    }

    /// The text of a string scalar.
    static func string(_ node: Yams.Node?) -> String? {
        guard let node, kind(node) == .string, case .scalar(let scalar) = node else { return nil }
        return scalar.string
    }

    /// The value of a non-negative integer (`5`, or `5.0`, which JSON
    /// Schema counts as an integer).
    static func count(_ node: Yams.Node) -> Int? {
        guard case .scalar(let scalar) = node else { return nil }
        switch kind(node) {
        case .integer:
            guard let value = Int(scalar.string.hasPrefix("+") ? String(scalar.string.dropFirst()) : scalar.string), value >= 0 else { return nil }
            return value
        case .number:
            guard let value = Double(scalar.string), value >= 0, value == value.rounded(), value < 1e15 else { return nil }
            return Int(value)
        default:
            return nil
        }
    }

    /// Whether `node` is `true` or `false`.
    static func isBoolean(_ node: Yams.Node) -> Bool { kind(node) == .boolean }
}
