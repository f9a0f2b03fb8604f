import FormModel
import GRDB
import FormText

extension FormDatabase {
    /// Changes a field's rules as `change` says (its type, its choices: a
    /// `field type` or `field choices` command), in one write transaction,
    /// and returns the field under the new rules.
    ///
    /// Unless `force`, a change that the field's present value or a stored
    /// answer of the field (of a complete response or a draft) could not
    /// keep is refused, naming them (`valuesNotKept`, exit 64), and nothing
    /// is written: a value or answer that does not parse as a new type, or
    /// a choice that a removal or a rename takes away while the value or an
    /// answer holds it. `renamed` (old value → new) moves the present value
    /// along with a renamed choice; answers keep what they were given.
    @discardableResult
    public func changeField(key: String, force: Bool, renamed: [String: String] = [:],
                            _ change: (FieldRules) -> FieldRules) throws(FormStoreError) -> Field {
        try write { db in
            let field = try FormTables.existingField(key, db)
            let rules = change(field.rules)
            try FieldInput.checkRules(rules, key: key)
            if rules.type == .note, field.defaultValue != nil || field.isReadOnly {
                throw FormStoreError.invalidValue(key: key, reason: "a `note` holds no value: take away its default or read_only first (formctl apply)")
            }
            var value = field.value
            if !renamed.isEmpty, field.rules.type.isSelect {
                let values = field.rules.type == .selectMultiple ? SelectionValue.decode(value) ?? [] : [value]
                // Scalar for scalar, as the choices compare.
                let moved = values.map { chosen in renamed.first { $0.key.isScalarEqual(to: chosen) }?.value ?? chosen }
                value = rules.type == .selectMultiple ? rules.storedText(forSelection: moved) : moved.first ?? value
            }
            if !force {
                let valueProblem = Self.problem(ofValue: value, under: rules).map { "its value \(MessageQuote.quoted(value, limit: 40)), \($0)" }
                let answers = try Self.answersNotKept(key: key, from: field.rules, to: rules, db)
                if valueProblem != nil || !answers.reasons.isEmpty {
                    throw FormStoreError.valuesNotKept(key: key, reasons: (valueProblem.map { [$0] } ?? []) + answers.reasons,
                                                       valueNotKept: valueProblem != nil, responses: answers.responses)
                }
            }
            try FormTables.writeRules(rules, key: key, db)
            if !value.isScalarEqual(to: field.value) {
                try db.execute(sql: "UPDATE field SET value = ? WHERE key = ?", arguments: [value, key])
            } else if rules.type != field.rules.type, !value.isEmpty {
                // The value as the new type writes it (`+018` was text; as
                // an integer it is `18`).
                let stored = rules.storedText(forInput: value)
                if !stored.isScalarEqual(to: value) { try db.execute(sql: "UPDATE field SET value = ? WHERE key = ?", arguments: [stored, key]) }
            }
            return try FormTables.existingField(key, db)
        }
    }

    /// The most answer values a refusal names one by one; the rest are
    /// counted.
    static let answerValuesNamed = 5
    /// The most response ids a refusal names for one value.
    static let responsesNamed = 10

