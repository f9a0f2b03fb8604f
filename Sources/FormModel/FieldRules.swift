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

    /// Rules as given; the defaults impose nothing (same as `FieldRules.none`).
    public init(required: Bool = false, minLength: Int? = nil, maxLength: Int? = nil, pattern: String? = nil, email: Bool = false) {
        self.required = required
        self.minLength = minLength
        self.maxLength = maxLength
        self.pattern = pattern
        self.email = email
    }

    /// No rules: the seed's behaviour.
    public static let none = FieldRules()

    private enum CodingKeys: String, CodingKey { case required, minLength, maxLength, pattern, email }

    /// Every rule is written, unset ones as `null`, so JSON readers see one shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(required, forKey: .required)
        try container.encode(minLength, forKey: .minLength)
        try container.encode(maxLength, forKey: .maxLength)
        try container.encode(pattern, forKey: .pattern)
        try container.encode(email, forKey: .email)
    }
}
