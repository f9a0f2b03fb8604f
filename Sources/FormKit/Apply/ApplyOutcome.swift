/// What `StoredForm.apply` did, or (a dry run) would do.
public struct ApplyOutcome: Sendable {
    /// The changes, in print order, and the form they lead to.
    public let plan: ApplyPlan
    /// The database did not exist and was (a dry run: would be) created
    /// from the file; `plan` then lists everything as added.
    public let created: Bool
    /// Whether anything was written: false for a dry run, and for a plan
    /// with no changes, which runs no transaction at all.
    public let written: Bool
    /// For a dry run, why the apply itself would be refused (fields that
    /// hold values and would go, without `prune`); nil when it would not be.
    public let refusal: FormKitError?

    /// An outcome as given.
    init(plan: ApplyPlan, created: Bool, written: Bool, refusal: FormKitError? = nil) {
        self.plan = plan
        self.created = created
        self.written = written
        self.refusal = refusal
    }
}
