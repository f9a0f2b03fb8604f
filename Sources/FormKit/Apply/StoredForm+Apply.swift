import FormModel
import FormStore

extension StoredForm {
    /// Brings the database's structure in line with `spec` (`formctl
    /// apply`): title template, tab bar (when the file gives one), pages,
    /// rows, fields, rules and conditions, in one write transaction, with
    /// the derived data (states, colours, minimap) computed once at the
    /// end. Pages and fields are matched by key, rows by page and place on
    /// the page; every field that stays keeps its value.
    ///
    /// - A database that does not exist is created from `spec` (not from
    ///   the seed form), unless `createsMissingFile` is false (`noDatabase`).
    /// - A plan without changes runs no transaction: the file is left byte
    ///   for byte as it was.
    /// - A field the file leaves out that holds a value is removed only
    ///   with `prune` (its value stays in history); otherwise every such
    ///   field is listed (`fieldsHoldValues`, a `conflict`) and nothing is
    ///   written.
    /// - `dryRun` plans and writes nothing (a missing database is not
    ///   created); the outcome says why the apply would be refused, if it
    ///   would.
    ///
    /// `spec` is checked against what the store accepts before anything
    /// is opened for writing (`invalidValue`, `duplicateField`,
    /// `tabBarHeightOutOfRange`…).
    @discardableResult
    public func apply(_ spec: FormSpec, dryRun: Bool = false, prune: Bool = false) throws(FormKitError) -> ApplyOutcome {
        do throws(FormStoreError) {
            try spec.checkForStore()
            if openDatabase == nil, try FormDatabase.isMissing(path: path) {
                guard createsMissingFile else { throw .noDatabase(path: path) }
                let plan = ApplyPlan(stored: nil, spec: spec)
                if dryRun { return ApplyOutcome(plan: plan, created: true, written: false) }
                if try FormDatabase.create(path: path, form: plan.target, geometry: FormGeometry()) {
                    return ApplyOutcome(plan: plan, created: true, written: true)
                }
                // Another process created the file meanwhile: apply to it.
            }
        } catch {
            throw .store(error)
        }
        if dryRun {
            let plan = ApplyPlan(stored: try definition(), spec: spec)
            let refusal: FormKitError? = plan.heldValues.isEmpty || prune ? nil : .store(.fieldsHoldValues(plan.heldValues))
            return ApplyOutcome(plan: plan, created: false, written: false, refusal: refusal)
        }
        return try writing { db throws(FormStoreError) in
            let plan = ApplyPlan(stored: try db.definition(), spec: spec)
            if plan.isEmpty { return ApplyOutcome(plan: plan, created: false, written: false) }
            if !plan.heldValues.isEmpty && !prune { throw .fieldsHoldValues(plan.heldValues) }
            // Planned again under the write lock, on the form as it then is:
            // a change made meanwhile is planned against, not lost.
            var written = plan
            try db.replaceStructure(prune: prune) { current in
                let again = current == plan.stored ? plan : ApplyPlan(stored: current, spec: spec)
                written = again
                return again.isEmpty ? nil : again.target
            }
            return ApplyOutcome(plan: written, created: false, written: !written.isEmpty)
        }
    }
}
