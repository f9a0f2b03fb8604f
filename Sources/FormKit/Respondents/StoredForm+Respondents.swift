import FormStore

/// Respondents' drafts (`formctl serve --collect`): one link, many people,
/// a draft each. A respondent is known by a `RespondentID`, whose hash
/// alone the database holds.
///
/// The drafts and responses are kept in the form's file, or in the
/// `DraftStore` given to `keepingDrafts(in:)` (PostgreSQL, shared by
/// several servers); every operation here works on either.
extension StoredForm {
    /// This form with its respondents' drafts and responses kept in
    /// `store` instead of its file: the respondent operations below go
    /// there; every other operation (the form itself, the owner's values)
    /// stays with the file.
    public func keepingDrafts(in store: any DraftStore) -> StoredForm {
        var form = self
        form.separateDrafts = SeparateDrafts(store)
        return form
    }

    /// The form a respondent without a draft sees, always read from the
    /// file: each field at its `default`, each repeat at its `min_count`.
    /// What a separate `DraftStore` makes its respondents' forms from.
    public func blankRespondentForm() throws(FormKitError) -> FormDefinition {
        try reading { db throws(FormStoreError) in try db.respondentForm(nil, shape: .instances).form }
    }

    /// The form as `respondent` sees it: their open draft's answers, or
    /// the blank form (each field's `default`) without a draft or an id.
    /// Reading makes nothing.
    public func respondentForm(_ respondent: RespondentID?) throws(FormKitError) -> RespondentForm {
        let (form, draft) = try readingDrafts { store throws(FormStoreError) in try store.respondentForm(respondent?.hash, shape: .instances) }
        return RespondentForm(form: form, draft: draft)
    }

    /// Stores `value` as an answer to field `key`, validated and stored
    /// exactly as `set(_:to:)` stores a field's value (text with a NUL is
    /// `invalidValue`, 65; a typed field keeps its canonical text), by
    /// the respondent `cookie` names when it names an open draft; else by
    /// a new respondent, in a new draft (a cookie is never adopted: a
    /// planted one names nothing), unless `limits` refuse it:
    /// `tooManyDrafts` (busy, 75) past `maxDrafts` open drafts,
    /// `alreadySubmitted` (conflict, 65) with `once` when `cookie` has
    /// submitted. Returns the respondent's form after it, who they are and
    /// whether this write made their draft.
    public func answer(_ key: String, with value: String, cookie: RespondentID?,
                       limits: DraftLimits) throws(FormKitError) -> (form: RespondentForm, respondent: RespondentID, created: Bool) {
        let checked: CheckedValue
        do throws(FormStoreError) {
            checked = try FieldInput.checked(value, key: key)
        } catch {
            throw .store(error)
        }
        let fresh = RespondentID.generate()
        let written: (form: FormDefinition, draft: Int64, respondent: String, created: Bool)
        do {
            written = try writingDrafts { store throws(FormStoreError) in
                try store.writeDraftAnswer(cookie?.hash, orNew: fresh.hash, key: key, value: checked, limits: limits, shape: .instances)
            }
        } catch .store(.unknownField(let key, let suggestion)) {
            throw .fieldNotFound(key: key, suggestion: suggestion)
        }
        let respondent = written.created ? fresh : (cookie ?? fresh)
        return (RespondentForm(form: written.form, draft: written.draft), respondent, written.created)
    }

    /// Submits the draft `cookie` names (without one, the blank form, as a
    /// new respondent's) as a complete response when it passes `check`;
    /// otherwise nothing is stored and `checkFailed` (1) carries the
    /// report. With `limits.once`, a `cookie` that has submitted gets
    /// `alreadySubmitted`. Returns the response and who submitted it.
    @discardableResult
    public func submitDraft(cookie: RespondentID?, limits: DraftLimits) throws(FormKitError) -> (stored: StoredResponse, respondent: RespondentID) {
        var report: CheckReport?
        let fresh = RespondentID.generate()
        let submitted = try writingDrafts { store throws(FormStoreError) in
            try store.submitDraft(cookie?.hash, orNew: fresh.hash, limits: limits, shape: .instances) { form in
                let check = CheckReport(form: form)
                report = check
                return check.passes
            }
        }
        guard let submitted else { throw .checkFailed(report ?? CheckReport(fields: [])) }
        return (submitted.stored, submitted.respondent == fresh.hash ? fresh : (cookie ?? fresh))
    }

