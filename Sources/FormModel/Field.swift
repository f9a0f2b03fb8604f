/// One input of the form: a label above a text field, in a row.
public struct Field: Hashable, Codable, Sendable, Identifiable {
    /// The stable name used on the command line and in SQL (`first`, `email`).
    public var key: String
    /// The label shown above the text field (`First Name`).
    public var label: String
    /// The current value, any Unicode text.
    public var value: String
    /// The row the field sits in, numbered from 1.
    public var row: Int
    /// Order in the whole form (rows first, then left to right).
    public var position: Int
    /// Hidden fields keep their value but are neither laid out nor drawn
    /// (seed 002's Twitter toggle).
    public var isVisible: Bool
    /// Extra validation beyond the length colours; `.none` by default.
    public var rules: FieldRules

    /// The key, so fields work in `ForEach` without an `id:` key path.
    public var id: String { key }

    /// A field, visible and without rules unless told; `position` orders it in the form.
    public init(key: String, label: String, value: String = "", row: Int, position: Int, isVisible: Bool = true, rules: FieldRules = .none) {
        self.key = key
        self.label = label
        self.value = value
        self.row = row
        self.position = position
        self.isVisible = isVisible
        self.rules = rules
    }

    /// The value's state under the field's rules.
    public var state: ValidationState { Validator.state(of: value, rules: rules) }
    /// The value's length in characters (grapheme clusters), as the seed's `fieldValue.count`.
    public var length: Int { value.count }
}
