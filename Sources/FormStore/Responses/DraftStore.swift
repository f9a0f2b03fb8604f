import FormModel

/// Where respondents' drafts and responses live (`formctl serve
/// --collect`): the form's own SQLite file (`FormDatabase`), or a store
/// apart from it that several servers share (FormPostgres's
/// `PostgresDrafts`). FormKit's respondent operations (`StoredForm`'s
/// `answer`, `submitDraft`, `addInstance`…) run on either through this
/// protocol, so that a server's route handlers never know which holds
/// the answers.
///
/// Each write is one transaction that looks the respondent's draft up,
/// makes their form with `shape` from its answers and checks the change
/// against that form, so that no plan goes stale between instances.
/// Respondents are known by the SHA-256 of their id (64 lowercase
/// hexadecimal digits); a write without an open draft is made by
/// `newRespondent`, in a new draft, within `DraftLimits`.
public protocol DraftStore: Sendable {
    /// The form as `respondent` sees it (nil: a visitor without an id),
    /// made by `shape` from their draft's answers (none: the blank form),
    /// and their open draft's id (nil: none).
    func respondentForm(_ respondent: String?, shape: RespondentShape) throws(FormStoreError) -> (form: FormDefinition, draft: Int64?)

    /// Stores `value` as an answer to field `key` by `respondent`'s open
    /// draft, else by `newRespondent` in a new draft (within `limits`),
    /// and returns the writer's form after it, their draft, who wrote and
    /// whether the draft is new (see `FormDefinition.answer(_:with:)`).
    func writeDraftAnswer(_ respondent: String?, orNew newRespondent: String, key: String, value: CheckedValue,
                          limits: DraftLimits, shape: RespondentShape) throws(FormStoreError)
        -> (form: FormDefinition, draft: Int64, respondent: String, created: Bool)

    /// Submits `respondent`'s open draft, or without one the blank form
    /// as `newRespondent`'s response, when `accepts` passes the form it
    /// would store; nil, storing nothing, when it does not.
    func submitDraft(_ respondent: String?, orNew newRespondent: String, limits: DraftLimits, shape: RespondentShape,
                     accepts: (FormDefinition) -> Bool) throws(FormStoreError) -> (stored: StoredResponse, respondent: String)?

    /// Replaces the answers of `respondent`'s draft with those of the form
    /// `change` makes of theirs (an instance added or removed), or makes a
    /// draft for `newRespondent` holding them; what `change` throws is
    /// thrown, nothing written.
    func rewriteDraft(_ respondent: String?, orNew newRespondent: String, limits: DraftLimits, shape: RespondentShape,
                      change: (FormDefinition) throws(FormStoreError) -> FormDefinition) throws(FormStoreError)
        -> (form: FormDefinition, draft: Int64, respondent: String, created: Bool)

    /// How many respondents' drafts are open.
    func openDraftCount() throws(FormStoreError) -> Int

    /// Deletes respondents' drafts last written more than `seconds` ago,
    /// `batch` per transaction; returns how many.
    func sweepDrafts(olderThan seconds: Int, batch: Int) throws(FormStoreError) -> Int

    /// Calls `changed` with a respondent's hash whenever another process
    /// writes their draft, for as long as the store is open: how a
    /// server learns of writes made through the others. A store only one
    /// process writes has nothing to tell.
    func observeDrafts(_ changed: @escaping @Sendable (String) -> Void)
}

extension DraftStore {
    public func observeDrafts(_ changed: @escaping @Sendable (String) -> Void) {}
}

/// The form's own file: one server (`ServeLock`) writes its drafts.
extension FormDatabase: DraftStore {}
