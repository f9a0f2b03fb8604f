import FormStore

extension StoredForm {
    /// Empties every field's value in one transaction (`formctl values
    /// --clear`), one history row per value cleared, and closes a draft
    /// opened with `openResponse` (it stays stored; the next `submit` adds
    /// a response). Returns the values that changed.
    @discardableResult
    public func clearValues() throws(FormKitError) -> ValuesUpdate {
        try writing { db throws(FormStoreError) in try db.clearValues() }
    }
}
