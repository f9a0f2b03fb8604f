extension FieldRules {
    /// The first thing that makes these rules unusable together, as the
    /// form-file property it is about and words a user can act on; nil when
    /// they work. A property given to a type it does not apply to, bounds
    /// that are not values of the type, `min` above `max`, a step that is
    /// not above 0, choices that are empty, repeated or not usable as
    /// values, `min_selected` above `max_selected`.
    public var inconsistency: (property: String, reason: String)? {
        if let problem = inapplicable { return problem }
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
            var seen: Set<String> = []
            for choice in choices {
                if let problem = FieldChoice.problem(withValue: choice.value) { return ("choices", problem) }
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
    private var inapplicable: (property: String, reason: String)? {
        let given: [(String, Bool)] = [
            ("min_length", minLength != nil), ("max_length", maxLength != nil), ("pattern", pattern != nil), ("email", email),
            ("length_unit", lengthUnit != .characters),
            ("min", lowerBound?.isInclusive == true), ("above", lowerBound?.isInclusive == false),
            ("max", upperBound?.isInclusive == true), ("below", upperBound?.isInclusive == false),
            ("step", step != nil), ("choices", !choices.isEmpty),
            ("min_selected", minSelected != nil), ("max_selected", maxSelected != nil),
        ]
        for (name, isSet) in given where isSet {
            guard let property = FieldProperty.named(name), !property.applies(to: type) else { continue }
            return (name, "`\(name)` applies to \(property.typeNames) fields only, not to a `\(type.rawValue)` field")
        }
        return nil
    }
}
