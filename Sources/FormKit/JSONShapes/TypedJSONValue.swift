import Foundation
import FormText

/// A field's value as JSON gives it (`get --json`, `fields --json`, the
/// API, `values --format json`; DECISIONS, "JSON"): integers and decimals
/// as numbers with their canonical digits, booleans as `true`/`false`, a
/// `select_multiple` as an array of strings, the other types as strings.
/// An empty typed field is `null` (an empty text field stays `""`), and a
/// stored value that is not its type's canonical text (an edit in
/// `sqlite3`) is the string that is stored.
public enum TypedJSONValue: Encodable, Equatable, Sendable {
    case string(String)
    /// A number's canonical digits (`-12`, `0.5`): written as they are,
    /// never through binary floating point.
    case number(String)
    case bool(Bool)
    case array([String])
    case null

    /// The JSON of `value` stored in a field of these `rules`.
    public init(_ value: String, rules: FieldRules) {
        let type = rules.type
        if value.isEmpty {
            self = type.isText ? .string("") : .null
            return
        }
        switch type {
        case .integer, .decimal:
            self = type.canonicalValue(of: value).canonicalText == value ? .number(value) : .string(value)
        case .boolean:
            self = value == "true" ? .bool(true) : value == "false" ? .bool(false) : .string(value)
        case .selectMultiple:
            if let values = SelectionValue.decode(value), !values.isEmpty, SelectionValue.text(of: values, choices: rules.choices).isScalarEqual(to: value) {
                self = .array(values)
            } else {
                self = .string(value)
            }
        default:
            self = .string(value)
        }
    }

    /// The value as JSON text (`42`, `true`, `["a","b"]`, `"text"`, `null`).
    public var jsonText: String {
        switch self {
        case .string(let text): JSONString.literal(text, style: .unicodeEscapes)
        case .number(let digits): digits
        case .bool(let flag): flag ? "true" : "false"
        case .array(let values): SelectionValue.encode(values)
        case .null: "null"
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .number(let digits):
            // Integers are exact in Int64; a decimal's at most 30 digits are
            // exact in Foundation's Decimal, which JSONEncoder writes as
            // its digits.
            if let integer = Int64(digits) {
                try container.encode(integer)
            } else if let decimal = Decimal(string: digits, locale: nil) {
                try container.encode(decimal)
            } else {
                try container.encode(digits)
            }
        case .bool(let flag): try container.encode(flag)
        case .array(let values): try container.encode(values)
        case .null: try container.encodeNil()
        }
    }
}
