import FormLayout

/// Where a field's value stands. The first three are seed 002's colours
/// (`count == 0` red, `< 3` yellow, otherwise green); `invalid` is for values
/// that break one of the field's optional rules.
public enum ValidationState: String, CaseIterable, Codable, Sendable {
    /// No characters at all.
    case empty
    /// One or two characters.
    case short
    /// Three characters or more, and no rule broken.
    case valid
    /// A rule of the field (length, pattern, email syntax) is broken.
    case invalid

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
