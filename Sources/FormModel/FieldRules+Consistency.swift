extension FieldRules {
    /// The first thing that makes these rules unusable together, as the
    /// form-file property it is about and words a user can act on; nil when
    /// they work. A property given to a type it does not apply to, bounds
    /// that are not values of the type, `min` above `max`, a step that is
    /// not above 0, choices that are empty, repeated or not usable as
    /// values, `min_selected` above `max_selected`.
    public var inconsistency: (property: String, reason: String)? {
        if let problem = inapplicable { return problem }
        if type == .note, required { return ("required", "a `note` holds no value: it cannot be `required`") }
        for (bound, name) in [(lowerBound, lowerBound?.isInclusive == false ? "above" : "min"),
                              (upperBound, upperBound?.isInclusive == false ? "below" : "max")] {
            guard let bound else { continue }
            if type.canonicalValue(of: bound.value).canonicalText != bound.value {
                return (name, "`\(name)` \"\(bound.value)\" \(type.expectation ?? "is not a value of the type") (the field is of type `\(type.rawValue)`)")
            }
        }
        if let lower = lowerBound, let upper = upperBound, let order = type.order(lower.value, upper.value),
           order > 0 || (order == 0 && !(lower.isInclusive && upper.isInclusive)) {
            let lowerName = lower.isInclusive ? "min" : "above", upperName = upper.isInclusive ? "max" : "below"
            return (lowerName, "`\(lowerName)` \(lower.value) and `\(upperName)` \(upper.value) leave no value that could pass")
        }
        if let step {
            guard let unit = DecimalValue(parsing: step), type.canonicalValue(of: step).canonicalText == step, unit.scaled > 0 else {
                return ("step", "`step` must be a \(type == .integer ? "whole " : "")number above 0, not \"\(step)\"")
            }
        }
        if type == .selectOne || type == .selectMultiple {
            if choices.isEmpty { return ("choices", "a `\(type.rawValue)` field needs `choices`: at least one") }
            if choices.count > FieldChoice.mostChoices {
                return ("choices", "a field has at most \(FieldChoice.mostChoices) choices, not \(choices.count)")
            }
            // Scalar for scalar: `ä` and `a` + U+0308 are two choices, as in
            // field_choice's UNIQUE and a JSON Schema's `enum`.
            var seen: Set<ScalarText> = []
            for choice in choices {
                if let problem = FieldChoice.problem(withValue: choice.value) { return ("choices", problem) }
                if !seen.insert(ScalarText(choice.value)).inserted { return ("choices", "the choice \"\(choice.value)\" is given twice") }
            }
        }
        if type.isNumber, !choices.isEmpty {
            var seen: Set<String> = []
            for choice in choices {
                guard type.canonicalValue(of: choice.value).canonicalText == choice.value else {
                    return ("choices", "the choice \"\(choice.value)\" \(type.expectation ?? "is not a value of the type") (the field is of type `\(type.rawValue)`, written as formctl stores it)")
                }
                if !seen.insert(choice.value).inserted { return ("choices", "the choice \"\(choice.value)\" is given twice") }
            }
        }
        if let fewest = minSelected, fewest < 0 { return ("min_selected", "`min_selected` cannot be negative") }
        if let most = maxSelected, most < 0 { return ("max_selected", "`max_selected` cannot be negative") }
        if let fewest = minSelected, let most = maxSelected, fewest > most {
            return ("min_selected", "`min_selected` \(fewest) is above `max_selected` \(most): no answer could pass")
        }
        return nil
    }

    /// A property set that the type does not take.
    ///
    /// As bits, one per property in `Self.checkedProperties`' order: a
    /// form's reading asks this of every field, and looking each property
    /// set up by name in `FieldProperty.all` cost a typed field about 4,000
    /// instructions.
    private var inapplicable: (property: String, reason: String)? {
        let flags = [minLength != nil, maxLength != nil, pattern != nil, email, lengthUnit != .characters,
                     lowerBound?.isInclusive == true, lowerBound?.isInclusive == false,
                     upperBound?.isInclusive == true, upperBound?.isInclusive == false,
                     step != nil, !choices.isEmpty, minSelected != nil, maxSelected != nil]
        var given: UInt32 = 0
        for (bit, isSet) in flags.enumerated() where isSet { given |= 1 << UInt32(bit) }
        // Most fields set none of these: they need not build the tables
        // below (their first use costs a one-field `get` 2.5%).
        guard given != 0 else { return nil }
        let misplaced = given & ~Self.takenBits(of: type)
        guard misplaced != 0 else { return nil }
        let bit = misplaced.trailingZeroBitCount
        // Every name below is in `FieldProperty.all` (RuleConsistencyTests).
        guard bit < Self.checkedProperties.count else { return nil }
        let property = Self.checkedProperties[bit]
        return (property.name, "`\(property.name)` applies to \(property.typeNames) fields only, not to a `\(type.rawValue)` field")
    }

    /// The properties `inapplicable` checks, in the order of its bits.
    private static let checkedProperties: [FieldProperty] = [
        "min_length", "max_length", "pattern", "email", "length_unit", "min", "above", "max", "below",
        "step", "choices", "min_selected", "max_selected",
    ].compactMap(FieldProperty.named)

    /// For each type (in `FieldType.allCases`' order), a bit per checked property it takes.
    private static let takenBitsByType: [UInt32] = FieldType.allCases.map { type in
        checkedProperties.enumerated().reduce(into: UInt32(0)) { bits, entry in
            if entry.element.applies(to: type) { bits |= 1 << UInt32(entry.offset) }
        }
    }

    private static func takenBits(of type: FieldType) -> UInt32 {
        guard let index = FieldType.allCases.firstIndex(of: type) else { return ~0 }
        return takenBitsByType[index]
    }
}
