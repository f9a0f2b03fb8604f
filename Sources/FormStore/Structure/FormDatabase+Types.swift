import FormModel
import GRDB

extension FormDatabase {
    /// Changes a field's rules as `change` says (its type, its choices: a
    /// `field type` or `field choices` command), in one write transaction,
    /// and returns the field under the new rules.
    ///
    /// Unless `force`, a change that the field's present value or a stored
    /// answer of the field could not keep is refused, naming them
    /// (`valuesNotKept`, exit 64): a value that does not parse as a new
    /// type, or a choice that a removal or a rename takes away while the
    /// value or an answer holds it. `renamed` (old value → new) moves the
    /// present value along with a renamed choice.
    @discardableResult
    public func changeField(key: String, force: Bool, renamed: [String: String] = [:],
                            _ change: (FieldRules) -> FieldRules) throws(FormStoreError) -> Field {
        try write { db in
            let field = try FormTables.existingField(key, db)
            let rules = change(field.rules)
            try FieldInput.checkRules(rules, key: key)
            var value = field.value
            if !renamed.isEmpty, field.rules.type.isSelect {
                let values = field.rules.type == .selectMultiple ? SelectionValue.decode(value) ?? [] : [value]
                let moved = values.map { renamed[$0] ?? $0 }
                value = rules.type == .selectMultiple ? rules.storedText(forSelection: moved) : moved.first ?? value
            }
            if !force {
                var reasons = Self.problems(ofValue: value, under: rules, what: "its value")
                let answers = try Row.fetchAll(db, sql: "SELECT response_id, value, type FROM answer WHERE key = ? AND value <> '' ORDER BY response_id", arguments: [key])
                var answerProblems = 0
                for answer in answers {
                    guard let type = FieldType(rawValue: answer["type"] ?? ""), type.isSelect, rules.type.isSelect else { continue }
                    var answerRules = rules
                    answerRules.type = type
                    let text: String = answer["value"] ?? ""
                    if !Self.problems(ofValue: text, under: answerRules, what: "").isEmpty { answerProblems += 1 }
                }
                if answerProblems > 0 {
                    reasons.append("\(answerProblems) stored answer\(answerProblems == 1 ? "" : "s") holding a choice the field would no longer have")
                }
                if !reasons.isEmpty { throw FormStoreError.valuesNotKept(key: key, reasons: reasons) }
            }
            try FormTables.writeRules(rules, key: key, db)
            if value != field.value {
                try db.execute(sql: "UPDATE field SET value = ? WHERE key = ?", arguments: [value, key])
            } else if rules.type != field.rules.type, !value.isEmpty {
                // The value as the new type writes it (`+018` was text; as
                // an integer it is `18`).
                let stored = rules.storedText(forInput: value)
                if stored != value { try db.execute(sql: "UPDATE field SET value = ? WHERE key = ?", arguments: [stored, key]) }
            }
            return try FormTables.existingField(key, db)
        }
    }

    /// What `value` could not keep under `rules`: not of the type, or a
    /// choice the rules do not have; empty when it keeps.
    private static func problems(ofValue value: String, under rules: FieldRules, what: String) -> [String] {
        guard !value.isEmpty else { return [] }
        let stored = rules.storedText(forInput: value)
        switch rules.type {
        case .text, .longText:
            return []
        case .selectOne:
            return rules.choices.contains { $0.value == stored } ? [] : ["\(what) \"\(value)\", which is not one of the choices"]
        case .selectMultiple:
            guard let values = SelectionValue.decode(stored) else { return ["\(what) \"\(value)\", which is not a list of choices"] }
            let unknown = values.filter { chosen in !rules.choices.contains { $0.value == chosen } }
            return unknown.isEmpty ? [] : ["\(what) holding \(unknown.map { "\"\($0)\"" }.joined(separator: ", ")), not among the choices"]
        default:
            if case .unparsable(let reason) = rules.type.canonicalValue(of: value) { return ["\(what) \"\(value)\", which \(reason)"] }
            return []
        }
    }
}

extension FieldType {
    /// `select_one` or `select_multiple`.
    public var isSelect: Bool { self == .selectOne || self == .selectMultiple }
}
