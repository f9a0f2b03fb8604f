import FormModel
import GRDB

extension FormDatabase {
    /// Stores one response: the values of every field, shown or not, with
    /// each field's key and label as they are now, under `status`.
    ///
    /// `accepts` is asked about the form holding the values to be stored
    /// (FormKit's `check`); when it says no, nothing is stored and nil is
    /// returned. It may be asked more than once (see below), each time
    /// about the form as it is then.
    ///
    /// As with `setValue`, the work (the form read, the values checked, the
    /// minimap of the cleared form laid out) is done before the write lock
    /// is taken; the lock is held to insert the response and its answers
    /// and, when clearing, to write the cleared values, their states and
    /// the rectangles that changed. If another connection committed in
    /// between in a way that matters (any commit, for the form's own
    /// values; a change of the form's fields, for given values) the work
    /// is redone; after a few rounds it is done under the lock, so a
    /// submit always finishes.
    public func submit(_ submission: ResponseSubmission, status: FormResponse.Status,
                       accepts: (FormDefinition) -> Bool) throws(FormStoreError) -> StoredResponse? {
        if isReadOnly { throw .readOnly(path: path) }
        for _ in 0..<4 {
            switch try planSubmission(submission, status: status, accepts: accepts) {
            case .refused: return nil
            case .stale: break
            case .write(let plan):
                if let stored = try apply(plan, status: status) { return stored }
                continue
            }
            break
        }
        // Everything under the lock, with a whole refresh (`write`).
        return try write { db -> StoredResponse? in
            let form = try FormTables.definition(db)
            let submitted = try Self.submittedForm(submission, form: form)
            guard accepts(submitted) else { return nil }
            var plan = SubmissionPlan(dataVersion: 0, fieldsVersion: 0, form: form, usesFormValues: submission.usesFormValues,
                                      clearing: submission.isClearing, answers: FormResponse.answers(of: submitted).filter(\.type.holdsValue),
                                      replacing: nil, cleared: [], storedRects: [], rects: [])
            if plan.usesFormValues { plan.replacing = try ResponseTables.openResponse(db) }
            if plan.clearing { plan.cleared = Self.cleared(form.fields) }
            // Stored first, then cleared: history reads in that order.
            let stored = try Self.insert(plan, status: status, db)
            for field in plan.cleared {
                try db.execute(sql: "UPDATE field SET value = ? WHERE key = ?", arguments: [field.value, field.key])
            }
            return stored
        }
    }

    /// What a submission comes to, worked out from a read.
    private enum SubmissionOutcome {
        /// `accepts` said no.
        case refused
        /// The derived data is stale: only the slow path refreshes it.
        case stale
        /// A response to write, planned.
        case write(SubmissionPlan)
    }

    /// The writes of a submission, worked out outside the write lock.
    private struct SubmissionPlan {
        var dataVersion: Int
        /// `form.fields_version` as read: the fields' structure.
        var fieldsVersion: Int64
        /// The form as read (its own values).
        var form: FormDefinition
        /// Whether the form's own values are stored (else given ones).
        var usesFormValues: Bool
        /// Whether the form's values are cleared afterwards.
        var clearing: Bool
        var answers: [FormResponse.Answer]
        /// The open draft, which the response replaces if it still is one.
        var replacing: Int64?
        /// The fields that held a value, cleared (to their `default`).
        var cleared: [Field]
        var storedRects: [MinimapRect]
        var rects: [MinimapRect]
    }

    /// Reads the form and works out the submission.
    private func planSubmission(_ submission: ResponseSubmission, status: FormResponse.Status,
                                accepts: (FormDefinition) -> Bool) throws(FormStoreError) -> SubmissionOutcome {
        let clearing = submission.isClearing
        let read = try mappingErrors(path: path) {
            try queue.read { db -> (stale: Bool, version: Int, fields: Int64, form: FormDefinition, rects: [MinimapRect], open: Int64?) in
                let stale = try DerivedState.needsRefresh(db)
                let version = try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
                return (stale, version, try ResponseTables.fieldsVersion(db), try FormTables.definition(db),
                        clearing && !stale ? try FormTables.minimapRects(db) : [], try ResponseTables.openResponse(db))
            }
        }
        let submitted = try Self.submittedForm(submission, form: read.form)
        guard accepts(submitted) else { return .refused }
        if read.stale && clearing { return .stale }
        var plan = SubmissionPlan(dataVersion: read.version, fieldsVersion: read.fields, form: read.form, usesFormValues: submission.usesFormValues,
                                  clearing: clearing, answers: FormResponse.answers(of: submitted).filter(\.type.holdsValue),
                                  replacing: submission.usesFormValues ? read.open : nil, cleared: [],
                                  storedRects: read.rects, rects: read.rects)
        if clearing {
            plan.cleared = Self.cleared(read.form.fields)
            if !plan.cleared.isEmpty {
                var form = read.form
                for index in form.fields.indices { form.fields[index].value = form.fields[index].defaultValue ?? "" }
                plan.rects = geometry.minimapRects(of: form, after: .any)
            }
        }
        return .write(plan)
    }

