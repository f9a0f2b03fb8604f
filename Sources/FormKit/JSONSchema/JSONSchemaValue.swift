import FormText

/// A JSON value with its object keys in the order they were given, written
/// as pretty, deterministic text: what `JSONSchemaExport` builds, because
/// `JSONEncoder` either sorts keys (losing the schema's reading order) or
/// does not promise an order at all.
indirect enum JSONSchemaValue: Hashable, Sendable {
    case string(String)
    case integer(Int)
    /// A number written as its digits (a field's canonical text), never
    /// through binary floating point.
    case number(String)
    case boolean(Bool)
    case null
    case array([JSONSchemaValue])
    case object([(String, JSONSchemaValue)])

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.text() == rhs.text() }
    func hash(into hasher: inout Hasher) { hasher.combine(text()) }

    /// The value as JSON, two spaces per level, `"key": value`, no trailing newline.
    func text(indent: String = "") -> String {
        switch self {
        case .string(let text): return JSONString.literal(text)
        case .integer(let number): return String(number)
        case .number(let digits): return digits
        case .boolean(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array(let items):
            // Short arrays of strings (`required`, an `enum`), numbers and
            // null stay on one line.
            if items.allSatisfy({ switch $0 { case .string, .number, .integer, .null: true; default: false } }) {
                let line = "[" + items.map { $0.text() }.joined(separator: ", ") + "]"
                if line.count <= 100 { return line }
            }
            if items.isEmpty { return "[]" }
            let inner = indent + "  "
            return "[\n" + items.map { inner + $0.text(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            let inner = indent + "  "
            return "{\n" + members.map { inner + JSONString.literal($0.0) + ": " + $0.1.text(indent: inner) }.joined(separator: ",\n")
                + "\n" + indent + "}"
        }
    }
}
