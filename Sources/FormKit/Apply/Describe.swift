import FormModel

/// How `formctl apply`'s lines write values: text in double quotes (with
/// `\"`, `\\` and control characters escaped, so that a line stays one
/// line), flags as yes/no, a missing rule as `none`, rule names as a form
/// file spells them.
enum Describe {
    /// `"text"`, escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x0A: result += "\\n"
            case 0x09: result += "\\t"
            case 0x0D: result += "\\r"
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    static func yesNo(_ flag: Bool) -> String { flag ? "yes" : "no" }

    static func number(_ value: Int?) -> String { value.map(String.init) ?? "none" }

    static func text(_ value: String?) -> String { value.map(quoted) ?? "none" }

    /// `red, green "Green!", blue` (a label that differs in quotes), or `none`.
    static func choices(_ choices: [FieldChoice]) -> String {
        guard !choices.isEmpty else { return "none" }
        return choices.map { $0.label == $0.value ? $0.value : "\($0.value) \(quoted($0.label))" }.joined(separator: ", ")
    }

    /// `toggle equals "on"`, `toggle filled`, `age at_least "18"`,
    /// `all (…, …)`, `not (…)`, or `none`.
    static func condition(_ condition: ShowCondition?) -> String {
        guard let condition else { return "none" }
        return switch condition {
        case .equals(let field, let value): "\(field) equals \(quoted(value))"
        case .filled(let field): "\(field) filled"
        case .isIn(let field, let values): "\(field) in (\(values.map(quoted).joined(separator: ", ")))"
        case .includes(let field, let value): "\(field) includes \(quoted(value))"
        case .atLeast(let field, let value): "\(field) at_least \(quoted(value))"
        case .atMost(let field, let value): "\(field) at_most \(quoted(value))"
        case .all(let parts): "all (" + parts.map { Self.condition($0) }.joined(separator: ", ") + ")"
        case .any(let parts): "any (" + parts.map { Self.condition($0) }.joined(separator: ", ") + ")"
        case .not(let part): "not (" + Self.condition(part) + ")"
        }
    }

    /// Each rule that differs, `max_length 80 → 60`, in a form file's order.
    static func ruleChanges(from old: FieldRules, to new: FieldRules) -> [String] {
        var changes: [String] = []
        func compare(_ name: String, _ before: String, _ after: String) {
            if before != after { changes.append("\(name) \(before) → \(after)") }
        }
        compare("required", yesNo(old.required), yesNo(new.required))
        compare("min_length", number(old.minLength), number(new.minLength))
        compare("max_length", number(old.maxLength), number(new.maxLength))
        compare("pattern", text(old.pattern), text(new.pattern))
        compare("email", yesNo(old.email), yesNo(new.email))
        compare("short_below", String(old.shortBelow), String(new.shortBelow))
        compare("message", text(old.message), text(new.message))
        compare("length_unit", old.lengthUnit.rawValue, new.lengthUnit.rawValue)
        compare("type", old.type.rawValue, new.type.rawValue)
        compare("min", text(old.lowerBound.flatMap { $0.isInclusive ? $0.value : nil }), text(new.lowerBound.flatMap { $0.isInclusive ? $0.value : nil }))
        compare("above", text(old.lowerBound.flatMap { $0.isInclusive ? nil : $0.value }), text(new.lowerBound.flatMap { $0.isInclusive ? nil : $0.value }))
        compare("max", text(old.upperBound.flatMap { $0.isInclusive ? $0.value : nil }), text(new.upperBound.flatMap { $0.isInclusive ? $0.value : nil }))
        compare("below", text(old.upperBound.flatMap { $0.isInclusive ? nil : $0.value }), text(new.upperBound.flatMap { $0.isInclusive ? nil : $0.value }))
        compare("step", text(old.step), text(new.step))
        compare("choices", choices(old.choices), choices(new.choices))
        compare("min_selected", number(old.minSelected), number(new.minSelected))
        compare("max_selected", number(old.maxSelected), number(new.maxSelected))
        return changes
    }
}