    /// Adds an instance at the end of the repeat at `path` in the
    /// respondent's own form (their draft; none yet: a new draft, as their
    /// first answer makes one, within `limits`), and returns their form
    /// after it, who they are, whether the draft is new and the new
    /// instance's path. Refused as `addInstance(to:)` refuses the owner's
    /// (`instancesRefused`, 64), nothing written.
    public func addInstance(to path: String, cookie: RespondentID?,
                            limits: DraftLimits) throws(FormKitError) -> (form: RespondentForm, respondent: RespondentID, created: Bool, path: String) {
        var added = ""
        let written = try rewriteDraft(cookie: cookie, limits: limits) { form throws(FormStoreError) in
            let change = try Self.addingInstance(to: path, in: form)
            added = change.path
            return change.form
        }
        return (written.form, written.respondent, written.created, added)
    }

    /// Removes the instance at `path` (`children.2`) from the respondent's
    /// own form; later ones move up a number. Refused as
    /// `removeInstance(_:)` refuses the owner's, nothing written.
    public func removeInstance(_ path: String, cookie: RespondentID?,
                               limits: DraftLimits) throws(FormKitError) -> (form: RespondentForm, respondent: RespondentID, created: Bool) {
        try rewriteDraft(cookie: cookie, limits: limits) { form throws(FormStoreError) in try Self.removingInstance(path, from: form) }
    }

    private func rewriteDraft(cookie: RespondentID?, limits: DraftLimits,
                              change: (FormDefinition) throws(FormStoreError) -> FormDefinition) throws(FormKitError)
        -> (form: RespondentForm, respondent: RespondentID, created: Bool) {
        let fresh = RespondentID.generate()
        let written = try writingDrafts { store throws(FormStoreError) in
            try store.rewriteDraft(cookie?.hash, orNew: fresh.hash, limits: limits, shape: .instances, change: change)
        }
        let respondent = written.created ? fresh : (cookie ?? fresh)
        return (RespondentForm(form: written.form, draft: written.draft), respondent, written.created)
    }

    /// How many respondents' drafts are open.
    public func openDraftCount() throws(FormKitError) -> Int {
        try readingDrafts { store throws(FormStoreError) in try store.openDraftCount() }
    }

    /// Deletes respondents' drafts last written more than `seconds` ago, a
    /// few per transaction (a writer never waits long behind the sweep);
    /// returns how many.
    @discardableResult
    public func sweepDrafts(olderThan seconds: Int) throws(FormKitError) -> Int {
        try writingDrafts { store throws(FormStoreError) in try store.sweepDrafts(olderThan: seconds, batch: 64) }
    }

    /// Calls `changed` with a respondent's hash whenever another process
    /// writes their draft (a store shared by several servers); the file's
    /// drafts, written by one server, never do.
    public func observeDrafts(_ changed: @escaping @Sendable (String) -> Void) {
        separateDrafts?.store.observeDrafts(changed)
    }

    /// Every draft's age in whole seconds, by response id: since its last
    /// write for a respondent's draft, since it was stored for another.
    public func draftAges() throws(FormKitError) -> [Int64: Int64] {
        try reading { db throws(FormStoreError) in try db.draftAges() }
    }

    /// Runs `body` on where the drafts are kept, to write: the separate
    /// store, else the file.
    private func writingDrafts<T>(_ body: (any DraftStore) throws(FormStoreError) -> T) throws(FormKitError) -> T {
        guard let store = separateDrafts?.store else { return try writing { db throws(FormStoreError) in try body(db) } }
        return try Self.separate { () throws(FormStoreError) in try body(store) }
    }

    /// Runs `body` on where the drafts are kept, to read.
    private func readingDrafts<T>(_ body: (any DraftStore) throws(FormStoreError) -> T) throws(FormKitError) -> T {
        guard let store = separateDrafts?.store else { return try reading { db throws(FormStoreError) in try body(db) } }
        return try Self.separate { () throws(FormStoreError) in try body(store) }
    }

    /// `body`'s result, a separate store's failure as
    /// `FormKitError.responseStore` and the rest as the file's would be.
    private static func separate<T>(_ body: () throws(FormStoreError) -> T) throws(FormKitError) -> T {
        do {
            return try body()
        } catch .responseStore(let failure) {
            throw .responseStore(failure)
        } catch {
            throw .store(error)
        }
    }
}
