import FormModel
import FormStore
import Yams

/// A field's type and what comes with it (DECISIONS, "Typed questions"):
/// `type`, `min`/`above`, `max`/`below`, `step`, `choices`,
/// `min_selected`/`max_selected`, `hint` and `default`.
extension FormFileReader {
    /// Reads the typed properties into `rules` and returns the hint and the
    /// default (its stored text). Rules that do not fit the type are
    /// reported at the property (`FieldRules.inconsistency`).
    mutating func typedProperties(_ properties: FormFileProperties, rules: inout FieldRules) -> (hint: String?, defaultValue: String?) {
        if let name = text(properties, "type") {
            if let type = FieldType(rawValue: name) {
                rules.type = type
            } else {
                let names = FieldType.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")
                let suggestion = KeySuggestion.nearest(to: name, in: FieldType.allCases.map(\.rawValue)).map { " (did you mean `\($0)`?)" } ?? ""
                report(properties["type"], "unknown `type` \"\(FormFileScalars.excerpt(name))\"\(suggestion); the types are \(names)")
            }
        }
        let type = rules.type
        if let (lower, upper) = bounds(properties, type: type) {
            rules.lowerBound = lower
            rules.upperBound = upper
        }
        if let node = properties["step"] { rules.step = typedScalar(node, "step", as: type == .integer ? .integer : .decimal) }
        if let node = properties["choices"] {
            rules.choices = choices(node)
            // A number's choices as it stores them (`0.50` is `0.5`); one
            // that is no number stays, for `inconsistency` to name.
            if type.isNumber {
                for index in rules.choices.indices {
                    if let canonical = type.canonicalValue(of: rules.choices[index].value).canonicalText {
                        let label = rules.choices[index].label
                        rules.choices[index].value = canonical
                        if label == canonical || type.canonicalValue(of: label).canonicalText == canonical { rules.choices[index].label = canonical }
                    }
                }
            }
        }
        rules.minSelected = count(properties, "min_selected")
        rules.maxSelected = count(properties, "max_selected")
        if !type.isText, let node = properties.names["short_below"] {
            report(node, "`short_below` applies to `text` and `long_text` fields only, not to a `\(type.rawValue)` field")
        }
        if let (property, reason) = rules.inconsistency {
            report(properties.names[property] ?? properties[property] ?? properties.owner, reason)
        }
        var hint: String?
        if let given = text(properties, "hint") {
            if given.isEmpty {
                report(properties["hint"], "`hint` cannot be empty (leave it out for none)")
            } else {
                hint = given
            }
        }
        var defaultValue: String?
        if let node = properties["default"] { defaultValue = self.defaultValue(node, rules: rules) }
        return (hint, defaultValue)
    }

    /// `min` or `above`, and `max` or `below`: one of each pair.
    private mutating func bounds(_ properties: FormFileProperties, type: FieldType) -> (ValueBound?, ValueBound?)? {
        var result: [ValueBound?] = []
        for (inclusive, exclusive) in [("min", "above"), ("max", "below")] {
            if properties[inclusive] != nil, properties[exclusive] != nil {
                report(properties.names[exclusive], "`\(inclusive)` and `\(exclusive)` are two ways to give one bound: keep one")
                return nil
            }
            let name = properties[inclusive] != nil ? inclusive : exclusive
            guard let node = properties[name] else {
                result.append(nil)
                continue
            }
            guard type.isOrdered else {
                let types = FieldProperty.named(name)?.typeNames ?? "numbers, dates and times"
                report(properties.names[name], "`\(name)` applies to \(types) fields only, not to a `\(type.rawValue)` field")
                return nil
            }
            guard let value = typedScalar(node, name, as: type) else { return nil }
            result.append(ValueBound(value, inclusive: name == inclusive))
        }
        return (result[0], result[1])
    }

