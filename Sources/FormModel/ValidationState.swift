/// Where a field's value stands. The first three are seed 002's colours
/// (`count == 0` red, `< 3` yellow, otherwise green); `invalid` is for values
/// that break one of the field's optional rules.
public enum ValidationState: String, CaseIterable, Codable, Sendable {
    /// No characters at all.
    case empty
    /// Fewer than the field's `FieldRules.shortBelow` characters (seed
    /// 002's `minimumValidLength` unless told), but not none.
    case short
    /// `minimumValidLength` characters or more, and no rule broken.
    case valid
    /// A rule of the field (length, pattern, email syntax) is broken.
    case invalid

    /// The fewest characters a value needs to be `valid` rather than
    /// `short` (seed 002: `fieldValue.count < 3` is yellow). The
    /// `field_estimate` view of `migrations/0001_initial.sql` says the same
    /// in SQL, which cannot refer to this; a FormStore test keeps them equal.
    public static let minimumValidLength = 3

    /// Why a `short` value is not valid, in words a user can act on
    /// (`has fewer than 3 characters`).
    public static let shortReason = "has fewer than \(minimumValidLength) characters"

    /// Why a `short` value is not valid when `short` ends at `length`
    /// characters (a field's `FieldRules.shortBelow`).
    public static func shortReason(below length: Int, unit: LengthUnit = .characters) -> String {
        "has fewer than \(unit.plural(length))"
    }

    /// The colour the minimap and the terminal show for the state.
    public var color: FieldColor {
        switch self {
        case .empty: .red
        case .short: .yellow
        case .valid: .green
        case .invalid: .orange
        }
    }
}
