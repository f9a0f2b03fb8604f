import GRDB

extension FormDatabase {
    /// The recorded changes, oldest first: of every field when `key` is
    /// nil, else of that field (also after it was removed). A key with no
    /// history that is not a field either throws `unknownField`.
    public func history(key: String? = nil) throws(FormStoreError) -> [HistoryEntry] {
        try mappingErrors(path: path) {
            try queue.read { db in
                let entries = try FormTables.history(key: key, db)
                if let key, entries.isEmpty, try FormTables.field(key, db) == nil { throw try FormTables.unknownField(key, db) }
                return entries
            }
        }
    }
}
