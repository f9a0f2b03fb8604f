/// The outcome of `FormFile.check()`: every shown field that keeps the form
/// from being complete, with the reason in words.
///
/// A shown field is a problem when it is empty and required, short (fewer
/// than 3 characters: seed 002's yellow) or invalid (it breaks one of its
/// rules). An empty optional field passes, although its state stays
/// `empty` and its colour red. Hidden fields are never checked.
public struct CheckReport: Hashable, Sendable {
    /// One shown field that is not valid.
    public struct Problem: Hashable, Sendable, Encodable {
        /// The field's key.
        public var key: String
        /// Its state (`empty`, `short` or `invalid`).
        public var state: ValidationState
        /// Why it fails, in words: `is required`, `has fewer than 3
        /// characters`, or the rule it breaks (`does not match /[0-9]+/`).
        public var reason: String

        /// A problem as given.
        public init(key: String, state: ValidationState, reason: String) {
            self.key = key
            self.state = state
            self.reason = reason
        }
    }

    /// The problems, in form order; empty when the form passes.
    public var problems: [Problem]
    /// How many shown fields were checked.
    public var shownFieldCount: Int
    /// The shown fields that pass although empty, because they are
    /// optional, in form order.
    public var emptyOptionalKeys: [String]

    /// Checks `fields` (in form order; hidden ones are skipped).
    public init(fields: [Field]) {
        let shown = fields.filter(\.isVisible)
        shownFieldCount = shown.count
        problems = shown.compactMap(Self.problem(with:))
        emptyOptionalKeys = shown.filter { $0.state == .empty && !$0.rules.required }.map(\.key)
    }

    /// Whether every shown field passes.
    public var passes: Bool { problems.isEmpty }

    /// The exit code `formctl check` documents: 0 when the form passes, 1
    /// when a shown field does not.
    public var exitCode: Int32 { passes ? 0 : 1 }

    /// What keeps `field` from passing, or nil: the one place the reasons
    /// are worded.
    public static func problem(with field: Field) -> Problem? {
        switch field.state {
        case .valid:
            return nil
        case .empty:
            return field.rules.required ? Problem(key: field.key, state: .empty, reason: "is required") : nil
        case .short:
            return Problem(key: field.key, state: .short, reason: "has fewer than 3 characters")
        case .invalid:
            return Problem(key: field.key, state: .invalid, reason: field.brokenRule ?? "breaks a rule")
        }
    }
}

extension Field {
    /// The first rule the value breaks, in words (`does not match /[0-9]+/`),
    /// or nil; an empty value breaks none (it is `empty`).
    public var brokenRule: String? { Validator.violation(of: value, rules: rules) }
}
