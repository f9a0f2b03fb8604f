/// Everything a value's check finds, computed together and once: its
/// state (and so its colour), its length, and the rule it breaks.
///
/// A `Field` holds the validation of its current value, so a command that
/// reads the state, prints the colour and quotes the broken rule validates
/// the value once (and compiles a pattern at most once: `RulePattern.cached`).
public struct FieldValidation: Hashable, Sendable {
    /// Where the value stands.
    public var state: ValidationState
    /// The value's length in characters (grapheme clusters), as the seed's
    /// `fieldValue.count`.
    public var length: Int
    /// For an `invalid` value, the first rule it breaks, in words a user can
    /// act on (`does not match /[0-9]+/`); nil otherwise.
    public var brokenRule: String?

    /// A validation as given.
    public init(state: ValidationState, length: Int, brokenRule: String? = nil) {
        self.state = state
        self.length = length
        self.brokenRule = brokenRule
    }

    /// The colour the minimap and the terminal show for the value.
    public var color: FieldColor { state.color }
}
