/// Computes a value's `ValidationState`. Lengths count Swift `Character`s
/// (grapheme clusters), as the seed's `fieldValue.count`: `"e\u{301}"` and a
/// family emoji are one character each.
public enum Validator {
    /// The state of `value` under `rules`.
    public static func state(of value: String, rules: FieldRules = .none) -> ValidationState {
        if value.isEmpty { return .empty }
        if violation(of: value, rules: rules) != nil { return .invalid }
        // Whether it is shorter than the minimum: counting stops there,
        // where `count` breaks the whole value into characters (every field
        // of a form is checked each time the form is laid out).
        let isShort = value.index(value.startIndex, offsetBy: ValidationState.minimumValidLength, limitedBy: value.endIndex) == nil
        return isShort ? .short : .valid
    }

    /// The first rule `value` breaks, in words a user can act on, or nil.
    /// An empty value breaks nothing here (it is `empty`).
    public static func violation(of value: String, rules: FieldRules) -> String? {
        guard !value.isEmpty else { return nil }
        if rules.minLength != nil || rules.maxLength != nil {
            let length = value.count
            if let min = rules.minLength, length < min { return "needs at least \(min) characters, has \(length)" }
            if let max = rules.maxLength, length > max { return "allows at most \(max) characters, has \(length)" }
        }
        if let pattern = rules.pattern {
            // PCRE2 with limits (RulePattern): the check always finishes; a
            // value it cannot decide within them is invalid, never waited on.
            let compiled: RulePattern
            do {
                compiled = try RulePattern(pattern)
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

    /// A deliberately small email syntax check: one `@`, a non-empty local
    /// part, a dotted domain of letters, digits and hyphens, no spaces.
    public static func isEmailAddress(_ value: String) -> Bool {
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !value.contains(where: \.isWhitespace) else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
        }
    }
}
