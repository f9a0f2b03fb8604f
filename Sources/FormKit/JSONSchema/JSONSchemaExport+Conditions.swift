import FormText
import FormModel

/// `show_if` as JSON Schema: for each field, a schema of the values object
/// that holds exactly while `FieldVisibility` shows the field. A condition
/// reads each field as it is while shown, and a field that is not shown as
/// empty, so a leaf on field `g` is "g is shown and its value passes, or g
/// is not shown and the empty value passes" (the second part folded to
/// true or false, as the empty value's verdict is known). Whether `g` is
/// shown is its own condition, written once in `$defs` (`shown-g`) and
/// referred to, so a chain of conditions stays linear.
///
/// A value is read as valid: where a shown field's value is not, `check`
/// fails and so does the schema (the field's own keywords apply while it
/// is shown), whatever its conditions make of it.
extension JSONSchemaExport {
    /// A schema of the values object, or a verdict that needs none.
    enum Formula {
        case constant(Bool)
        case schema(JSONTree)

        var value: JSONTree {
            switch self {
            case .constant(let holds): .boolean(holds)
            case .schema(let schema): schema
            }
        }

        static func all(_ parts: [Formula]) -> Formula {
            var schemas: [JSONTree] = []
            for part in parts {
                switch part {
                case .constant(false): return .constant(false)
                case .constant(true): continue
                case .schema(let schema): schemas.append(schema)
                }
            }
            if schemas.isEmpty { return .constant(true) }
            return schemas.count == 1 ? .schema(schemas[0]) : .schema(.object([("allOf", .array(schemas))]))
        }

        static func any(_ parts: [Formula]) -> Formula {
            var schemas: [JSONTree] = []
            for part in parts {
                switch part {
                case .constant(true): return .constant(true)
                case .constant(false): continue
                case .schema(let schema): schemas.append(schema)
                }
            }
            if schemas.isEmpty { return .constant(false) }
            return schemas.count == 1 ? .schema(schemas[0]) : .schema(.object([("anyOf", .array(schemas))]))
        }

        static func not(_ part: Formula) -> Formula {
            switch part {
            case .constant(let holds): .constant(!holds)
            case .schema(let schema): .schema(.object([("not", schema)]))
            }
        }
    }

    /// Each field's formula for "shown", and the `$defs` the formulas refer to.
    /// The fields are those of one object (the form's top, or one
    /// instance of a repeat), each keyed by its path in that object
    /// (`phone`, `contact.phone`), its condition's names resolved to such
    /// paths (`JSONSchemaExport+Groups.swift`).
    struct Visibility {
        let byKey: [String: FieldSpec]
        /// Put before each definition's name: the repeat's path and a dot
        /// for an instance's fields, so every object's names differ.
        let prefix: String
        private(set) var shown: [String: Formula] = [:]
        private(set) var definitions: [(String, JSONTree)] = []
        private var defined: Set<String> = []
        /// The first field whose condition cannot be written, and why.
        private(set) var problems: [(key: String, error: PatternTranslationError)] = []

        init(_ fields: [FieldSpec], prefix: String = "") {
            self.prefix = prefix
            var byKey: [String: FieldSpec] = [:]
            for field in fields where byKey[field.key] == nil { byKey[field.key] = field }
            self.byKey = byKey
            // Fields never shown whatever the values: hidden, reading a key
            // no field has, or on a cycle of conditions, exactly as
            // `FieldVisibility` finds them: it is asked, with each condition
            // replaced by one that always holds and reads the same fields
            // in the same order.
            let probes = fields.enumerated().map { place, spec in
                Field(key: spec.key, label: spec.label, row: place + 1, position: 1, isVisible: !spec.isHidden, rules: spec.rules,
                      showIf: spec.showIf.map(Self.alwaysHolds))
            }
            let possible = FieldVisibility.shown(probes)
            // In an order where each field comes after the fields its
            // condition reads (among those that can be shown, the reads
            // form no cycle: FieldVisibility hid every field on one).
            var canBeShown: [String: Bool] = [:]
            for (field, flag) in zip(fields, possible) where canBeShown[field.key] == nil { canBeShown[field.key] = flag }
            var done: Set<String> = []
            for start in fields.map(\.key) where !done.contains(start) {
                var stack: [(key: String, next: Int)] = [(start, 0)]
                var onStack: Set<String> = [start]
                while let top = stack.last {
                    let reads = canBeShown[top.key] == true ? (byKey[top.key]?.showIf?.fields ?? []) : []
                    if top.next < reads.count {
                        stack[stack.count - 1].next += 1
                        let read = reads[top.next]
                        if byKey[read] != nil, !done.contains(read), onStack.insert(read).inserted { stack.append((read, 0)) }
                        continue
                    }
                    stack.removeLast()
                    onStack.remove(top.key)
                    guard done.insert(top.key).inserted else { continue }
                    resolve(top.key, canBeShown: canBeShown[top.key] == true)
                }
            }
        }