    /// Writes `plan` under the write lock if nothing it depends on changed
    /// since it was read; nil (and nothing written) otherwise.
    private func apply(_ plan: SubmissionPlan, status: FormResponse.Status) throws(FormStoreError) -> StoredResponse? {
        try writeMarkingHistory { db -> StoredResponse? in
            if try Int.fetchOne(db, sql: "PRAGMA data_version") != plan.dataVersion {
                // Given values depend only on the fields' structure, not on
                // the form's values: other processes storing responses or
                // setting values do not matter.
                guard !plan.usesFormValues, try ResponseTables.fieldsVersion(db) == plan.fieldsVersion else { return nil }
            }
            // Stored first, then cleared: history reads in that order.
            let stored = try Self.insert(plan, status: status, db)
            for field in plan.cleared {
                try db.execute(sql: "UPDATE field SET value = ? WHERE key = ?", arguments: [field.value, field.key])
                try DerivedState.store(field.validation, ofField: field.key, db)
            }
            if !plan.cleared.isEmpty {
                try DerivedState.storeMinimap(plan.rects, replacing: plan.storedRects, db)
                try DerivedState.clearRefreshFlag(db)
            }
            return stored
        }
    }

    /// Inserts the response (or replaces the open draft) and its answers,
    /// and says which draft the form has open afterwards.
    private static func insert(_ plan: SubmissionPlan, status: FormResponse.Status, _ db: Database) throws -> StoredResponse {
        var id: Int64?
        if let draft = plan.replacing {
            try db.execute(sql: """
                UPDATE response SET status = ?, submitted_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
                WHERE id = ? AND status = 'draft'
                """, arguments: [status.rawValue, draft])
            if db.changesCount > 0 {
                try db.execute(sql: "DELETE FROM answer WHERE response_id = ?", arguments: [draft])
                id = draft
            }
        }
        let replaced = id != nil
        if id == nil {
            try db.execute(sql: "INSERT INTO response (status) VALUES (?)", arguments: [status.rawValue])
            id = db.lastInsertedRowID
        }
        guard let id else { throw FormStoreError.underlying(message: "the response was not stored") }
        let statement = try db.cachedStatement(sql: "INSERT INTO answer (response_id, position, key, label, value, shown, type) VALUES (?, ?, ?, ?, ?, ?, ?)")
        for (index, answer) in plan.answers.enumerated() {
            try statement.execute(arguments: [id, index + 1, answer.key, answer.label, answer.value, answer.isShown, answer.type.rawValue])
        }
        // A draft kept in the form stays open for editing; anything else
        // leaves no draft open. Given values leave the form alone.
        if plan.usesFormValues {
            let open: Int64? = status == .draft && !plan.clearing ? id : nil
            try db.execute(sql: "UPDATE form SET open_response = ? WHERE id = 1", arguments: [open])
        }
        let response = try ResponseTables.existingResponse(id, db)
        return StoredResponse(response: response, replacedDraft: replaced, cleared: plan.cleared)
    }

    /// The form holding the values `submission` stores: the form's own, or
    /// the given ones (every other field empty). A given key that names no
    /// field throws `unknownField`.
    private static func submittedForm(_ submission: ResponseSubmission, form: FormDefinition) throws(FormStoreError) -> FormDefinition {
        if case .expanded(let submitted) = submission { return submitted }
        guard case .given(let values) = submission else { return form }
        var submitted = form
        var index: [String: Int] = [:]
        for (position, field) in form.fields.enumerated() { index[field.key] = position }
        var given = Array(repeating: "", count: form.fields.count)
        for (key, value) in values {
            guard let position = index[key] else { throw .unknownField(key, among: form.fields.map(\.key)) }
            // Typed fields keep their canonical text, as `set` stores it.
            given[position] = form.fields[position].rules.storedText(forInput: value.text)
        }
        for position in submitted.fields.indices where !submitted.fields[position].value.utf8.elementsEqual(given[position].utf8) {
            submitted.fields[position].value = given[position]
        }
        return submitted
    }

    /// `fields` that hold other than their cleared value (empty, or the
    /// field's `default`), with that value.
    private static func cleared(_ fields: [Field]) -> [Field] {
        fields.filter { !$0.value.isScalarEqual(to: $0.defaultValue ?? "") }.map { field in
            var field = field
            field.value = field.defaultValue ?? ""
            return field
        }
    }
}

extension ResponseSubmission {
    /// Whether the form's own values are stored.
    var usesFormValues: Bool {
        if case .formValues = self { return true }
        return false
    }

    /// Whether the form's values are cleared after storing.
    var isClearing: Bool {
        if case .formValues(let clearing) = self { return clearing }
        return false
    }
}
