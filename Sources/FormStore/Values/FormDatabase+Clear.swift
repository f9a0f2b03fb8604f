import FormModel
import GRDB

extension FormDatabase {
    /// Empties every field's value in one write transaction (`formctl
    /// values --clear`), or gives it its `default` when it has one, one history row per value cleared, and closes the
    /// draft open in the form (`responses open`), if any: the values that
    /// were being edited are given up, so the next `submit` adds a response
    /// rather than replacing that draft, which stays stored as it was.
    ///
    /// The fields are those the form has when it is read; `setValues` does
    /// the work, before the lock as it always does. Returns the values that
    /// changed.
    @discardableResult
    public func clearValues() throws(FormStoreError) -> ValuesUpdate {
        let fields = try mappingErrors(path: path) { try queue.read { db in try FormTables.fields(db) } }
        var values: [(key: String, value: CheckedValue)] = []
        values.reserveCapacity(fields.count)
        for field in fields { values.append((field.key, try FieldInput.checked(field.defaultValue ?? "", key: field.key))) }
        return try setValues(values, alsoWriting: { db in
            try db.execute(sql: "UPDATE form SET open_response = NULL WHERE id = 1 AND open_response IS NOT NULL")
        }).update
    }
}
