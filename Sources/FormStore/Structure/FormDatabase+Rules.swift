import FormModel
import GRDB

extension FormDatabase {
    /// Changes a field's rules by applying `change` to the rules it has, and
    /// writes the result in one write transaction, so that a change made by
    /// someone else between reading the rules and writing them is never lost
    /// (`field rule KEY --min-length 2` keeps a pattern set meanwhile).
    ///
    /// The merged rules are checked (`FieldInput.checkRules`) before the
    /// write lock is taken; if the rules changed by the time it is held,
    /// `change` is applied again to the current ones and checked again.
    /// Returns the field with its state under the new rules.
    @discardableResult
    public func updateRules(key: String, _ change: (FieldRules) -> FieldRules) throws(FormStoreError) -> Field {
        let before = try field(key).rules
        let merged = change(before)
        try FieldInput.checkRules(merged, key: key)
        return try write { db in
            let current = try FormTables.existingField(key, db).rules
            var rules = merged
            if current != before {
                rules = change(current)
                try FieldInput.checkRules(rules, key: key)
            }
            try FormTables.writeRules(rules, key: key, db)
            return try FormTables.existingField(key, db)
        }
    }
}
