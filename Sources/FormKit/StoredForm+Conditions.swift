import FormStore

extension StoredForm {
    /// Shows field `key` only while `condition` holds (`formctl field
    /// show-if`), or always again when `condition` is nil; its value is
    /// kept either way. An unknown field (the field or the one the
    /// condition reads) is `unknownName`; a condition on the field's own
    /// value, or one closing a cycle of conditions, is `invalidValue`.
    @discardableResult
    public func setCondition(of key: String, _ condition: ShowCondition?) throws(FormKitError) -> Field {
        try writing { db throws(FormStoreError) in try db.setCondition(key: key, condition) }
    }

    /// The field with `key` and whether it is shown (not hidden, and its
    /// condition holding): what `formctl get --json` reports. No such
    /// field is `fieldNotFound`, as for `field(_:)`.
    public func shownField(_ key: String) throws(FormKitError) -> (field: Field, isShown: Bool) {
        let form = try definition()
        guard let index = form.fields.firstIndex(where: { $0.key == key }) else {
            // The one place that words a missing field and its suggestion.
            return (try field(key), false)
        }
        return (form.fields[index], form.shownFlags[index])
    }
}
