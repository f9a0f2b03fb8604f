import FormModel
import GRDB

extension FormDatabase {
    /// The responses `filter` chooses, with their answers, oldest first.
    public func responses(_ filter: ResponseFilter = ResponseFilter()) throws(FormStoreError) -> [FormResponse] {
        var responses: [FormResponse] = []
        try forEachResponse(filter) { responses.append($0) }
        return responses
    }

    /// Calls `body` with each response `filter` chooses, oldest first,
    /// reading them in one pass without holding them all (an export of
    /// many responses). An error `body` throws ends the reading and is
    /// thrown as `underlying`, unless it is a `FormStoreError`.
    public func forEachResponse(_ filter: ResponseFilter, _ body: (FormResponse) throws -> Void) throws(FormStoreError) {
        try mappingErrors(path: path) {
            try queue.read { db in try ResponseTables.forEachResponse(filter, db, body) }
        }
    }

    /// The response with `id`; `unknownResponse` (with the ids there are)
    /// when there is none.
    public func response(id: Int64) throws(FormStoreError) -> FormResponse {
        try mappingErrors(path: path) {
            try queue.read { db in try ResponseTables.existingResponse(id, db) }
        }
    }

    /// The field keys of the responses `filter` chooses, as an export's
    /// columns: the form's keys in form order, then the keys only older
    /// responses have (fields removed since), in order of first appearance.
    public func responseKeys(_ filter: ResponseFilter = ResponseFilter()) throws(FormStoreError) -> [String] {
        try mappingErrors(path: path) {
            try queue.read { db in
                let formKeys = try String.fetchAll(db, sql: "SELECT key FROM field ORDER BY position")
                return formKeys + (try ResponseTables.otherKeys(filter, formKeys: Set(formKeys), db))
            }
        }
    }

    /// Deletes the response with `id` and its answers, and returns what was
    /// deleted. History records the id, the time and the status, not the
    /// answers (the `response_history_delete` trigger).
    @discardableResult
    public func deleteResponse(id: Int64) throws(FormStoreError) -> FormResponse {
        if isReadOnly { throw .readOnly(path: path) }
        return try writeMarkingHistory { db in
            let response = try ResponseTables.existingResponse(id, db)
            try db.execute(sql: "DELETE FROM response WHERE id = ?", arguments: [id])
            return response
        }
    }

    /// Loads the draft `id`'s values into the form for editing (every
    /// field the draft answered that the form still has; the others
    /// empty), one history row per value that changes, and marks it open:
    /// the next `submit` of the form replaces it.
    ///
    /// Refused with `unsavedValues` while the form holds non-empty values
    /// that were not submitted (that differ from the open draft's, when one
    /// is open), unless `force`; with `responseNotDraft` for a complete
    /// response; with `unknownResponse` for an id that does not exist.
    /// Returns the values that changed.
    public func openResponse(id: Int64, force: Bool) throws(FormStoreError) -> (response: FormResponse, update: ValuesUpdate) {
        if isReadOnly { throw .readOnly(path: path) }
        let (response, fields) = try mappingErrors(path: path) {
            try queue.read { db in (try ResponseTables.existingResponse(id, db), try FormTables.fields(db)) }
        }
        guard response.status == .draft else { throw .responseNotDraft(id: id) }
        let answered = Dictionary(response.answers.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        var values: [(key: String, value: CheckedValue)] = []
        for field in fields {
            values.append((field.key, try FieldInput.checked(answered[field.key] ?? "", key: field.key)))
        }
        let update = try setValues(values, alsoWriting: { db in
            if !force {
                let unsaved = try Self.unsavedKeys(db)
                if !unsaved.isEmpty { throw FormStoreError.unsavedValues(keys: unsaved) }
            }
            // Still a draft under the lock (not deleted or submitted since).
            guard try ResponseTables.response(id, db)?.status == .draft else { throw FormStoreError.responseNotDraft(id: id) }
            try db.execute(sql: "UPDATE form SET open_response = ? WHERE id = 1", arguments: [id])
        }).update
        return (response, update)
    }

    /// The keys of the fields whose non-empty values were not submitted:
    /// all non-empty ones, or, with a draft open, those that differ from it.
    private static func unsavedKeys(_ db: Database) throws -> [String] {
        let fields = try FormTables.fields(db)
        var saved: [String: String] = [:]
        if let open = try ResponseTables.openResponse(db), let draft = try ResponseTables.response(open, db) {
            for answer in draft.answers { saved[answer.key] = answer.value }
        }
        return fields.filter { !$0.value.isEmpty && !(saved[$0.key]?.isScalarEqual(to: $0.value) ?? false) }.map(\.key)
    }
}
