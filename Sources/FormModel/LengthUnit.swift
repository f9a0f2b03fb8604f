/// What a field's lengths count (`FieldRules.lengthUnit`).
public enum LengthUnit: String, Hashable, Codable, Sendable, CaseIterable {
    /// Characters as a reader sees them (Swift's `Character`, extended
    /// grapheme clusters): `"e\u{301}"` and a family emoji are one each.
    /// Seed 002's `fieldValue.count`, and the default.
    case characters
    /// Unicode code points (`String.unicodeScalars`), as JSON Schema's
    /// `minLength` and `maxLength` count: `"e\u{301}"` is two.
    case codePoints = "code_points"

    /// The length of `value` in this unit.
    public func length(of value: String) -> Int {
        switch self {
        case .characters: value.count
        case .codePoints: value.unicodeScalars.count
        }
    }

    /// `count` with this unit's name, for messages: `1 character`,
    /// `3 code points`.
    public func counted(_ count: Int) -> String {
        switch self {
        case .characters: "\(count) character\(count == 1 ? "" : "s")"
        case .codePoints: "\(count) code point\(count == 1 ? "" : "s")"
        }
    }

    /// `count` and the unit's plural name, as `check`'s reasons have always
    /// been worded (`needs at least 1 characters`): `3 code points`.
    public func plural(_ count: Int) -> String {
        switch self {
        case .characters: "\(count) characters"
        case .codePoints: "\(count) code points"
        }
    }
}
