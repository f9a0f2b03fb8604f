import FormModel
import GRDB

extension FormDatabase {
    /// Sets a field's value, whatever state it leaves the field in (a
    /// half-filled form is normal), and returns the field with its new
    /// state. The change is recorded in `history` with source `formctl`.
    ///
    /// Any Unicode text is stored exactly, except text with U+0000, refused
    /// with `invalidValue` (see `FieldInput`).
    ///
    /// The work (validation, title, the minimap: recoloured in place, or laid
    /// out again when the title shows the field) is done before
    /// the write lock is taken, from a read of the form; the lock is held
    /// only to write the value, its state and the rectangles that changed.
    /// If another connection committed in between (`PRAGMA data_version`
    /// moved), the lock is released and the work redone from a fresh read;
    /// after a few such rounds the work is done under the lock, so a `set`
    /// always finishes.
    @discardableResult
    public func setValue(key: String, value: String) throws(FormStoreError) -> Field {
        try setValue(key: key, checkedValue: try FieldInput.checked(value, key: key))
    }

    /// `setValue(key:value:)` for a value already checked.
    @discardableResult
    public func setValue(key: String, checkedValue: CheckedValue) throws(FormStoreError) -> Field {
        let value = checkedValue.text
        if isReadOnly { throw .readOnly(path: path) }
        for _ in 0..<4 {
            guard let plan = try planSet(key: key, value: value) else { break }
            if let field = try apply(plan) { return field }
        }
        return try write { db in try FormTables.updateField(key, set: "value = ?", [value], db) }
    }

    /// What a `set` writes, worked out outside the write lock: the field
    /// with its new value (and so its validation, computed once), and the
    /// minimap before and after.
    private struct SetPlan {
        var dataVersion: Int
        var field: Field
        var storedRects: [MinimapRect]
        var rects: [MinimapRect]
    }

    /// Reads the form and works out the `set`; nil when the derived data is
    /// stale (the slow path refreshes everything under the lock).
    private func planSet(key: String, value: String) throws(FormStoreError) -> SetPlan? {
        let read = try mappingErrors(path: path) {
            try queue.read { db -> (Int, FormDefinition, [MinimapRect])? in
                guard try !DerivedState.needsRefresh(db) else { return nil }
                let version = try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
                return (version, try FormTables.definition(db), try FormTables.minimapRects(db))
            }
        }
        guard let (version, before, storedRects) = read else { return nil }
        var form = before
        guard let index = form.fields.firstIndex(where: { $0.key == key }) else {
            throw .unknownField(key: key, suggestion: KeySuggestion.nearest(to: key, in: form.fields.map(\.key)))
        }
        form.fields[index].value = value
        let rects = geometry.minimapRects(of: form, after: .value(key: key, before: before, rects: storedRects))
        return SetPlan(dataVersion: version, field: form.fields[index], storedRects: storedRects, rects: rects)
    }

    /// Writes `plan` under the write lock if nobody committed since it was
    /// read; nil (and nothing written) otherwise.
    private func apply(_ plan: SetPlan) throws(FormStoreError) -> Field? {
        try writeMarkingHistory { db -> Field? in
            guard try Int.fetchOne(db, sql: "PRAGMA data_version") == plan.dataVersion else { return nil }
            let field = plan.field
            try db.execute(sql: "UPDATE field SET value = ? WHERE key = ?", arguments: [field.value, field.key])
            try DerivedState.store(field.validation, ofField: field.key, db)
            try DerivedState.storeMinimap(plan.rects, replacing: plan.storedRects, db)
            try DerivedState.clearRefreshFlag(db)
            return field
        }
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
