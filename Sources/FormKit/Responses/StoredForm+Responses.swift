import FormStore

extension StoredForm {
    // MARK: Submitting

    /// Stores the form's values, every field's, shown or not, as one
    /// response (`formctl submit`) and, unless `keep`, clears them for the
    /// next respondent (history records each value cleared).
    ///
    /// The form must pass `check`: otherwise nothing is stored and
    /// `checkFailed` (exit 1) carries the report. A `draft` is stored
    /// whatever `check` says. When a draft is open in the form (`responses
    /// open`), the response replaces it, keeping its id; a draft kept in
    /// the form (`draft` and `keep`) stays open, so the next submit
    /// replaces it.
    @discardableResult
    public func submit(draft: Bool = false, keep: Bool = false) throws(FormKitError) -> StoredResponse {
        try submitting(.formValues(clearing: !keep), draft: draft)
    }

    /// Stores `values` as one response (`formctl submit --from FILE`),
    /// every field of the form not among them empty, without touching the
    /// values being edited. Validated as `submit(draft:keep:)` is. A key
    /// that names no field is refused (`unknownField`, 64), and so is a
    /// value the store refuses (`invalidValue`, 65), before anything is
    /// written.
    @discardableResult
    public func submit(values: FormValues, draft: Bool = false) throws(FormKitError) -> StoredResponse {
        let form = values.origins.isEmpty ? nil : try definition()
        if let form, !form.groups.isEmpty {
            // Nested values make the instances they list, in the response
            // alone: the form's own instances stay as they are.
            let counts = values.instanceCounts(in: form)
            let probe: FormDefinition
            do throws(FormStoreError) {
                probe = try Self.expanded(form, counts: counts, values: nil)
                // Every key the file gives must name a field of it.
                _ = try Self.expanded(form, counts: counts, values: values.listsExpanded(for: probe))
            } catch {
                throw .store(error)
            }
            let typed = try values.typed(for: probe)
            let given = Dictionary(try typed.checked().map { ($0.key, $0.value.text) }, uniquingKeysWith: { _, last in last })
            var submitted = probe
            for index in submitted.fields.indices {
                submitted.fields[index].value = given[submitted.fields[index].key].map { submitted.fields[index].rules.storedText(forInput: $0) } ?? ""
            }
            return try submitting(.expanded(submitted), draft: draft)
        }
        let typed = if let form { try values.typed(for: form) } else { values }
        return try submitting(.given(try typed.checked()), draft: draft)
    }

    /// Reads a values file's `bytes` (a JSON object or a one-row CSV, as
    /// `values --load` reads) and submits them (`submit(values:draft:)`):
    /// a file that does not parse is refused before the database is opened.
    @discardableResult
    public func submit(from bytes: some Collection<UInt8>, format: FormValues.Format, file: String, draft: Bool = false)
        throws(FormKitError) -> StoredResponse {
        try submit(values: try FormValues(parsing: bytes, format: format, file: file), draft: draft)
    }

    /// Submits the values file at `path` in `format` (nil: the one its
    /// name says, `.json` or `.csv`).
    @discardableResult
    public func submit(fromFile path: String, format: FormValues.Format?, draft: Bool = false) throws(FormKitError) -> StoredResponse {
        guard let format = format ?? FormValues.Format(fileName: path) else {
            throw .badFile([FileProblem(file: path, message: "cannot tell whether this is JSON or CSV from its name; name it .json or .csv, or give --format json or --format csv")])
        }
        return try submit(from: try Self.contents(ofValuesFile: path), format: format, file: path, draft: draft)
    }

    private func submitting(_ submission: ResponseSubmission, draft: Bool) throws(FormKitError) -> StoredResponse {
        var report: CheckReport?
        let stored = try writing { db throws(FormStoreError) in
            try db.submit(submission, status: draft ? .draft : .complete) { form in
                guard !draft else { return true }
                let check = CheckReport(form: form)
                report = check
                return check.passes
            }
        }
        guard let stored else { throw .checkFailed(report ?? CheckReport(fields: [])) }
        return stored
    }

    // MARK: Reading and managing responses

    /// The responses `filter` chooses, with their answers, oldest first.
    public func responses(_ filter: ResponseFilter = ResponseFilter()) throws(FormKitError) -> [FormResponse] {
        try reading { db throws(FormStoreError) in try db.responses(filter) }
    }

    /// Calls `body` with each response `filter` chooses, oldest first,
    /// without holding them all (an export of many responses).
    public func forEachResponse(_ filter: ResponseFilter, _ body: (FormResponse) throws -> Void) throws(FormKitError) {
        try reading { db throws(FormStoreError) in try db.forEachResponse(filter, body) }
    }

    /// An export's field columns for the responses `filter` chooses: the
    /// form's keys in form order, then keys only older responses have.
    public func responseKeys(_ filter: ResponseFilter = ResponseFilter()) throws(FormKitError) -> [String] {
        try reading { db throws(FormStoreError) in try db.responseKeys(filter) }
    }

    /// The response with `id` (`responses show`); an id that does not
    /// exist is `unknownResponse` (64), naming the ids there are.
    public func response(_ id: Int64) throws(FormKitError) -> FormResponse {
        try reading { db throws(FormStoreError) in try db.response(id: id) }
    }

    /// Deletes the response with `id` and its answers (`responses
    /// delete`); history records the id and the time, not the answers.
    @discardableResult
    public func deleteResponse(_ id: Int64) throws(FormKitError) -> FormResponse {
        try writing { db throws(FormStoreError) in try db.deleteResponse(id: id) }
    }

    /// Loads the draft `id`'s values into the form for editing (`responses
    /// open`): the next `submit` replaces the draft. Refused while the form
    /// holds values that were not submitted, unless `force`
    /// (`unsavedValues`, 64), and for a complete response
    /// (`responseNotDraft`, 64).
    @discardableResult
    public func openResponse(_ id: Int64, force: Bool = false) throws(FormKitError) -> (response: FormResponse, update: ValuesUpdate) {
        try writing { db throws(FormStoreError) in try db.openResponse(id: id, force: force) }
    }
}
