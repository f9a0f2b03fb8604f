/// One field as `formctl get KEY --json` prints it and the server's
/// `GET /api/fields/{key}` and `PUT /api/fields/{key}` answer it: type,
/// value (of its JSON type: `TypedJSONValue`), state, colour, length,
/// `visible` (the stored flag) and `shown` (visible, and its `show_if`
/// holding).
public struct FieldJSON: Encodable, Sendable, Equatable {
    public let key: String, type: String, value: TypedJSONValue, state: String, color: String, length: Int
    public let visible: Bool, shown: Bool

    /// `field`'s JSON shape; `isShown` says whether it is shown (see
    /// `StoredForm.shownField(_:)`).
    public init(_ field: Field, isShown: Bool) {
        key = field.key
        type = field.rules.type.rawValue
        value = TypedJSONValue(field.value, rules: field.rules)
        state = field.state.rawValue
        color = field.state.color.rawValue
        length = field.length
        visible = field.isVisible
        shown = isShown
    }
}
