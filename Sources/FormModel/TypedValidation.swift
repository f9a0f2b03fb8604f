/// The checks of a typed question's value (DECISIONS, "Which values are
/// taken" and "States"): a value that does not parse as its type, is not
/// written canonically (an edit in `sqlite3`), or breaks a bound, a step,
/// the choice list or a selection count is `invalid`, with a reason that
/// names the rule.
extension Validator {
    /// The first rule a non-empty value of a typed (not text) field
    /// breaks, or nil.
    static func typedViolation(of value: String, rules: FieldRules) -> String? {
        switch rules.type {
        case .text, .longText, .note:
            return nil
        case .selectOne:
            // Scalar for scalar, as JSON (and a JSON Schema's `enum`)
            // compares: `e` + U+0301 is not the choice `é`.
            if rules.choices.contains(where: { $0.hasValue(value) }) { return nil }
            return notAChoice(value, rules.choices)
        case .selectMultiple:
            return selectionViolation(of: value, rules: rules)
        case .integer, .decimal, .boolean, .date, .time, .datetime:
            switch rules.type.canonicalValue(of: value) {
            case .unparsable(let reason): return reason
            case .canonical(let text) where text != value: return "is not written as formctl stores it (\(text))"
            case .canonical: break
            }
            // A number's choices are canonical text, so text compares.
            if rules.type.isNumber, !rules.choices.isEmpty, !rules.choices.contains(where: { $0.value == value }) {
                return notAChoice(value, rules.choices)
            }
            return boundViolation(of: value, rules: rules)
        }
    }

    /// A bound or step the (canonical) value breaks.
    static func boundViolation(of value: String, rules: FieldRules) -> String? {
        let type = rules.type
        if let lower = rules.lowerBound, let order = type.order(value, lower.value), order < 0 || (order == 0 && !lower.isInclusive) {
            return lower.isInclusive ? (type.isNumber ? "is less than \(lower.value)" : "is before \(lower.value)")
                : (type.isNumber ? "is not more than \(lower.value)" : "is not after \(lower.value)")
        }
        if let upper = rules.upperBound, let order = type.order(value, upper.value), order > 0 || (order == 0 && !upper.isInclusive) {
            return upper.isInclusive ? (type.isNumber ? "is more than \(upper.value)" : "is after \(upper.value)")
                : (type.isNumber ? "is not less than \(upper.value)" : "is not before \(upper.value)")
        }
        if let step = rules.step, type == .integer, let number = IntegerValue(parsing: value), let unit = IntegerValue(parsing: step),
           unit.value == 0 || number.value % unit.value != 0 {
            return "is not a multiple of \(step)"
        }
        if let step = rules.step, type == .decimal, let number = DecimalValue(parsing: value), let unit = DecimalValue(parsing: step),
           !number.isMultiple(of: unit) {
            return "is not a multiple of \(step)"
        }
        return nil
    }

    /// What is wrong with a stored `select_multiple` value.
    static func selectionViolation(of value: String, rules: FieldRules) -> String? {
        guard let values = SelectionValue.decode(value) else {
            return "is not a list of choices (a JSON array such as [\"\(rules.choices.first?.value ?? "a")\"])"
        }
        if values.isEmpty { return "is not written as formctl stores it (no selection is empty text)" }
        var seen: Set<ScalarText> = []
        for chosen in values {
            guard seen.insert(ScalarText(chosen)).inserted else { return "gives \"\(chosen)\" twice" }
            guard rules.choices.contains(where: { $0.hasValue(chosen) }) else { return "\"\(chosen)\" " + notAChoice(chosen, rules.choices) }
        }
        let canonical = SelectionValue.text(of: values, choices: rules.choices)
        if !canonical.isScalarEqual(to: value) { return "is not written as formctl stores it (\(canonical))" }
        if let fewest = rules.minSelected, values.count < fewest {
            return "has \(values.count) selected, needs at least \(fewest)"
        }
        if let most = rules.maxSelected, values.count > most {
            return "has \(values.count) selected, allows at most \(most)"
        }
        return nil
    }

    /// "is not one of: red, green, blue" (the first ten of a long list);
    /// for a value that only looks like a choice (`a` + U+0308 for `ä`),
    /// also which one and why it is not that one.
    static func notAChoice(_ value: String, _ choices: [FieldChoice]) -> String {
        guard !choices.isEmpty else { return "is not a choice: the field has no choices" }
        let shown = choices.prefix(10).map(\.value).joined(separator: ", ")
        let list = "is not one of: " + shown + (choices.count > 10 ? ", … (\(choices.count) choices)" : "")
        // Swift's `==`: the choice the value is canonically equivalent to.
        guard let lookalike = choices.first(where: { $0.value == value }) else { return list }
        return list + " (it looks like \"\(lookalike.value)\" but is written with other code points: "
            + Self.codePoints(value) + " where the choice has " + Self.codePoints(lookalike.value) + ")"
    }

    /// `U+0061 U+0308`: the text's code points.
    static func codePoints(_ text: String) -> String {
        text.unicodeScalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }.joined(separator: " ")
    }
}

extension FieldRules {
    /// The text stored for `input` given to a field of these rules (`set`,
    /// a form file, the editor): the type's canonical text when the input
    /// parses (a `select_one` label becomes its value), else the input as
    /// given, which is then `invalid` with its reason. Text types keep the
    /// input (long text with its line endings as LF).
    public func storedText(forInput input: String) -> String {
        guard !input.isEmpty else { return input }
        switch type {
        case .selectOne:
            // Scalar for scalar (`isScalarEqual`): a canonically
            // equivalent spelling is not the choice, as for JSON Schema.
            if let choice = choices.first(where: { $0.hasValue(input) }) { return choice.value }
            let trimmed = String(input.trimmingSpaces)
            if let choice = choices.first(where: { $0.hasValue(trimmed) }) { return choice.value }
            let lowered = trimmed.lowercased()
            return choices.first { $0.label.lowercased().isScalarEqual(to: lowered) }?.value ?? input
        case .selectMultiple:
            return storedText(forSelection: SelectionValue.values(ofInput: input, choices: choices))
        default:
            if let canonical = type.canonicalValue(of: input).canonicalText { return canonical }
            // A number's choice by its label (`set size Large`).
            let lowered = String(input.trimmingSpaces).lowercased()
            return choices.first { $0.label.lowercased().isScalarEqual(to: lowered) }?.value ?? input
        }
    }

    /// The text stored for a `select_multiple` selection given as separate
    /// values (several arguments to `set`, a JSON array).
    public func storedText(forSelection values: [String]) -> String {
        SelectionValue.text(of: values, choices: choices)
    }
}
