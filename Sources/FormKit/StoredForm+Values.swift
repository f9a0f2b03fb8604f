extension StoredForm {
    /// Every field's value, key → value in form order (`formctl values`).
    public func values() throws(FormKitError) -> FormValues {
        FormValues(form: try definition())
    }
}
