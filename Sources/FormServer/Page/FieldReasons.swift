import FormKit

/// Why a field in each failing state keeps the form from passing, as
/// `formctl check` says it (`CheckReport.problem(with:)`) but in the form's
/// language where the page's messages have the words: `is required`, `has
/// fewer than 3 characters` and the general `breaks one of its rules`. The
/// rule a value breaks (`is not a number`) stays FormKit's English; a
/// field's own `message` replaces them all, in any language. The page
/// shows the reason for the field's state, and its script picks the one
/// for a state an answer or an event reports (those carry the state, not
/// the reason).
struct FieldReasons: Sendable {
    /// For `empty`: `is required`, or nothing for an optional field (which passes).
    var empty: String
    /// For `short`: `has fewer than 3 characters`.
    var short: String
    /// For `invalid`: the rule the value breaks now, else the field's own
    /// message or a general phrase (which rule a new value breaks, only the
    /// server knows).
    var invalid: String

    init(_ field: Field, messages: PageMessages = PageMessages(language: FormDefinition.defaultLanguage)) {
        let rules = field.rules
        empty = rules.required ? (rules.message ?? messages(.reasonRequired)) : ""
        let count = ["count": String(rules.shortBelow)]
        short = rules.message ?? messages(rules.lengthUnit == .codePoints ? .reasonShortCodePoints : .reasonShort, count)
        invalid = CheckReport.problem(with: field).flatMap { $0.state == .invalid ? $0.reason : nil }
            ?? rules.message ?? messages(.reasonBrokenRule)
    }

    /// The reason for `state` (nothing for `valid`).
    func reason(for state: ValidationState) -> String {
        switch state {
        case .empty: empty
        case .short: short
        case .invalid: invalid
        case .valid: ""
        }
    }
}
