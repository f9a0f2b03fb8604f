/// Optional rules beyond the seed's length colours. A value that breaks one
/// is `invalid`; an empty value is always `empty` (red: a half-filled form
/// is normal), required or not. `required` decides only whether `check`
/// reports an empty field: a required one fails it, an optional one passes.
public struct FieldRules: Hashable, Codable, Sendable {
    /// The field must not be left empty for the form to pass `check`; when
    /// false (the default, `--optional`), an empty value passes `check`.
    public var required: Bool
    /// Fewest characters (grapheme clusters) a non-empty value may have.
    public var minLength: Int?
    /// Most characters a value may have.
    public var maxLength: Int?
    /// A regular expression the whole value must match.
    public var pattern: String?
    /// The value must look like an email address (`local@domain.tld`).
    public var email: Bool
    /// The length (in characters) under which a non-empty value is `short`
    /// (yellow) rather than `valid`; 0 means there is no `short` state.
    /// Seed 002's 3 unless told: its form, and fields added with `formctl
    /// field add`, keep it; a field declared in a form file has 0 unless it
    /// says otherwise.
    public var shortBelow: Int
    /// The form author's words for any rule of the field that is broken: it
    /// replaces every reason `check` gives for the field. Nil for the
    /// built-in reasons.
    public var message: String?
    /// What `minLength`, `maxLength`, `shortBelow` and the reported length
    /// count: characters (grapheme clusters, seed 002's `count`), or Unicode
    /// code points, as JSON Schema's `minLength`/`maxLength` do (a field
    /// imported from a JSON Schema).
    public var lengthUnit: LengthUnit
    /// The question's type (`text` unless told): what its values are, and
    /// which of the rules below apply (`FieldProperty.applies(to:)`).
    public var type: FieldType
    /// The lowest value (`min`, inclusive, or `above`, exclusive) of a
    /// number, date or time, as the type's canonical text.
    public var lowerBound: ValueBound?
    /// The highest value (`max`, inclusive, or `below`, exclusive).
    public var upperBound: ValueBound?
    /// A number must be a whole multiple of this (counted from 0, as JSON
    /// Schema's `multipleOf`), as canonical text; more than 0.
    public var step: String?
    /// The choices of a `select_one` or `select_multiple`, in order.
    public var choices: [FieldChoice]
    /// Fewest choices a `select_multiple` answer may hold (when not empty).
    public var minSelected: Int?
    /// Most choices a `select_multiple` answer may hold.
    public var maxSelected: Int?

    /// Rules as given; the defaults impose nothing beyond seed 002's short
    /// state (same as `FieldRules.none`).
    public init(required: Bool = false, minLength: Int? = nil, maxLength: Int? = nil, pattern: String? = nil, email: Bool = false,
                shortBelow: Int = ValidationState.minimumValidLength, message: String? = nil, lengthUnit: LengthUnit = .characters,
                type: FieldType = .text, lowerBound: ValueBound? = nil, upperBound: ValueBound? = nil, step: String? = nil,
                choices: [FieldChoice] = [], minSelected: Int? = nil, maxSelected: Int? = nil) {
        self.required = required
        self.minLength = minLength
        self.maxLength = maxLength
        self.pattern = pattern
        self.email = email
        self.shortBelow = shortBelow
        self.message = message
        self.lengthUnit = lengthUnit
        self.type = type
        self.lowerBound = lowerBound
        self.upperBound = upperBound
        self.step = step
        self.choices = choices
        self.minSelected = minSelected
        self.maxSelected = maxSelected
    }

    /// No rules: the seed's behaviour.
    public static let none = FieldRules()

    private enum CodingKeys: String, CodingKey { case required, minLength, maxLength, pattern, email, shortBelow, message, lengthUnit
        case type, lowerBound, upperBound, step, choices, minSelected, maxSelected
    }

    /// Reads what `encode(to:)` writes; `shortBelow`, `message` and the
    /// typed rules, which came later, may be missing (seed 002's 3, none, and characters).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            required: try container.decode(Bool.self, forKey: .required),
            minLength: try container.decodeIfPresent(Int.self, forKey: .minLength),
            maxLength: try container.decodeIfPresent(Int.self, forKey: .maxLength),
            pattern: try container.decodeIfPresent(String.self, forKey: .pattern),
            email: try container.decode(Bool.self, forKey: .email),
            shortBelow: try container.decodeIfPresent(Int.self, forKey: .shortBelow) ?? ValidationState.minimumValidLength,
            message: try container.decodeIfPresent(String.self, forKey: .message),
            lengthUnit: try container.decodeIfPresent(LengthUnit.self, forKey: .lengthUnit) ?? .characters,
            type: try container.decodeIfPresent(FieldType.self, forKey: .type) ?? .text,
            lowerBound: try container.decodeIfPresent(ValueBound.self, forKey: .lowerBound),
            upperBound: try container.decodeIfPresent(ValueBound.self, forKey: .upperBound),
            step: try container.decodeIfPresent(String.self, forKey: .step),
            choices: try container.decodeIfPresent([FieldChoice].self, forKey: .choices) ?? [],
            minSelected: try container.decodeIfPresent(Int.self, forKey: .minSelected),
            maxSelected: try container.decodeIfPresent(Int.self, forKey: .maxSelected))
    }

    /// Every rule is written, unset ones as `null`, so JSON readers see one shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(required, forKey: .required)
        try container.encode(minLength, forKey: .minLength)
        try container.encode(maxLength, forKey: .maxLength)
        try container.encode(pattern, forKey: .pattern)
        try container.encode(email, forKey: .email)
        try container.encode(shortBelow, forKey: .shortBelow)
        try container.encode(message, forKey: .message)
        try container.encode(lengthUnit, forKey: .lengthUnit)
        // The typed rules only for a typed field: a text field's JSON is
        // what it was before types.
        guard type != .text else { return }
        try container.encode(type, forKey: .type)
        try container.encode(lowerBound, forKey: .lowerBound)
        try container.encode(upperBound, forKey: .upperBound)
        try container.encode(step, forKey: .step)
        try container.encode(choices, forKey: .choices)
        try container.encode(minSelected, forKey: .minSelected)
        try container.encode(maxSelected, forKey: .maxSelected)
    }
}
