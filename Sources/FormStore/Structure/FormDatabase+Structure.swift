import FormModel
import GRDB

extension FormDatabase {
    /// Makes the stored structure (title template, tab bar, pages, rows,
    /// fields with their rules and conditions) equal to the form `target`
    /// computes from the stored one, in one write transaction: what
    /// `formctl apply` writes.
    ///
    /// `target` runs under the write lock on the form as it then is, so a
    /// change someone made since the caller last read is planned against,
    /// not lost. It returns the whole form wanted (`FormDefinition`: pages
    /// and rows in order, fields in form order with their rows' numbers), or
    /// nil when nothing needs to change (the transaction then writes
    /// nothing). Pages and fields are matched by key, rows by page and place
    /// on the page; a field that stays keeps its value whatever `target`
    /// says of it. The caller checks keys, titles, widths and rules first
    /// (`FieldInput`): the store's CHECKs are the last line.
    ///
    /// A field `target` lacks whose value is not empty is removed only with
    /// `prune`; otherwise `fieldsHoldValues` lists every such field and
    /// nothing is written. Removed fields' values stay in `history`, as with
    /// `removeField`, and history rows are formctl's. The derived data
    /// (states, colours, the minimap) is computed once, at the end.
    ///
    /// Returns the fields removed that held values.
    ///
    /// With `valuesFromTarget`, the values are `target`'s instead (a
    /// repeat's instances renumbered, or a new one's defaults), and fields
    /// it lacks go with theirs, into `history`.
    @discardableResult
    public func replaceStructure(prune: Bool, valuesFromTarget: Bool = false,
                                 _ target: (FormDefinition) throws(FormStoreError) -> FormDefinition?)
        throws(FormStoreError) -> [HeldValue] {
        try write { db in
            let current = try FormTables.definition(db)
            guard var wanted = try target(current) else { return [] }
            if valuesFromTarget {
                try StructureWriter.write(from: current, to: wanted, db)
                var values: [String: String] = [:]
                for field in current.fields { values[field.key] = field.value }
                let update = try db.cachedStatement(sql: "UPDATE field SET value = ? WHERE key = ?")
                for field in wanted.fields {
                    if let before = values[field.key], !before.isScalarEqual(to: field.value) {
                        try update.execute(arguments: [field.value, field.key])
                    }
                }
                return []
            }
            // The values are the store's: a form file carries none.
            var values: [String: String] = [:]
            values.reserveCapacity(current.fields.count)
            for field in current.fields { values[field.key] = field.value }
            for index in wanted.fields.indices {
                let value = values.removeValue(forKey: wanted.fields[index].key) ?? ""
                if !wanted.fields[index].value.isScalarEqual(to: value) { wanted.fields[index].value = value }
            }
            let held = current.fields.compactMap { field in
                values[field.key].flatMap { $0.isEmpty ? nil : HeldValue(key: field.key, length: $0.count) }
            }
            if !held.isEmpty && !prune { throw FormStoreError.fieldsHoldValues(held) }
            try StructureWriter.write(from: current, to: wanted, db)
            return held
        }
    }
}
