import FormModel
import FormText

/// How `formctl apply`'s lines write values: text quoted as every message
/// quotes it (`MessageQuote`, so that a line stays one line), flags as yes/no, a missing rule as `none`, property names as a
/// form file spells them (`FieldProperty`).
enum Describe {
    static func yesNo(_ flag: Bool) -> String { flag ? "yes" : "no" }

    static func number(_ value: Int?) -> String { value.map(String.init) ?? "none" }

    static func text(_ value: String?) -> String { value.map { MessageQuote.quoted($0) } ?? "none" }

    /// `red, green "Green!", blue` (a label that differs in quotes), or `none`.
    static func choices(_ choices: [FieldChoice]) -> String {
        guard !choices.isEmpty else { return "none" }
        return choices.map { $0.label == $0.value ? $0.value : "\($0.value) \(MessageQuote.quoted($0.label))" }.joined(separator: ", ")
    }

    /// `toggle equals "on"`, `toggle filled`, `age at_least "18"`,
    /// `all (…, …)`, `not (…)`, or `none`.
    static func condition(_ condition: ShowCondition?) -> String {
        guard let condition else { return "none" }
        return switch condition {
        case .equals(let field, let value): "\(field) equals \(MessageQuote.quoted(value))"
        case .filled(let field): "\(field) filled"
        case .isIn(let field, let values): "\(field) in (\(values.map { MessageQuote.quoted($0) }.joined(separator: ", ")))"
        case .includes(let field, let value): "\(field) includes \(MessageQuote.quoted(value))"
        case .atLeast(let field, let value): "\(field) at_least \(MessageQuote.quoted(value))"
        case .atMost(let field, let value): "\(field) at_most \(MessageQuote.quoted(value))"
        case .all(let parts): "all (" + parts.map { Self.condition($0) }.joined(separator: ", ") + ")"
        case .any(let parts): "any (" + parts.map { Self.condition($0) }.joined(separator: ", ") + ")"
        case .not(let part): "not (" + Self.condition(part) + ")"
        }
    }

    /// A field property's value as `apply`'s lines show it: one case per
    /// entry of `FieldProperty.all`, nil for `key` (another key is another
    /// field, not a change of this one). A property missing here is missing
    /// from `apply`'s lines, which FieldPropertyCoverageTests catches.
    static func value(of property: FieldProperty, in field: FieldSpec) -> String? {
        let rules = field.rules
        return switch property.name {
        case "label": MessageQuote.quoted(field.label)
        case "type": rules.type.rawValue
        case "hint": text(field.hint)
        case "required": yesNo(rules.required)
        case "min": text(rules.lowerBound.flatMap { $0.isInclusive ? $0.value : nil })
        case "above": text(rules.lowerBound.flatMap { $0.isInclusive ? nil : $0.value })
        case "max": text(rules.upperBound.flatMap { $0.isInclusive ? $0.value : nil })
        case "below": text(rules.upperBound.flatMap { $0.isInclusive ? nil : $0.value })
        case "step": text(rules.step)
        case "choices": choices(rules.choices)
        case "min_selected": number(rules.minSelected)
        case "max_selected": number(rules.maxSelected)
        case "min_length": number(rules.minLength)
        case "max_length": number(rules.maxLength)
        case "pattern": text(rules.pattern)
        case "email": yesNo(rules.email)
        case "length_unit": rules.lengthUnit.rawValue
        case "short_below": String(rules.shortBelow)
        case "message": text(rules.message)
        case "default": text(field.defaultValue)
        case "read_only": yesNo(field.isReadOnly)
        case "hidden": yesNo(field.isHidden)
        case "show_if": condition(field.showIf)
        default: nil
        }
    }

    /// The properties that are not rules: each has a line of its own
    /// (`field email label "A" → "B"`), where the rules share one.
    static let ownLine: Set<String> = ["label", "hint", "default", "read_only", "hidden", "show_if"]
}
