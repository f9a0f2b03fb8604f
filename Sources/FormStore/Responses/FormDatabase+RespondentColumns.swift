import GRDB

extension FormDatabase {
    /// The respondent columns of every response that has one, by id
    /// (`responses copy`).
    public func respondentColumns() throws(FormStoreError) -> [Int64: RespondentColumns] {
        try mappingErrors(path: path) {
            try queue.read { db in
                var columns: [Int64: RespondentColumns] = [:]
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT id, respondent, answered_at FROM response WHERE respondent IS NOT NULL OR answered_at IS NOT NULL
                    """)
                while let row = try rows.next() {
                    columns[try row.decode(Int64.self, atIndex: 0)] = RespondentColumns(
                        respondent: try row.decode(String?.self, atIndex: 1), answeredAt: try row.decode(String?.self, atIndex: 2))
                }
                return columns
            }
        }
    }

    /// Every field's key, in form order: the first columns of an export.
    public func fieldKeys() throws(FormStoreError) -> [String] {
        try mappingErrors(path: path) {
            try queue.read { db in try String.fetchAll(db, sql: "SELECT key FROM field ORDER BY position") }
        }
    }
}
