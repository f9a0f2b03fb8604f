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

    /// Rules as given; the defaults impose nothing beyond seed 002's short
    /// state (same as `FieldRules.none`).
    public init(required: Bool = false, minLength: Int? = nil, maxLength: Int? = nil, pattern: String? = nil, email: Bool = false,
                shortBelow: Int = ValidationState.minimumValidLength, message: String? = nil, lengthUnit: LengthUnit = .characters) {
        self.required = required
        self.minLength = minLength
        self.maxLength = maxLength
        self.pattern = pattern
        self.email = email
        self.shortBelow = shortBelow
        self.message = message
        self.lengthUnit = lengthUnit
    }

    /// No rules: the seed's behaviour.
    public static let none = FieldRules()

    private enum CodingKeys: String, CodingKey { case required, minLength, maxLength, pattern, email, shortBelow, message, lengthUnit }

    /// Reads what `encode(to:)` writes; `shortBelow` and `message`, which
    /// came later, may be missing (seed 002's 3, none, and characters).
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
            lengthUnit: try container.decodeIfPresent(LengthUnit.self, forKey: .lengthUnit) ?? .characters)
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
    }
}