    /// A value of `type` given in the file, as its canonical text; a value
    /// that does not parse, or a scalar of the wrong kind (a quoted number,
    /// text where a boolean belongs), is reported.
    mutating func typedScalar(_ node: Node, _ name: String, as type: FieldType) -> String? {
        guard case .scalar(let scalar) = node else {
            report(node, "`\(name)` must be \(Self.kind(of: type)), not \(FormFileScalars.describe(node))")
            return nil
        }
        let tag = FormFileScalars.tagName(node)
        let text = scalar.string
        let expected: Set<Tag.Name> = switch type {
        case .integer, .decimal: [.int, .float]
        case .boolean: [.bool]
        default: [.str]
        }
        guard expected.contains(tag) else {
            let hint = type.isNumber && tag == .str ? " (write it without quotes)" : ""
            report(node, "`\(name)` must be \(Self.kind(of: type)), not \(FormFileScalars.describe(node))\(hint)")
            return nil
        }
        if text.unicodeScalars.contains("\0") {
            report(node, "`\(name)` contains a NUL character (U+0000), which SQLite text and the sqlite3 shell cannot carry")
            return nil
        }
        // JSON's `1.0` is the integer 1, as in JSON Schema.
        if type == .integer, tag == .float, let decimal = FieldType.decimal.canonicalValue(of: text).canonicalText,
           let whole = FieldType.integer.canonicalValue(of: decimal).canonicalText {
            return whole
        }
        switch type.canonicalValue(of: tag == .bool ? text.lowercased() : text) {
        case .canonical(let canonical): return canonical
        case .unparsable(let reason):
            report(node, "`\(name)` \(FormFileScalars.excerpt(text)) \(reason)")
            return nil
        }
    }

    /// What a value of `type` is in a file, for messages.
    static func kind(of type: FieldType) -> String {
        switch type {
        case .integer: "a whole number"
        case .decimal: "a number"
        case .boolean: "true or false"
        case .selectMultiple: "a list of choice values"
        case .date: "a date in quotes (\"2026-01-31\")"
        case .time: "a time in quotes (\"09:30\")"
        case .datetime: "a date and time in quotes (\"2026-01-31T09:30:00Z\")"
        default: "text"
        }
    }

    /// `choices`: a list of values, or of `{value, label}` mappings.
    private mutating func choices(_ node: Node) -> [FieldChoice] {
        guard let items = sequence(node, "choices", shape: "a list of choices: values, or {value: V, label: L}") else { return [] }
        var choices: [FieldChoice] = []
        for item in items.prefix(FieldChoice.mostChoices + 1) {
            switch item {
            case .scalar(let scalar) where [.str, .int, .float, .bool].contains(FormFileScalars.tagName(item)):
                if let choice = choice(scalar.string, label: nil, at: item) { choices.append(choice) }
            case .mapping:
                guard let properties = mapping(item, "a choice", known: ["value", "label"], shape: "{value: V, label: L}") else { continue }
                guard let valueNode = properties["value"], case .scalar(let value) = valueNode,
                      [.str, .int, .float, .bool].contains(FormFileScalars.tagName(valueNode)) else {
                    report(properties["value"] ?? item, "a choice needs `value`: 1 to 200 characters without control characters")
                    continue
                }
                let label = text(properties, "label")
                if label == "", let labelNode = properties["label"] {
                    report(labelNode, "a choice's `label` cannot be empty (leave it out to show the value)")
                    continue
                }
                if let choice = choice(value.string, label: label, at: valueNode) { choices.append(choice) }
            default:
                report(item, "a choice must be a value or {value: V, label: L}, not \(FormFileScalars.describe(item))")
            }
        }
        // Scalar for scalar (`ScalarText`): `ä` and `a` + U+0308 are two choices.
        var seen: [ScalarText: Node] = [:]
        for (choice, item) in zip(choices, items) {
            if let first = seen[ScalarText(choice.value)] {
                report(item, "the choice \"\(choice.value)\" is given twice: first at \(Self.place(first))")
            } else {
                seen[ScalarText(choice.value)] = item
            }
        }
        return choices
    }

    private mutating func choice(_ value: String, label: String?, at node: Node) -> FieldChoice? {
        if let problem = FieldChoice.problem(withValue: value) {
            report(node, problem)
            return nil
        }
        return FieldChoice(value: value, label: label)
    }

    /// `default`: a value of the field's type, as its stored text. One
    /// that does not parse is refused; one that breaks a bound or is not
    /// a choice is taken, and is `invalid` until changed (DECISIONS).
    private mutating func defaultValue(_ node: Node, rules: FieldRules) -> String? {
        switch rules.type {
        case .note:
            report(node, "a `note` holds no value: it has no `default`")
            return nil
        case .text, .longText, .selectOne:
            guard let text = typedScalar(node, "default", as: .text) else { return nil }
            return rules.storedText(forInput: text)
        case .selectMultiple:
            guard let items = sequence(node, "default", shape: "a list of choice values") else { return nil }
            var values: [String] = []
            for item in items {
                guard let value = typedScalar(item, "default", as: .text) else { return nil }
                values.append(value)
            }
            return rules.storedText(forSelection: values)
        default:
            return typedScalar(node, "default", as: rules.type)
        }
    }
}
