extension FieldRules {
    /// The value a condition's `test` (`equals`, `in`, `includes`,
    /// `at_least`, `at_most`) compares with a field of these rules, as the
    /// canonical text of its type; or why it cannot compare that way: the
    /// test does not fit the type (`at_least` on text), the value does not
    /// parse as the type, or it is not one of a select's choices. A
    /// select_multiple's `equals` takes one choice named whole, values
    /// separated by spaces or commas, or a JSON array.
    public func conditionValue(_ raw: String, test: String) -> Result<String, ConditionValueProblem> {
        switch test {
        case "includes" where type != .selectMultiple:
            return .failure(ConditionValueProblem("`includes` reads a `select_multiple` field, not one of type `\(type.rawValue)`: use `equals`"))
        case "in" where type == .selectMultiple:
            return .failure(ConditionValueProblem("`in` compares one value, and a `select_multiple` holds several: use `includes`"))
        case "at_least", "at_most":
            guard type.isOrdered else {
                return .failure(ConditionValueProblem("`\(test)` compares numbers, dates and times, not values of type `\(type.rawValue)`"))
            }
        default:
            break
        }
        switch type {
        case .text, .longText:
            return .success(raw)
        case .selectOne, .selectMultiple:
            let values = test == "equals" && type == .selectMultiple ? SelectionValue.values(ofInput: raw, choices: choices) : [raw]
            for value in values where !choices.contains(where: { $0.hasValue(value) }) {
                return .failure(ConditionValueProblem("`\(test)` \"\(value)\" is not one of the choices: "
                    + choices.prefix(10).map(\.value).joined(separator: ", ") + (choices.count > 10 ? ", …" : "")))
            }
            return .success(test == "equals" && type == .selectMultiple ? storedText(forSelection: values) : raw)
        default:
            switch type.canonicalValue(of: raw) {
            case .canonical(let text): return .success(text)
            case .unparsable(let reason): return .failure(ConditionValueProblem("`\(test)` \(raw) \(reason)"))
            }
        }
    }
}

/// Why a condition cannot compare a value with a field, in words.
public struct ConditionValueProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension ShowCondition {
    /// The condition with each value as the canonical text of the field it
    /// compares with (`rules(key)` gives a field's rules; nil for a key no
    /// field has, which is left for the caller to report), or the first
    /// problem, with the key of the field it is about.
    public func canonical(reading rules: (String) -> FieldRules?) -> Result<ShowCondition, KeyedConditionProblem> {
        func value(_ field: String, _ raw: String, _ test: String) throws(KeyedConditionProblem) -> String {
            guard let fieldRules = rules(field) else { return raw }
            switch fieldRules.conditionValue(raw, test: test) {
            case .success(let text): return text
            case .failure(let problem): throw KeyedConditionProblem(key: field, problem: problem)
            }
        }
        func canonical(_ condition: ShowCondition) throws(KeyedConditionProblem) -> ShowCondition {
            switch condition {
            case .equals(let field, let raw): return .equals(field: field, value: try value(field, raw, "equals"))
            case .filled: return condition
            case .isIn(let field, let raws):
                var values: [String] = []
                for raw in raws { values.append(try value(field, raw, "in")) }
                return .isIn(field: field, values: values)
            case .includes(let field, let raw): return .includes(field: field, value: try value(field, raw, "includes"))
            case .atLeast(let field, let raw): return .atLeast(field: field, value: try value(field, raw, "at_least"))
            case .atMost(let field, let raw): return .atMost(field: field, value: try value(field, raw, "at_most"))
            case .all(let parts):
                var checked: [ShowCondition] = []
                for part in parts { checked.append(try canonical(part)) }
                return .all(checked)
            case .any(let parts):
                var checked: [ShowCondition] = []
                for part in parts { checked.append(try canonical(part)) }
                return .any(checked)
            case .not(let part): return .not(try canonical(part))
            }
        }
        do {
            return .success(try canonical(self))
        } catch {
            return .failure(error)
        }
    }
}

/// A `ConditionValueProblem` with the key of the field compared.
public struct KeyedConditionProblem: Error, Hashable, Sendable {
    public let key: String
    public let problem: ConditionValueProblem
}
