import FormStore

/// A change of a field's choices (`formctl field choices KEY …`).
public enum ChoiceChange: Hashable, Sendable {
    /// Adds a choice at `position` (from 1; nil: last).
    case add(FieldChoice, position: Int?)
    /// Removes the choice of value `value`.
    case remove(value: String)
    /// Gives the choice of value `value` a new value (and a new label, when
    /// given; else the new value when the label was the old value).
    case rename(value: String, to: String, label: String?)
    /// Moves the choice of value `value` to `position` (from 1).
    case move(value: String, to: Int)

    /// `choices` with the change made, or why it cannot be.
    func applied(to choices: [FieldChoice]) -> Result<[FieldChoice], ChoiceChangeProblem> {
        var result = choices
        func index(of value: String) -> Result<Int, ChoiceChangeProblem> {
            guard let index = choices.firstIndex(where: { $0.hasValue(value) }) else {
                return .failure(ChoiceChangeProblem("there is no choice \"\(value)\"; the choices are " + choices.map(\.value).joined(separator: ", ")))
            }
            return .success(index)
        }
        switch self {
        case .add(let choice, let position):
            if choices.contains(where: { $0.hasValue(choice.value) }) { return .failure(ChoiceChangeProblem("there is a choice \"\(choice.value)\" already")) }
            result.insert(choice, at: Swift.min(Swift.max((position ?? Int.max) - 1, 0), result.count))
        case .remove(let value):
            switch index(of: value) {
            case .success(let found): result.remove(at: found)
            case .failure(let problem): return .failure(problem)
            }
        case .rename(let value, let new, let label):
            switch index(of: value) {
            case .success(let found):
                if !new.isScalarEqual(to: value), choices.contains(where: { $0.hasValue(new) }) { return .failure(ChoiceChangeProblem("there is a choice \"\(new)\" already")) }
                let old = result[found]
                result[found] = FieldChoice(value: new, label: label ?? (old.label.isScalarEqual(to: old.value) ? new : old.label))
            case .failure(let problem): return .failure(problem)
            }
        case .move(let value, let position):
            switch index(of: value) {
            case .success(let found):
                let choice = result.remove(at: found)
                result.insert(choice, at: Swift.min(Swift.max(position - 1, 0), result.count))
            case .failure(let problem): return .failure(problem)
            }
        }
        return .success(result)
    }
}

/// Why a choice change cannot be made, in words.
public struct ChoiceChangeProblem: Error, Hashable, Sendable {
    public let reason: String
    init(_ reason: String) { self.reason = reason }
}

extension StoredForm {
    /// Gives field `key` the type `type` (`formctl field type`), with
    /// `choices` for a select (nil keeps the field's). Rules the new type
    /// does not take go (lengths and patterns of a text, bounds of a
    /// number, choices of a select). Unless `force`, a present value or a
    /// stored answer (of a complete response or a draft) the new type could
    /// not keep is refused (`valuesNotKept`, 64), naming the responses, and
    /// nothing is written.
    @discardableResult
    public func changeType(of key: String, to type: FieldType, choices: [FieldChoice]? = nil, force: Bool = false) throws(FormKitError) -> Field {
        try writing { db throws(FormStoreError) in
            try db.changeField(key: key, force: force) { rules in rules.changingType(to: type, choices: choices) }
        }
    }

    /// Changes field `key`'s choices (`formctl field choices`). Unless
    /// `force`, removing or renaming a choice that the present value or a
    /// stored answer holds is refused (`valuesNotKept`, 64); a rename moves
    /// the present value along.
    @discardableResult
    public func changeChoices(of key: String, _ change: ChoiceChange, force: Bool = false) throws(FormKitError) -> Field {
        var renamed: [String: String] = [:]
        if case .rename(let value, let new, _) = change { renamed[value] = new }
        // Checked on the field as read, so that a refusal writes nothing;
        // made again on the rules under the write lock.
        let rules = try field(key).rules
        guard rules.type.isSelect else {
            throw .store(.invalidValue(key: key, reason: "\(key) is a \(rules.type.rawValue) field, not a select: give it a type first (formctl field type \(key) select_one --choices …)"))
        }
        if case .failure(let problem) = change.applied(to: rules.choices) { throw .store(.invalidValue(key: key, reason: problem.reason)) }
        return try writing { db throws(FormStoreError) in
            try db.changeField(key: key, force: force, renamed: renamed) { rules in
                guard case .success(let choices) = change.applied(to: rules.choices) else { return rules }
                var changed = rules
                changed.choices = choices
                return changed
            }
        }
    }
}

extension FieldRules {
    /// These rules for a field of `type`: what the type does not take goes,
    /// and a select gets `choices` when given.
    func changingType(to type: FieldType, choices: [FieldChoice]?) -> FieldRules {
        var rules = self
        rules.type = type
        if !type.isText {
            (rules.minLength, rules.maxLength, rules.pattern, rules.email) = (nil, nil, nil, false)
            (rules.lengthUnit, rules.shortBelow) = (.characters, 0)
        }
        if !type.isOrdered || type != self.type { (rules.lowerBound, rules.upperBound) = (nil, nil) }
        if !type.isNumber || type != self.type { rules.step = nil }
        if let choices { rules.choices = choices }
        if !type.isSelect { rules.choices = [] }
        if type != .selectMultiple { (rules.minSelected, rules.maxSelected) = (nil, nil) }
        return rules
    }
}
