/// One field as `formctl fields --json` prints it and the server's
/// `GET /api/fields` lists it: `FieldJSON`'s properties plus label, page,
/// row, position, rules and `showIf`.
public struct FieldListingJSON: Encodable, Sendable {
    public let key: String, label: String, type: String, value: TypedJSONValue, state: String, color: String
    public let length: Int, page: String, row: Int, position: Int, visible: Bool
    /// Whether the field is shown: `visible` and its `showIf` holding.
    public let shown: Bool
    public let rules: FieldRules
    /// Help text under the label, or null.
    public let hint: String?
    /// `{"field": KEY, "equals": VALUE}` or `{"field": KEY, "filled": true}`, or null.
    public let showIf: ConditionJSON?
    /// `read_only: true`: `set` refuses it without `--force`, respondents cannot change it.
    public let readOnly: Bool

    /// The JSON shape of one of `StoredForm.fieldListings(page:)`.
    public init(_ listing: FieldListing) {
        let field = listing.field
        key = field.key
        label = field.label
        type = field.rules.type.rawValue
        value = TypedJSONValue(field.value, rules: field.rules)
        hint = field.hint
        state = field.state.rawValue
        color = field.state.color.rawValue
        length = field.length
        page = listing.page
        row = field.row
        position = field.position
        visible = field.isVisible
        shown = listing.isShown
        rules = field.rules
        showIf = field.showIf.map(ConditionJSON.init)
        readOnly = field.isReadOnly
    }

    private enum CodingKeys: String, CodingKey {
        case key, label, type, value, state, color, length, page, row, position, visible, shown, rules, showIf, hint, readOnly
    }

    /// Every property, `showIf` as `null` when there is none, so JSON
    /// readers see one shape (as `rules` does).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        try container.encode(label, forKey: .label)
        try container.encode(type, forKey: .type)
        try container.encode(value, forKey: .value)
        try container.encode(state, forKey: .state)
        try container.encode(color, forKey: .color)
        try container.encode(length, forKey: .length)
        try container.encode(page, forKey: .page)
        try container.encode(row, forKey: .row)
        try container.encode(position, forKey: .position)
        try container.encode(visible, forKey: .visible)
        try container.encode(shown, forKey: .shown)
        try container.encode(rules, forKey: .rules)
        try container.encode(showIf, forKey: .showIf)
        try container.encode(hint, forKey: .hint)
        try container.encode(readOnly, forKey: .readOnly)
    }
}