        /// A condition that always holds and reads `condition`'s fields in its order.
        static func alwaysHolds(_ condition: ShowCondition) -> ShowCondition {
            let keys = condition.fields
            guard let first = keys.first else { return condition }
            return .any(keys.map { ShowCondition.filled(field: $0) } + [.not(.filled(field: first))])
        }

        private mutating func resolve(_ key: String, canBeShown: Bool) {
            guard canBeShown, let field = byKey[key] else {
                shown[key] = .constant(false)
                return
            }
            guard let condition = field.showIf else {
                shown[key] = .constant(true)
                return
            }
            do throws(PatternTranslationError) {
                shown[key] = try formula(condition)
            } catch {
                problems.append((key, error))
                shown[key] = .constant(false)
            }
        }

        /// Whether field `key` is shown, as a formula other formulas use:
        /// a reference to its definition when it depends on values.
        private mutating func reference(_ key: String) -> Formula {
            guard let formula = shown[key] else { return .constant(false) }
            guard case .schema(let schema) = formula else { return formula }
            let name = "shown-" + prefix + key
            if defined.insert(name).inserted { definitions.append((name, schema)) }
            return .schema(.object([("$ref", .string("#/$defs/" + JSONSchemaImport.pointerToken(name)))]))
        }

        /// A group's or repeat's condition (its names resolved as a
        /// field's are) as a formula of this object's fields.
        mutating func groupFormula(_ condition: ShowCondition) throws(PatternTranslationError) -> Formula {
            try formula(condition)
        }

        private mutating func formula(_ condition: ShowCondition) throws(PatternTranslationError) -> Formula {
            switch condition {
            case .all(let parts):
                var formulas: [Formula] = []
                for part in parts { formulas.append(try formula(part)) }
                return .all(formulas)
            case .any(let parts):
                var formulas: [Formula] = []
                for part in parts { formulas.append(try formula(part)) }
                return .any(formulas)
            case .not(let part):
                return .not(try formula(part))
            case .equals(let key, _), .filled(let key), .isIn(let key, _), .includes(let key, _), .atLeast(let key, _), .atMost(let key, _):
                // A key no field has makes the whole condition fail, and the
                // field never shown: not reached.
                guard let read = byKey[key] else { return .constant(false) }
                let emptyHolds = condition.holds { _ in .empty(read.rules.type) }
                let value = try JSONSchemaExport.valueHolds(condition, rules: read.rules)
                let onValue = Formula.schema(JSONSchemaExport.at(
                    key, emptyHolds ? .object([("anyOf", .array([JSONSchemaExport.empty(read.rules), value]))]) : value, required: true))
                switch reference(key) {
                case .constant(true): return onValue
                case .constant(false): return .constant(emptyHolds)
                case let readShown: return emptyHolds ? .any([.not(readShown), onValue]) : .all([readShown, onValue])
                }
            }
        }
    }

    /// The empty value of a field of these rules: `""` for text, null for a typed field.
    static func empty(_ rules: FieldRules) -> JSONTree {
        rules.type.isText ? .object([("const", .string(""))]) : .object([("type", .string("null"))])
    }

