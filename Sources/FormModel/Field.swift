/// One input of the form: a label above a text field, in a row.
public struct Field: Hashable, Codable, Sendable, Identifiable {
    /// The stable name used on the command line and in SQL (`first`, `email`).
    public var key: String
    /// The label shown above the text field (`First Name`).
    public var label: String
    /// The current value, any Unicode text.
    public var value: String {
        didSet { validation = Validator.validate(value, rules: rules) }
    }
    /// The row the field sits in, numbered from 1.
    public var row: Int
    /// Order in the whole form (rows first, then left to right).
    public var position: Int
    /// Hidden fields keep their value but are neither laid out nor drawn
    /// (seed 002's Twitter toggle).
    public var isVisible: Bool
    /// When the field is shown besides `isVisible` (a form file's
    /// `show_if`); nil, the default, for always. See `FieldVisibility`.
    public var showIf: ShowCondition?
    /// Extra validation beyond the length colours; `.none` by default.
    public var rules: FieldRules {
        didSet { validation = Validator.validate(value, rules: rules) }
    }
    /// Help text shown under the label (`hint:`); nil for none.
    public var hint: String?
    /// The value the field holds when the form is created and after its
    /// values are cleared (`default:`), as stored text; nil for empty.
    public var defaultValue: String?
    /// `read_only: true`: `set` and respondents cannot change the value;
    /// the owner changes it with `set --force`, or it holds its default
    /// (a JSON Schema's `readOnly`).
    public var isReadOnly: Bool
    /// The current value checked against the rules: kept with the value
    /// (computed when the value or the rules change), so that reading the
    /// state, the colour, the length and the broken rule validates nothing
    /// again.
    public private(set) var validation: FieldValidation

    /// The key, so fields work in `ForEach` without an `id:` key path.
    public var id: String { key }

    /// A field, visible, without a condition and without rules unless told;
    /// `position` orders it in the form.
    public init(key: String, label: String, value: String = "", row: Int, position: Int, isVisible: Bool = true,
                rules: FieldRules = .none, showIf: ShowCondition? = nil, hint: String? = nil, defaultValue: String? = nil,
                isReadOnly: Bool = false) {
        self.key = key
        self.label = label
        self.value = value
        self.row = row
        self.position = position
        self.isVisible = isVisible
        self.showIf = showIf
        self.rules = rules
        self.hint = hint
        self.defaultValue = defaultValue
        self.isReadOnly = isReadOnly
        validation = Validator.validate(value, rules: rules)
    }

    /// The value's state under the field's rules.
    public var state: ValidationState { validation.state }
    /// The value's length in characters (grapheme clusters), as the seed's `fieldValue.count`.
    public var length: Int { validation.length }
    /// The first rule the value breaks, in words (`does not match /[0-9]+/`),
    /// or nil; an empty value breaks none (it is `empty`).
    public var brokenRule: String? { validation.brokenRule }

    private enum CodingKeys: String, CodingKey { case key, label, value, row, position, isVisible, rules, showIf, hint, defaultValue, isReadOnly }

    /// Decodes the stored properties; the validation is computed, never read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            key: try container.decode(String.self, forKey: .key), label: try container.decode(String.self, forKey: .label),
            value: try container.decode(String.self, forKey: .value), row: try container.decode(Int.self, forKey: .row),
            position: try container.decode(Int.self, forKey: .position), isVisible: try container.decode(Bool.self, forKey: .isVisible),
            rules: try container.decode(FieldRules.self, forKey: .rules),
            showIf: try container.decodeIfPresent(ShowCondition.self, forKey: .showIf),
            hint: try container.decodeIfPresent(String.self, forKey: .hint),
            defaultValue: try container.decodeIfPresent(String.self, forKey: .defaultValue),
            isReadOnly: try container.decodeIfPresent(Bool.self, forKey: .isReadOnly) ?? false)
    }
}
