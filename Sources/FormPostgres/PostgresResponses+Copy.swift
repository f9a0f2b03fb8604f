import FormModel
import PostgresNIO

extension PostgresResponses {
    /// The ids of every response the database holds.
    public func allIDs() throws(PostgresStoreError) -> Set<Int64> {
        try run { connection, logger in
            var ids: Set<Int64> = []
            for try await id in try await connection.query("SELECT id FROM response", logger: logger).decode(Int64.self) { ids.insert(id) }
            return ids
        }
    }

    /// Inserts `batch` in one transaction, each response with its id,
    /// times, respondent columns and answers as they are, and moves the
    /// id sequence past the highest id there is, so that a response made
    /// here later never takes an id SQLite gave. A row PostgreSQL refuses
    /// (a CHECK) rolls the whole batch back (`refusedRow`).
    public func insert(_ batch: [CopiedResponse]) throws(PostgresStoreError) {
        guard !batch.isEmpty else { return }
        try run { connection, logger in
            try await connection.withTransaction(logger: logger) { connection in
                for copied in batch {
                    let response = copied.response
                    try await connection.query("""
                        INSERT INTO response (id, status, created_at, submitted_at, respondent, answered_at)
                        VALUES (\(response.id), \(response.status.rawValue), \(response.createdAt), \(response.submittedAt),
                                \(copied.respondent), \(copied.answeredAt))
                        """, logger: logger)
                    guard !response.answers.isEmpty else { continue }
                    // One statement per response for all its answers.
                    let positions = response.answers.indices.map { Int32($0 + 1) }
                    let keys = response.answers.map(\.key)
                    let labels = response.answers.map(\.label)
                    let values = response.answers.map(\.value)
                    let shown = response.answers.map(\.isShown)
                    let types = response.answers.map(\.type.rawValue)
                    try await connection.query("""
                        INSERT INTO answer (response_id, position, key, label, value, shown, type)
                        SELECT \(response.id), * FROM unnest(\(positions)::integer[], \(keys)::text[], \(labels)::text[],
                                                            \(values)::text[], \(shown)::boolean[], \(types)::text[])
                        """, logger: logger)
                }
                try await connection.query("""
                    SELECT setval(pg_get_serial_sequence('response', 'id'), GREATEST((SELECT max(id) FROM response), 1))
                    """, logger: logger)
            }
        }
    }
}
