/// When a field is shown (a form file's `show_if`): the field is laid out,
/// drawn, checked and edited exactly while its condition holds, and keeps
/// its value while it does not (DECISIONS, "Conditions").
///
/// A leaf reads one other field's value, as its type reads it: a value that
/// does not parse as its type reads as empty, and so does a field that is
/// not shown (as ODK does), so `{not: {field: x, filled: true}}` holds while
/// `x` is hidden (`FieldVisibility`). Values in a condition are canonical
/// text of the field's type (`18`, `true`, `2026-06-30`); `apply` refuses a
/// comparison that does not fit the field's type.
public indirect enum ShowCondition: Hashable, Codable, Sendable {
    /// Holds while field `field`'s value equals `value` (as its type
    /// compares: `1.50` equals `1.5`).
    case equals(field: String, value: String)
    /// Holds while field `field` is not empty.
    case filled(field: String)
    /// Holds while field `field`'s value equals one of `values`.
    case isIn(field: String, values: [String])
    /// Holds while the `select_multiple` field `field` includes `value`.
    case includes(field: String, value: String)
    /// Holds while field `field`'s number, date or time is `value` or later.
    case atLeast(field: String, value: String)
    /// Holds while field `field`'s number, date or time is `value` or earlier.
    case atMost(field: String, value: String)
    /// Holds while every one of the conditions holds.
    case all([ShowCondition])
    /// Holds while at least one of the conditions holds.
    case any([ShowCondition])
    /// Holds while the condition does not.
    case not(ShowCondition)

    /// The keys of the fields the condition reads, each once, in the order
    /// it names them.
    public var fields: [String] {
        var keys: [String] = []
        forEachLeaf { key in if !keys.contains(key) { keys.append(key) } }
        return keys
    }

    /// Whether the condition reads field `key`.
    public func reads(_ key: String) -> Bool {
        var found = false
        forEachLeaf { if $0 == key { found = true } }
        return found
    }

    /// Whether the condition is one of the two forms a field had before
    /// typed conditions (`equals` a text, `filled`): the ones the store's
    /// `show_if_field` columns hold.
    public var isSimple: Bool {
        switch self {
        case .equals, .filled: true
        default: false
        }
    }

    /// Calls `body` with the key each leaf reads, depth first. Nesting is
    /// walked with a stack, so a condition nested a million deep (a file
    /// someone made to try) cannot exhaust the call stack.
    public func forEachLeaf(_ body: (String) -> Void) {
        var stack: [ShowCondition] = [self]
        while let condition = stack.popLast() {
            switch condition {
            case .equals(let field, _), .filled(let field), .isIn(let field, _), .includes(let field, _),
                 .atLeast(let field, _), .atMost(let field, _):
                body(field)
            case .all(let parts), .any(let parts): stack.append(contentsOf: parts.reversed())
            case .not(let part): stack.append(part)
            }
        }
    }

    /// Whether the condition holds, reading each field through `operand`:
    /// nil for a key that names no field (a condition with one never
    /// holds: formctl refuses to write it, only a hand edit makes one).
    public func holds(reading operand: (String) -> ConditionOperand?) -> Bool {
        var unknown = false
        forEachLeaf { if operand($0) == nil { unknown = true } }
        return !unknown && evaluate(operand)
    }

    /// Whether the condition holds when every field it reads is a shown
    /// text field holding `value`.
    public func holds(forValue value: String) -> Bool {
        holds { _ in ConditionOperand(value: value, type: .text) }
    }

    private func evaluate(_ operand: (String) -> ConditionOperand?) -> Bool {
        switch self {
        case .equals(let field, let value): return operand(field)?.equals(value) ?? false
        case .filled(let field): return !(operand(field)?.value.isEmpty ?? true)
        case .isIn(let field, let values):
            guard let read = operand(field) else { return false }
            return values.contains { read.equals($0) }
        case .includes(let field, let value):
            guard let read = operand(field), read.type == .selectMultiple else { return false }
            return SelectionValue.decode(read.value)?.contains { $0.isScalarEqual(to: value) } ?? false
        case .atLeast(let field, let value):
            guard let read = operand(field), !read.value.isEmpty, let order = read.type.order(read.value, value) else { return false }
            return order >= 0
        case .atMost(let field, let value):
            guard let read = operand(field), !read.value.isEmpty, let order = read.type.order(read.value, value) else { return false }
            return order <= 0
        case .all(let parts): return parts.allSatisfy { $0.evaluate(operand) }
        case .any(let parts): return parts.contains { $0.evaluate(operand) }
        case .not(let part): return !part.evaluate(operand)
        }
    }
}

/// A field's value as a condition reads it: the value and its type, with
/// a value that does not parse as its type (and a field not shown) read as
/// empty text.
public struct ConditionOperand: Hashable, Sendable {
    /// The canonical value, or "" for empty.
    public var value: String
    /// The field's type, which decides how values compare.
    public var type: FieldType

    /// An operand as given.
    public init(value: String, type: FieldType) {
        self.value = value
        self.type = type
    }

    /// What a hidden field of `type` reads as.
    public static func empty(_ type: FieldType) -> ConditionOperand { ConditionOperand(value: "", type: type) }

    /// Whether the value equals `other` as the type compares values: text
    /// and choices scalar for scalar (`isScalarEqual`), as JSON Schema's
    /// `const` does; numbers, dates and times by what they name.
    func equals(_ other: String) -> Bool {
        if value.isScalarEqual(to: other) { return true }
        guard !value.isEmpty, let order = type.order(value, other) else { return false }
        return order == 0
    }
}

extension Field {
    /// The field's value as a condition reads it while the field is shown
    /// (`ConditionOperand`).
    public var conditionOperand: ConditionOperand {
        ConditionOperand(value: validation.state != .invalid ? value : readableValue, type: rules.type)
    }

    /// An invalid value as a condition reads it: as it is when it parses as
    /// the type (it only breaks a bound or a choice), else empty.
    private var readableValue: String {
        switch rules.type {
        case .text, .longText, .selectOne: value
        case .selectMultiple: SelectionValue.decode(value) != nil ? value : ""
        default: rules.type.canonicalValue(of: value).canonicalText == value ? value : ""
        }
    }
}

extension ShowCondition {
    /// The condition with each field name replaced by `transform`'s.
    public func renamingFields(_ transform: (String) -> String) -> ShowCondition {
        switch self {
        case .equals(let field, let value): .equals(field: transform(field), value: value)
        case .filled(let field): .filled(field: transform(field))
        case .isIn(let field, let values): .isIn(field: transform(field), values: values)
        case .includes(let field, let value): .includes(field: transform(field), value: value)
        case .atLeast(let field, let value): .atLeast(field: transform(field), value: value)
        case .atMost(let field, let value): .atMost(field: transform(field), value: value)
        case .all(let parts): .all(parts.map { $0.renamingFields(transform) })
        case .any(let parts): .any(parts.map { $0.renamingFields(transform) })
        case .not(let part): .not(part.renamingFields(transform))
        }
    }
}
