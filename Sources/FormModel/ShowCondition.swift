/// When a field is shown (a form file's `show_if`): the field is laid out,
/// drawn, checked and edited exactly while its condition holds, and keeps
/// its value while it does not.
///
/// A condition reads another field, which must itself be shown: a field
/// that shows only while a hidden field holds something stays hidden
/// (`FieldVisibility`).
public enum ShowCondition: Hashable, Codable, Sendable {
    /// Holds while field `field`'s value is exactly `value`.
    case equals(field: String, value: String)
    /// Holds while field `field` is not empty.
    case filled(field: String)

    /// The key of the field the condition reads.
    public var field: String {
        switch self {
        case .equals(let field, _), .filled(let field): field
        }
    }

    /// Whether the condition holds when the field it reads has `value`.
    public func holds(forValue value: String) -> Bool {
        switch self {
        case .equals(_, let wanted): value == wanted
        case .filled: !value.isEmpty
        }
    }
}
