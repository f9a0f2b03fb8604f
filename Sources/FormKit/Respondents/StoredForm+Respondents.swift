import FormStore

/// Respondents' drafts (`formctl serve --collect`): one link, many people,
/// a draft each. A respondent is known by a `RespondentID`, whose hash
/// alone the database holds.
extension StoredForm {
    /// The form as `respondent` sees it: their open draft's answers, or
    /// the blank form (each field's `default`) without a draft or an id.
    /// Reading makes nothing.
    public func respondentForm(_ respondent: RespondentID?) throws(FormKitError) -> RespondentForm {
        let (form, draft) = try reading { db throws(FormStoreError) in try db.respondentForm(respondent?.hash) }
        return RespondentForm(form: form, draft: draft)
    }

    /// Stores `value` as `respondent`'s answer to field `key`, validated
    /// and stored exactly as `set(_:to:)` stores a field's value (text
    /// with a NUL is `invalidValue`, 65; a typed field keeps its canonical
    /// text), and returns their form after it and whether this write made
    /// their draft. Their first write makes the draft, unless `limits`
    /// refuse it: `tooManyDrafts` (busy, 75) past `maxDrafts` open drafts,
    /// `alreadySubmitted` (conflict, 65) with `once` after a submission.
    public func answer(_ key: String, with value: String, as respondent: RespondentID,
                       limits: DraftLimits) throws(FormKitError) -> (form: RespondentForm, created: Bool) {
        let checked: CheckedValue
        do throws(FormStoreError) {
            checked = try FieldInput.checked(value, key: key)
        } catch {
            throw .store(error)
        }
        let written: (form: FormDefinition, draft: Int64, created: Bool)
        do {
            written = try writing { db throws(FormStoreError) in
                try db.writeDraftAnswer(respondent.hash, key: key, value: checked, limits: limits)
            }
        } catch .store(.unknownField(let key, let suggestion)) {
            throw .fieldNotFound(key: key, suggestion: suggestion)
        }
        return (RespondentForm(form: written.form, draft: written.draft), written.created)
    }

    /// Submits `respondent`'s draft (without one, the blank form) as a
    /// complete response when it passes `check`; otherwise nothing is
    /// stored and `checkFailed` (1) carries the report. With
    /// `limits.once`, a respondent who has submitted gets
    /// `alreadySubmitted`.
    @discardableResult
    public func submitDraft(of respondent: RespondentID, limits: DraftLimits) throws(FormKitError) -> StoredResponse {
        var report: CheckReport?
        let stored = try writing { db throws(FormStoreError) in
            try db.submitDraft(respondent.hash, limits: limits) { form in
                let check = CheckReport(form: form)
                report = check
                return check.passes
            }
        }
        guard let stored else { throw .checkFailed(report ?? CheckReport(fields: [])) }
        return stored
    }

    /// Whether `respondent` has an open draft (cheaper than reading their
    /// form).
    public func hasOpenDraft(_ respondent: RespondentID) throws(FormKitError) -> Bool {
        try reading { db throws(FormStoreError) in try db.openDraft(of: respondent.hash) } != nil
    }

    /// Whether `respondent` has submitted a response (`--once`).
    public func hasSubmitted(_ respondent: RespondentID) throws(FormKitError) -> Bool {
        try reading { db throws(FormStoreError) in try db.hasSubmitted(respondent.hash) }
    }

    /// How many respondents' drafts are open.
    public func openDraftCount() throws(FormKitError) -> Int {
        try reading { db throws(FormStoreError) in try db.openDraftCount() }
    }

    /// Deletes respondents' drafts last written more than `seconds` ago, a
    /// few per transaction (a writer never waits long behind the sweep);
    /// returns how many.
    @discardableResult
    public func sweepDrafts(olderThan seconds: Int) throws(FormKitError) -> Int {
        try writing { db throws(FormStoreError) in try db.sweepDrafts(olderThan: seconds) }
    }

    /// Every draft's age in whole seconds, by response id: since its last
    /// write for a respondent's draft, since it was stored for another.
    public func draftAges() throws(FormKitError) -> [Int64: Int64] {
        try reading { db throws(FormStoreError) in try db.draftAges() }
    }
}
