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
    /// If anyone committed in between (another connection, or this one for
    /// another caller: see `ConnectionVersion`), the lock is released and
    /// the work redone from a fresh read;
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
        var version: ConnectionVersion
        var field: Field
        var storedRects: [MinimapRect]
        var rects: [MinimapRect]
    }

    /// Reads the form and works out the `set`; nil when the derived data is
    /// stale (the slow path refreshes everything under the lock).
    private func planSet(key: String, value: String) throws(FormStoreError) -> SetPlan? {
        // Read on the writing connection, the one `apply` checks on: SQLite's
        // data_version is per connection, so a version read by a session's
        // reader would never equal the writer's once the writer committed.
        let read = try mappingErrors(path: path) {
            try queue.writeWithoutTransaction { db -> (ConnectionVersion, FormDefinition, [MinimapRect])? in
                var read: (ConnectionVersion, FormDefinition, [MinimapRect])?
                try db.inTransaction(.deferred) {
                    if try !DerivedState.needsRefresh(db) {
                        read = (try ConnectionVersion(db), try FormTables.definition(db), try FormTables.minimapRects(db))
                    }
                    return .commit
                }
                return read
            }
        }
        guard let (version, before, storedRects) = read else { return nil }
        var form = before
        guard let index = form.fields.firstIndex(where: { $0.key == key }) else {
            throw .unknownField(key: key, suggestion: KeySuggestion.nearest(to: key, in: form.fields.map(\.key)))
        }
        form.fields[index].value = value
        let rects = geometry.minimapRects(of: form, after: .value(key: key, before: before, rects: storedRects))
        return SetPlan(version: version, field: form.fields[index], storedRects: storedRects, rects: rects)
    }

    /// Writes `plan` under the write lock if nobody committed since it was
    /// read; nil (and nothing written) otherwise.
    private func apply(_ plan: SetPlan) throws(FormStoreError) -> Field? {
        try writeMarkingHistory { db -> Field? in
            guard try ConnectionVersion(db) == plan.version else { return nil }
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