    /// A schema of the non-empty valid values of a field of `rules` for
    /// which the leaf `condition` holds (it refuses the empty value).
    static func valueHolds(_ condition: ShowCondition, rules: FieldRules) throws(PatternTranslationError) -> JSONTree {
        let type = rules.type
        switch condition {
        case .equals, .isIn, .atLeast, .atMost:
            // Instants compare across offsets.
            if type == .datetime { throw datetimeComparison(condition) }
        default:
            break
        }
        switch condition {
        case .filled:
            return type.isText ? .object([("minLength", .integer(1))]) : .object([("not", .object([("type", .string("null"))]))])
        case .equals(_, let value):
            return try equal(value, rules: rules) ?? .boolean(false)
        case .isIn(_, let values):
            var alternatives: [JSONTree] = []
            for value in values { if let schema = try equal(value, rules: rules) { alternatives.append(schema) } }
            if alternatives.isEmpty { return .boolean(false) }
            return alternatives.count == 1 ? alternatives[0] : .object([("anyOf", .array(alternatives))])
        case .includes(_, let value):
            guard type == .selectMultiple, let choice = rules.choices.first(where: { $0.hasValue(value) }) else { return .boolean(false) }
            return .object([("type", .string("array")), ("contains", .object([("const", .string(choice.value))]))])
        case .atLeast(_, let value), .atMost(_, let value):
            let atLeast: Bool = if case .atLeast = condition { true } else { false }
            if type.isNumber {
                guard let number = number(value, type) else { return .boolean(false) }
                return .object([("type", .string("number")), (atLeast ? "minimum" : "maximum", .number(number))])
            }
            guard type == .date || type == .time, let bound = type.canonicalValue(of: value).canonicalText else { return .boolean(false) }
            let pattern = atLeast ? "^(?:" + CalendarPatterns.atLeast(bound) + ")" : "^(?!" + CalendarPatterns.above(bound) + ")"
            return .object([("type", .string("string")), ("pattern", .string(pattern))])
        case .all, .any, .not:
            return .boolean(false)
        }
    }

    /// A number's canonical text, as `FieldType.order` reads it for a
    /// field of `type` (an integer's 16 digits included), or nil.
    static func number(_ text: String, _ type: FieldType) -> String? {
        if type == .integer, let whole = FieldType.integer.canonicalValue(of: text).canonicalText { return whole }
        return FieldType.decimal.canonicalValue(of: text).canonicalText
    }

    static func datetimeComparison(_ condition: ShowCondition) -> PatternTranslationError {
        PatternTranslationError(
            construct: "show_if \(Describe.condition(condition))",
            reason: "a datetime compares by its instant, across offsets (10:00+02:00 is 08:00Z), which no JSON Schema keyword or pattern can say")
    }

    /// The non-empty valid values equal to `value` as the condition
    /// compares (`ConditionOperand`): the same canonical value of the type,
    /// a choice itself; nil when no valid value is.
    static func equal(_ value: String, rules: FieldRules) throws(PatternTranslationError) -> JSONTree? {
        guard !value.isEmpty else { return nil }
        switch rules.type {
        case .note:
            return nil
        case .text, .longText:
            // Scalar for scalar (`ConditionOperand.equals`), as `const`.
            return .object([("const", .string(value))])
        case .integer, .decimal:
            return number(value, rules.type).map { .object([("const", .number($0))]) }
        case .boolean:
            guard value == "true" || value == "false" else { return nil }
            return .object([("const", .boolean(value == "true"))])
        case .selectOne:
            return rules.choices.first { $0.hasValue(value) }.map { .object([("const", .string($0.value))]) }
        case .selectMultiple:
            guard let given = SelectionValue.decode(value) else { return nil }
            var chosen: [String] = []
            for item in given {
                guard let choice = rules.choices.first(where: { $0.hasValue(item) }) else { return nil }
                chosen.append(choice.value)
            }
            let stored = SelectionValue.text(of: chosen, choices: rules.choices)
            guard stored.isScalarEqual(to: value), let values = SelectionValue.decode(stored) else { return nil }
            return .object([("const", .array(values.map { .string($0) }))])
        case .date, .time:
            return rules.type.canonicalValue(of: value).canonicalText.map { .object([("const", .string($0))]) }
        case .datetime:
            return nil
        }
    }

}
