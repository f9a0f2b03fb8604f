import FormModel
import GRDB

extension FormDatabase {
    /// Sets many fields' values in one write transaction (`formctl values
    /// --load`), whatever states they leave the fields in, as `setValue`
    /// does one: hidden fields too, values that break a rule too.
    ///
    /// Only the values that differ from the stored ones (byte for byte, not
    /// by Swift's canonical equivalence: `é` and `e` + U+0301 are different
    /// values) are written, each adding one history row; when none differs,
    /// no transaction runs and the file is left as it was. A key that names
    /// no field throws `unknownField` (with the nearest key) before
    /// anything is written. A key given twice: the last value counts.
    ///
    /// As with `setValue`, the work (validation of the changed fields and
    /// one layout of the minimap for all of them) is done from a read,
    /// before the write lock is taken; the lock is held to write the
    /// values, their states and the rectangles that changed. If another
    /// connection committed in between, the work is redone; after a few
    /// rounds it is done under the lock.
    public func setValues(_ values: [(key: String, value: CheckedValue)]) throws(FormStoreError) -> ValuesUpdate {
        try setValues(values, alsoWriting: nil).update
    }

    /// `setValues(_:)`, and the whole form as the write left it when the
    /// write had it at hand (planned from a read nobody changed before the
    /// commit); nil otherwise, and then a caller that needs it reads it.
    /// With `refusingReadOnly`, the batch is many `set`s rather than a
    /// `values --load`: a read-only field in it throws `readOnlyField`
    /// before anything is written, as `setValue` does without `force`.
    public func setValuesKeepingForm(_ values: [(key: String, value: CheckedValue)], refusingReadOnly: Bool = false)
        throws(FormStoreError) -> (update: ValuesUpdate, form: FormDefinition?) {
        try setValues(values, refusingReadOnly: refusingReadOnly, alsoWriting: nil)
    }

    /// `setValues(_:)`, running `extra` in the same transaction before the
    /// values are written (also when no value changes): it sees the values
    /// as they were. An error `extra` throws rolls everything back and is
    /// thrown.
    func setValues(_ values: [(key: String, value: CheckedValue)], refusingReadOnly: Bool = false,
                   alsoWriting extra: ((Database) throws -> Void)?)
        throws(FormStoreError) -> (update: ValuesUpdate, form: FormDefinition?) {
        if isReadOnly { throw .readOnly(path: path) }
        for _ in 0..<4 {
            switch try planValues(values, refusingReadOnly: refusingReadOnly) {
            case .nothingToWrite(let update, let form):
                guard let extra else { return (update, form) }
                try writeMarkingHistory { db in try extra(db) }
                return (update, nil)
            case .stale: break
            case .write(let plan):
                if let update = try apply(plan, alsoWriting: extra) { return (update, plan.form) }
                continue
            }
            break
        }
        // Derived data stale, or the database kept changing: everything
        // under the lock, and a whole refresh (`write`).
        let update = try write { db in
            let form = try FormTables.definition(db)
            let changes = try Self.changes(values, in: form, refusingReadOnly: refusingReadOnly)
            try extra?(db)
            for (key, value) in changes.values {
                try db.execute(sql: "UPDATE field SET value = ? WHERE key = ?", arguments: [value, key])
            }
            return changes.update
        }
        return (update, nil)
    }

    /// What a batch of values comes to, worked out from a read.
    private enum ValuesPlanOutcome {
        /// Every value is already stored: nothing is written (the form as
        /// read).
        case nothingToWrite(ValuesUpdate, FormDefinition)
        /// The derived data is stale: only the slow path refreshes it.
        case stale
        /// Values to write, planned.
        case write(ValuesPlan)
    }

    /// The writes of a batch, worked out outside the write lock.
    private struct ValuesPlan {
        var version: ConnectionVersion
        var update: ValuesUpdate
        /// The form with the batch's values.
        var form: FormDefinition
        var storedRects: [MinimapRect]
        var rects: [MinimapRect]
    }

