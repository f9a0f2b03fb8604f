/// Computes a value's `ValidationState`. Lengths count Swift `Character`s
/// (grapheme clusters), as the seed's `fieldValue.count`: `"e\u{301}"` and a
/// family emoji are one character each; or code points, for a field whose
/// rules say so (`LengthUnit`).
public enum Validator {
    /// The state of `value` under `rules`.
    public static func state(of value: String, rules: FieldRules = .none) -> ValidationState {
        validate(value, rules: rules).state
    }

    /// The state, length and broken rule of `value` under `rules`, found
    /// together: the rules are checked once, and the characters are
    /// counted once.
    public static func validate(_ value: String, rules: FieldRules = .none) -> FieldValidation {
        // A note holds no value: nothing to fill in, so never red (one
        // holding text, written in the sqlite3 shell, is invalid).
        if rules.type == .note {
            return value.isEmpty ? FieldValidation(state: .valid, length: 0)
                : FieldValidation(state: .invalid, length: rules.lengthUnit.length(of: value), brokenRule: "is a note: it holds no value")
        }
        if value.isEmpty { return FieldValidation(state: .empty, length: 0) }
        let length = rules.lengthUnit.length(of: value)
        if let broken = violation(of: value, length: length, rules: rules) {
            return FieldValidation(state: .invalid, length: length, brokenRule: broken)
        }
        let isShort = rules.type.isText && length < rules.shortBelow
        return FieldValidation(state: isShort ? .short : .valid, length: length)
    }

    /// The first rule `value` breaks, in words a user can act on, or nil.
    /// An empty value breaks nothing here (it is `empty`).
    public static func violation(of value: String, rules: FieldRules) -> String? {
        violation(of: value, length: nil, rules: rules)
    }

    /// `violation(of:rules:)`, with the value's length when it is known.
    private static func violation(of value: String, length knownLength: Int?, rules: FieldRules) -> String? {
        guard !value.isEmpty else { return nil }
        // Length rules and patterns are the text types' alone.
        guard rules.type.isText else { return typedViolation(of: value, rules: rules) }
        if rules.minLength != nil || rules.maxLength != nil {
            let length = knownLength ?? rules.lengthUnit.length(of: value)
            // "characters" or "code points", as the field counts them.
            let unit = rules.lengthUnit
            if let min = rules.minLength, length < min { return "needs at least \(unit.plural(min)), has \(length)" }
            if let max = rules.maxLength, length > max { return "allows at most \(unit.plural(max)), has \(length)" }
        }
        if let pattern = rules.pattern {
            // PCRE2 with limits (RulePattern): the check always finishes; a
            // value it cannot decide within them is invalid, never waited on.
            let compiled: RulePattern
            do {
                compiled = try RulePattern.cached(pattern)
            } catch {
                return "the field's pattern /\(pattern)/ is not a valid regular expression: \(error)"
            }
            switch compiled.match(value) {
            case .matches: break
            case .doesNotMatch: return "does not match /\(pattern)/"
            case .notChecked(let reason): return reason
            }
        }
        if rules.email && !isEmailAddress(value) { return "is not an email address (name@example.com)" }
        return nil
    }

    /// Whether `value` is one email address as RFC 5321's `Mailbox`
    /// accepts it (JSON Schema's `format: email`): see `EmailAddress`.
    public static func isEmailAddress(_ value: String) -> Bool {
        EmailAddress.isMailbox(value)
    }
}
