/// One field as `formctl get KEY --json` prints it and the server's
/// `GET /api/fields/{key}` and `PUT /api/fields/{key}` answer it: value,
/// state, colour, length, `visible` (the stored flag) and `shown` (visible,
/// and its `show_if` holding).
public struct FieldJSON: Encodable, Sendable, Equatable {
    public let key: String, value: String, state: String, color: String, length: Int
    public let visible: Bool, shown: Bool

    /// `field`'s JSON shape; `isShown` says whether it is shown (see
    /// `FormFile.shownField(_:)`).
    public init(_ field: Field, isShown: Bool) {
        key = field.key
        value = field.value
        state = field.state.rawValue
        color = field.state.color.rawValue
        length = field.length
        visible = field.isVisible
        shown = isShown
    }
}