    /// The stored answers of field `key` that the change from `old` to
    /// `new` would leave unkept, each distinct value as a reason naming
    /// the responses that hold it, and the ids of all those responses in
    /// order.
    ///
    /// A type change is read for every non-empty answer as the new type
    /// reads input (`problem(ofValue:under:)`); a change to a text type
    /// keeps them all and reads nothing. Without a type change, only a
    /// select whose choices lose a value reads its answers, each under
    /// the type it was answered with (`answer.type`). SQLite groups the
    /// answers by value (bytes: scalar for scalar, `isScalarEqual`), so
    /// each distinct value is checked once, and the responses are looked
    /// up only when the change is refused.
    private static func answersNotKept(key: String, from old: FieldRules, to new: FieldRules,
                                       _ db: Database) throws -> (reasons: [String], responses: [Int64]) {
        let typeChanged = new.type != old.type
        let sql: String
        if typeChanged {
            guard !new.type.isText else { return ([], []) }
            sql = "SELECT value, '', count(*) FROM answer WHERE key = ? AND value <> '' GROUP BY value ORDER BY min(response_id)"
        } else {
            guard new.type.isSelect, old.choices.contains(where: { choice in !new.choices.contains { $0.hasValue(choice.value) } }) else {
                return ([], [])
            }
            sql = """
                SELECT value, type, count(*) FROM answer WHERE key = ? AND value <> '' AND type IN ('select_one', 'select_multiple')
                GROUP BY value, type ORDER BY min(response_id)
                """
        }
        struct Unkept {
            let value: String, type: String, count: Int, problem: String
        }
        var unkept: [Unkept] = []
        let groups = try Row.fetchCursor(db, sql: sql, arguments: [key])
        while let group = try groups.next() {
            let value = try group.decode(String.self, atIndex: 0), type = try group.decode(String.self, atIndex: 1)
            var rules = new
            if !typeChanged, let answered = FieldType(rawValue: type) { rules.type = answered }
            guard let problem = problem(ofValue: value, under: rules) else { continue }
            unkept.append(Unkept(value: value, type: type, count: try group.decode(Int.self, atIndex: 2), problem: problem))
        }
        guard !unkept.isEmpty else { return ([], []) }
        // Which responses hold them: one pass over the field's answers.
        struct Group: Hashable { let value: ScalarText, type: String }
        let index = Dictionary(unkept.enumerated().map { (Group(value: ScalarText($1.value), type: typeChanged ? "" : $1.type), $0) }) { first, _ in first }
        var holders = Array(repeating: [Int64](), count: unkept.count)
        var responses: [Int64] = []
        let answers = try Row.fetchCursor(
            db, sql: "SELECT response_id, value, type FROM answer WHERE key = ? AND value <> '' ORDER BY response_id", arguments: [key])
        while let answer = try answers.next() {
            let type = typeChanged ? "" : try answer.decode(String.self, atIndex: 2)
            guard let found = index[Group(value: ScalarText(try answer.decode(String.self, atIndex: 1)), type: type)] else { continue }
            let id = try answer.decode(Int64.self, atIndex: 0)
            holders[found].append(id)
            if responses.last != id { responses.append(id) }
        }
        var reasons = unkept.prefix(answerValuesNamed).enumerated().map { place, answer in
            "the answer \(MessageQuote.quoted(answer.value, limit: 40)) in \(named(holders[place])), \(answer.problem)"
        }
        if unkept.count > answerValuesNamed {
            let rest = unkept.dropFirst(answerValuesNamed).reduce(0) { $0 + $1.count }
            reasons.append("\(rest) more answer\(rest == 1 ? "" : "s") it could not keep")
        }
        return (reasons, responses)
    }

    /// "response 3", "responses 3, 5 and 8", "responses 1, 2, … and 40 more".
    private static func named(_ ids: [Int64]) -> String {
        guard ids.count > 1 else { return "response \(ids.first ?? 0)" }
        let shown = ids.prefix(responsesNamed).map(String.init)
        if ids.count > responsesNamed { return "responses " + shown.joined(separator: ", ") + " and \(ids.count - responsesNamed) more" }
        return "responses " + shown.dropLast().joined(separator: ", ") + " and " + (shown.last ?? "")
    }

    /// Why `value` could not be kept under `rules` ("which is not a whole
    /// number"): not of the type, or a choice the rules do not have
    /// (scalar for scalar); nil when it keeps.
    private static func problem(ofValue value: String, under rules: FieldRules) -> String? {
        guard !value.isEmpty else { return nil }
        let stored = rules.storedText(forInput: value)
        switch rules.type {
        case .text, .longText:
            return nil
        case .selectOne:
            return rules.choices.contains { $0.hasValue(stored) } ? nil : "which is not one of the choices"
        case .selectMultiple:
            guard let values = SelectionValue.decode(stored) else { return "which is not a list of choices" }
            let unknown = values.filter { chosen in !rules.choices.contains { $0.hasValue(chosen) } }
            return unknown.isEmpty ? nil : "which holds \(unknown.map { "\"\($0)\"" }.joined(separator: ", ")), not among the choices"
        default:
            if case .unparsable(let reason) = rules.type.canonicalValue(of: value) { return "which \(reason)" }
            return nil
        }
    }
}

extension FieldType {
    /// `select_one` or `select_multiple`.
    public var isSelect: Bool { self == .selectOne || self == .selectMultiple }
}
