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
    /// another caller: see `ConnectionVersion`), the form is read again
    /// under the lock: when what changed is values the layout does not read
    /// (`FormDefinition.keysTheLayoutReads`) or this field's own, the work
    /// still holds and is written, with the other fields' colours as they
    /// now are; otherwise the lock is released and the work redone from a
    /// fresh read. After `plannedRounds` such rounds the work is done under
    /// the lock, so a `set` always finishes. (Many processes setting fields
    /// at once thus hold the lock for a write each, not for a layout each:
    /// with every core busy, layouts under the lock made others wait past
    /// the busy timeout.)
    @discardableResult
    public func setValue(key: String, value: String, force: Bool = false) throws(FormStoreError) -> Field {
        try setValue(key: key, checkedValue: try FieldInput.checked(value, key: key), force: force)
    }

    /// `setValue(key:value:)` for a value already checked. A read-only
    /// field (`read_only: true`) is refused with `readOnlyField`, nothing
    /// written, unless `force`.
    @discardableResult
    public func setValue(key: String, checkedValue: CheckedValue, force: Bool = false) throws(FormStoreError) -> Field {
        let value = checkedValue.text
        if isReadOnly { throw .readOnly(path: path) }
        for _ in 0..<Self.plannedRounds {
            guard let plan = try planSet(key: key, value: value, force: force) else { break }
            if let field = try apply(plan) { return field }
        }
        return try write { db in
            let field = try FormTables.existingField(key, db)
            if field.isReadOnly && !force { throw FormStoreError.readOnlyField(key: key) }
            if !field.rules.type.holdsValue { throw Self.noteRefusal(key) }
            let stored = field.rules.storedText(forInput: value)
            return try FormTables.updateField(key, set: "value = ?", [stored], db)
        }
    }

    /// The refusal of a value for a note, which holds none (`invalidValue`, 65).
    static func noteRefusal(_ key: String) -> FormStoreError {
        .invalidValue(key: key, reason: "it is a note, text shown in the form that holds no value")
    }

    /// What a `set` writes, worked out outside the write lock: the field
    /// with its new value (and so its validation, computed once), and the
    /// minimap before and after.
    private struct SetPlan {
        var version: ConnectionVersion
        /// The form as read, before the new value.
        var before: FormDefinition
        var field: Field
        var storedRects: [MinimapRect]
        var rects: [MinimapRect]

        /// Whether the plan's work holds for the form as it is now: `now`
        /// differs from `before` in nothing but values the layout does not
        /// read and this field's own (which the plan replaces).
        func holds(for now: FormDefinition) -> Bool {
            guard now.fields.count == before.fields.count else { return false }
            let read = before.keysTheLayoutReads
            var normalized = now
            for index in normalized.fields.indices {
                let key = normalized.fields[index].key
                guard key == before.fields[index].key else { return false }
                if key == field.key || !read.contains(key) {
                    normalized.fields[index].value = before.fields[index].value
                }
            }
            return normalized == before
        }

        /// The plan's rectangles with every other field's colour as in `now`
        /// (its value, and so its colour, may have changed since the plan's
        /// read; its place, by `holds(for:)`, has not).
        func rects(colouredAs now: FormDefinition) -> [MinimapRect] {
            var colours: [String: FieldColor] = [:]
            for other in now.fields where other.key != field.key { colours[other.key] = other.state.color }
            return rects.map { rect in
                guard rect.kind == .field, let colour = colours[rect.key], rect.color != colour else { return rect }
                var recoloured = rect
                recoloured.color = colour
                return recoloured
            }
        }
    }

    /// How many times a `set` works outside the lock before it does its
    /// work under the lock (see `setValue(key:value:)`).
    static let plannedRounds = 16

    /// Reads the form and works out the `set`; nil when the derived data is
    /// stale (the slow path refreshes everything under the lock).
    private func planSet(key: String, value: String, force: Bool) throws(FormStoreError) -> SetPlan? {
        // Read on the writing connection, the one `apply` checks on: SQLite's
        // data_version is per connection, so a version read by a session's
        // reader would never equal the writer's once the writer committed.
        let read = try readOnWriter { db -> (ConnectionVersion, FormDefinition, [MinimapRect])? in
            guard try !DerivedState.needsRefresh(db) else { return nil }
            return (try ConnectionVersion(db), try FormTables.definition(db), try FormTables.minimapRects(db))
        }
        guard let (version, before, storedRects) = read else { return nil }
        var form = before
        guard let index = form.fields.firstIndex(where: { $0.key == key }) else {
            throw .unknownField(key: key, suggestion: KeySuggestion.nearest(to: key, in: form.fields.map(\.key)))
        }
        // `plan.holds(for:)` sees a change of `read_only` since this read.
        if form.fields[index].isReadOnly && !force { throw .readOnlyField(key: key) }
        if !form.fields[index].rules.type.holdsValue { throw Self.noteRefusal(key) }
        // A typed field stores its canonical text (`+018` as `18`), or the
        // input as given when it does not parse (then `invalid`).
        form.fields[index].value = form.fields[index].rules.storedText(forInput: value)
        let rects = geometry.minimapRects(of: form, after: .value(key: key, before: before, rects: storedRects))
        return SetPlan(version: version, before: before, field: form.fields[index], storedRects: storedRects, rects: rects)
    }

    /// Writes `plan` under the write lock if nobody committed since it was
    /// read, or if what was committed leaves the plan's work as it is; nil
    /// (and nothing written) otherwise.
    private func apply(_ plan: SetPlan) throws(FormStoreError) -> Field? {
        try writeMarkingHistory { db -> Field? in
            var (rects, storedRects) = (plan.rects, plan.storedRects)
            if try ConnectionVersion(db) != plan.version {
                guard try !DerivedState.needsRefresh(db) else { return nil }
                let now = try FormTables.definition(db)
                guard plan.holds(for: now) else { return nil }
                (rects, storedRects) = (plan.rects(colouredAs: now), try FormTables.minimapRects(db))
            }
            let field = plan.field
            try db.execute(sql: "UPDATE field SET value = ? WHERE key = ?", arguments: [field.value, field.key])
            try DerivedState.store(field.validation, ofField: field.key, db)
            try DerivedState.storeMinimap(rects, replacing: storedRects, db)
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
