import GRDB

extension FormDatabase {
    /// The recorded changes, oldest first: of every field when `key` is
    /// nil, else of that field (also after it was removed). A key with no
    /// history that is not a field either throws `unknownField`.
    public func history(key: String? = nil) throws(FormStoreError) -> [HistoryEntry] {
        try mappingErrors(path: path) {
            try queue.read { db in
                let rows: [Row]
                if let key {
                    rows = try Row.fetchAll(db, sql: "SELECT * FROM history WHERE key = ? ORDER BY id", arguments: [key])
                    if rows.isEmpty, try FormTables.field(key, db) == nil { throw try FormTables.unknownField(key, db) }
                } else {
                    rows = try Row.fetchAll(db, sql: "SELECT * FROM history ORDER BY id")
                }
                return rows.map { row in
                    let source: String = row["source"]
                    return HistoryEntry(
                        id: row["id"], key: row["key"], oldValue: row["old_value"], newValue: row["new_value"],
                        changedAt: row["changed_at"], source: HistoryEntry.Source(rawValue: source) ?? .sql)
                }
            }
        }
    }
}