    /// The values that differ from `form`'s, in order (the last of a key
    /// given twice), and the update they make. Throws `unknownField` for
    /// the first key that names no field.
    /// With `refusingReadOnly`, throws `readOnlyField` for the first
    /// read-only field.
    private static func changes(_ values: [(key: String, value: CheckedValue)], in form: FormDefinition, refusingReadOnly: Bool = false)
        throws(FormStoreError) -> (values: [(key: String, value: String)], update: ValuesUpdate) {
        var index: [String: Int] = [:]
        for (position, field) in form.fields.enumerated() { index[field.key] = position }
        var last: [String: String] = [:]
        var order: [String] = []
        for (key, value) in values {
            guard let position = index[key] else {
                throw .unknownField(key: key, suggestion: KeySuggestion.nearest(to: key, in: form.fields.map(\.key)))
            }
            if refusingReadOnly && form.fields[position].isReadOnly { throw .readOnlyField(key: key) }
            if last.updateValue(value.text, forKey: key) == nil { order.append(key) }
        }
        var fields = form.fields
        var changed: [(key: String, value: String)] = []
        var changedFields: [Field] = []
        var unchanged: [String] = []
        for key in order {
            guard let position = index[key], let input = last[key] else { continue }
            // A note holds no value: only "" (an empty cell or null) is taken.
            if !fields[position].rules.type.holdsValue && !input.isEmpty { throw noteRefusal(key) }
            // Typed fields store their canonical text (see `setValue`).
            let value = fields[position].rules.storedText(forInput: input)
            if fields[position].value.utf8.elementsEqual(value.utf8) {
                unchanged.append(key)
            } else {
                fields[position].value = value
                changed.append((key, value))
                changedFields.append(fields[position])
            }
        }
        return (changed, ValuesUpdate(changed: changedFields, unchanged: unchanged))
    }

    /// Changed values up to which a batch's minimap is worked out value by
    /// value (each a recolouring where it can be) rather than laid out
    /// whole once.
    static let valuesToldOneByOne = 16

    /// Reads the form and works out the batch.
    private func planValues(_ values: [(key: String, value: CheckedValue)], refusingReadOnly: Bool) throws(FormStoreError) -> ValuesPlanOutcome {
        // Read on the writing connection, the one `apply` checks on (see
        // `planSet`): a session's reader counts its writer's commits in its
        // data_version, the writer does not, so the two never compare.
        let (stale, version, before, storedRects) = try readOnWriter { db in
            // The form as this database's last value write left it, when
            // nobody wrote since: no read of a large form.
            if let kept = try written?.form(unchangedOn: db) { return (false, kept.version, kept.form, kept.rects) }
            let stale = try DerivedState.needsRefresh(db)
            // Values are exact even when the derived data is stale.
            return (stale, try ConnectionVersion(db), try FormTables.definition(db), stale ? [] : try FormTables.minimapRects(db))
        }
        let changes = try Self.changes(values, in: before, refusingReadOnly: refusingReadOnly)
        if changes.values.isEmpty { return .nothingToWrite(changes.update, before) }
        if stale { return .stale }
        var form = before
        var positions: [String: Int] = [:]
        for (position, field) in form.fields.enumerated() { positions[field.key] = position }
        let rects: [MinimapRect]
        if changes.update.changed.count <= Self.valuesToldOneByOne {
            // A few values (a server's writes that came in together): each
            // told to the geometry in turn, which recolours in place where
            // the layout does not read the value, as for one `set`.
            var current = storedRects
            for field in changes.update.changed {
                guard let position = positions[field.key] else { continue }
                let previous = form
                form.fields[position].value = field.value
                current = geometry.minimapRects(of: form, after: .value(key: field.key, before: previous, rects: current))
            }
            rects = current
        } else {
            for field in changes.update.changed {
                if let position = positions[field.key] { form.fields[position].value = field.value }
            }
            // One layout for the whole batch.
            rects = geometry.minimapRects(of: form, after: .any)
        }
        return .write(ValuesPlan(version: version, update: changes.update, form: form, storedRects: storedRects, rects: rects))
    }

    /// Writes `plan` under the write lock if nobody committed since it was
    /// read; nil (and nothing written) otherwise.
    private func apply(_ plan: ValuesPlan, alsoWriting extra: ((Database) throws -> Void)?) throws(FormStoreError) -> ValuesUpdate? {
        // nil: not written; else where the writer stood after the write
        // (nil inside when `extra` wrote what the plan's form does not hold).
        let applied = try writeMarkingHistory { db -> ConnectionVersion?? in
            guard try ConnectionVersion(db) == plan.version else { return nil }
            let lastHistoryID = try Self.lastHistoryID(db)
            try extra?(db)
            let statement = try db.cachedStatement(sql: "UPDATE field SET value = ? WHERE key = ?")
            for field in plan.update.changed {
                try statement.execute(arguments: [field.value, field.key])
                try DerivedState.store(field.validation, ofField: field.key, db)
            }
            try DerivedState.storeMinimap(plan.rects, replacing: plan.storedRects, db)
            try DerivedState.clearRefreshFlag(db)
            // Its history rows marked now, so that the transaction's own
            // marking finds nothing more of this write to change.
            try Self.markHistory(after: db, lastHistoryID)
            return .some(extra == nil ? try ConnectionVersion(db) : nil)
        }
        guard let applied else { return nil }
        if let version = applied { written?.keep(WrittenForm(version: version, form: plan.form, rects: plan.rects)) }
        return plan.update
    }
}
