import FormModel
import GRDB

extension FormDatabase {
    /// Sets a field's value, whatever state it leaves the field in (a
    /// half-filled form is normal), and returns the field with its new
    /// state. The change is recorded in `history` with source `formctl`.
    ///
    /// Any Unicode text is stored exactly, except text with U+0000, refused
    /// with `invalidValue` (see `FieldInput`).
    @discardableResult
    public func setValue(key: String, value: String) throws(FormStoreError) -> Field {
        try FieldInput.checkValue(value, key: key)
        return try write { db in try FormTables.updateField(key, set: "value = ?", [value], db) }
    }

    /// Sets the title template: `{key}` placeholders are replaced by those
    /// fields' values (`Hello {first} {middle} {last}`). Returns the form.
    @discardableResult
    public func setTitleTemplate(_ template: String) throws(FormStoreError) -> FormDefinition {
        try FieldInput.checkValue(template, key: "title")
        return try write { db in
            try db.execute(sql: "UPDATE form SET title_template = ? WHERE id = 1", arguments: [template])
            return try FormTables.definition(db)
        }
    }
}
