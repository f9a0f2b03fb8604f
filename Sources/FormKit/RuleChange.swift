/// Changes to a field's rules, as `formctl field rule` gives them: every
/// property left nil keeps the rule the field has. `StoredForm.changeRules`
/// merges the change with the field's rules in one write transaction.
public struct RuleChange: Hashable, Sendable {
    /// Whether `check` may pass with the field empty.
    public enum Requirement: String, Hashable, Sendable, CaseIterable {
        /// `check` fails while the field is empty.
        case required
        /// The field may stay empty: `check` passes it (its state stays
        /// `empty`, its colour red).
        case optional
    }

    /// Start from no rules at all (`FieldRules.none`) before the rest.
    public var clear: Bool
    /// Required or optional; nil keeps the field's.
    public var requirement: Requirement?
    /// Fewest characters; nil keeps the field's.
    public var minLength: Int?
    /// Most characters; nil keeps the field's.
    public var maxLength: Int?
    /// A regular expression the whole value must match; `""` removes the
    /// pattern, nil keeps the field's.
    public var pattern: String?
    /// Whether the value must be an email address; nil keeps the field's.
    public var email: Bool?
    /// The length under which a value is `short` (0: never); nil keeps the field's.
    public var shortBelow: Int?
    /// The author's message for a broken rule; `""` removes it, nil keeps the field's.
    public var message: String?
    /// What the lengths count; nil keeps the field's.
    public var lengthUnit: LengthUnit?
    /// The bounds of a number, date or time (`--min`, `--above`, `--max`,
    /// `--below`), as text the field's type reads; `""` removes that
    /// side's bound, nil keeps the field's.
    public var min: String?, above: String?, max: String?, below: String?
    /// A number's step; `""` removes it, nil keeps the field's.
    public var step: String?
    /// A select_multiple's selection counts; nil keeps the field's.
    public var minSelected: Int?, maxSelected: Int?

    /// A change; with no arguments it changes nothing.
    public init(clear: Bool = false, requirement: Requirement? = nil, minLength: Int? = nil, maxLength: Int? = nil,
                pattern: String? = nil, email: Bool? = nil, shortBelow: Int? = nil, message: String? = nil,
                lengthUnit: LengthUnit? = nil) {
        self.clear = clear
        self.requirement = requirement
        self.minLength = minLength
        self.maxLength = maxLength
        self.pattern = pattern
        self.email = email
        self.shortBelow = shortBelow
        self.message = message
        self.lengthUnit = lengthUnit
    }

    /// A change of a number's, date's or time's bounds and step, or of a
    /// selection's counts; nil keeps each.
    public static func bounds(min: String? = nil, above: String? = nil, max: String? = nil, below: String? = nil, step: String? = nil,
                              minSelected: Int? = nil, maxSelected: Int? = nil) -> RuleChange {
        var change = RuleChange()
        (change.min, change.above, change.max, change.below, change.step) = (min, above, max, below, step)
        (change.minSelected, change.maxSelected) = (minSelected, maxSelected)
        return change
    }

    /// `rules` with this change applied. Bounds and steps are read as the
    /// field's type reads values (`+018` as `18`); one that does not parse
    /// is kept as given, for `FieldInput.checkRules` to refuse by name.
    public func applied(to rules: FieldRules) -> FieldRules {
        var result = clear ? FieldRules.none : rules
        if let requirement { result.required = requirement == .required }
        if let minLength { result.minLength = minLength }
        if let maxLength { result.maxLength = maxLength }
        if let pattern { result.pattern = pattern.isEmpty ? nil : pattern }
        if let email { result.email = email }
        if let shortBelow { result.shortBelow = shortBelow }
        if let message { result.message = message.isEmpty ? nil : message }
        if let lengthUnit { result.lengthUnit = lengthUnit }
        let type = result.type
        func canonical(_ text: String) -> String { type.canonicalValue(of: text).canonicalText ?? text }
        if let min { result.lowerBound = min.isEmpty ? nil : ValueBound(canonical(min), inclusive: true) }
        if let above { result.lowerBound = above.isEmpty ? nil : ValueBound(canonical(above), inclusive: false) }
        if let max { result.upperBound = max.isEmpty ? nil : ValueBound(canonical(max), inclusive: true) }
        if let below { result.upperBound = below.isEmpty ? nil : ValueBound(canonical(below), inclusive: false) }
        if let step { result.step = step.isEmpty ? nil : canonical(step) }
        if let minSelected { result.minSelected = minSelected }
        if let maxSelected { result.maxSelected = maxSelected }
        return result
    }
}
