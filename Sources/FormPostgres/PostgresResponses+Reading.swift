import FormModel
import PostgresNIO

extension PostgresResponses {
    /// How many responses one round trip reads.
    static let pageSize = 1000

    /// The ids of the responses `query` chooses, in id order.
    public func ids(_ query: PostgresResponseQuery) throws(PostgresStoreError) -> [Int64] {
        try run { connection, logger in
            var sql = "SELECT id FROM response WHERE ($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR submitted_at >= $2)"
            var bindings = PostgresBindings()
            bindings.append(query.status?.rawValue)
            bindings.append(query.submittedSince)
            if let limit = query.limit {
                sql += " ORDER BY id DESC LIMIT $3"
                bindings.append(Int64(limit))
            }
            var ids: [Int64] = []
            for try await id in try await connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger).decode(Int64.self) {
                ids.append(id)
            }
            return ids.sorted()
        }
    }

    /// Calls `body` with each response of `ids` (in order), with its
    /// answers in form order, reading a page at a time.
    public func forEachResponse(ids: [Int64], _ body: (FormResponse) throws -> Void) throws {
        var start = 0
        while start < ids.count {
            let page = Array(ids[start..<min(ids.count, start + Self.pageSize)])
            start += page.count
            for response in try responses(page) { try body(response) }
        }
    }

    /// The responses of `ids`, with their answers, by id.
    private func responses(_ ids: [Int64]) throws(PostgresStoreError) -> [FormResponse] {
        try run { connection, logger in
            let rows = try await connection.query("""
                SELECT r.id, r.status, r.created_at, r.submitted_at, a.key, a.label, a.value, a.shown, a.type
                FROM response r LEFT JOIN answer a ON a.response_id = r.id
                WHERE r.id = ANY(\(ids))
                ORDER BY r.id, a.position
                """, logger: logger)
            var responses: [FormResponse] = []
            for try await (id, status, createdAt, submittedAt, key, label, value, shown, type)
                in rows.decode((Int64, String, String, String, String?, String?, String?, Bool?, String?).self) {
                if responses.last?.id != id {
                    guard let known = FormResponse.Status(rawValue: status) else {
                        throw PostgresStoreError(.refusedRow, "response \(id) has status '\(status)', which formctl does not know")
                    }
                    responses.append(FormResponse(id: id, status: known, createdAt: createdAt, submittedAt: submittedAt, answers: []))
                }
                guard let key, let label, let value, let shown else { continue }
                let answer = FormResponse.Answer(key: key, label: label, value: value, isShown: shown,
                                                 type: type.flatMap(FieldType.init(rawValue:)) ?? .text)
                responses[responses.count - 1].answers.append(answer)
            }
            return responses
        }
    }

    /// The keys answered in the responses of `ids` that `formKeys` lacks
    /// (fields removed since), in order of first appearance: by the first
    /// response that has each, then its place there, as FormStore orders
    /// an export's extra columns.
    public func otherKeys(ids: [Int64], formKeys: [String]) throws(PostgresStoreError) -> [String] {
        try run { connection, logger in
            let rows = try await connection.query("""
                SELECT DISTINCT ON (key) key, response_id, position FROM answer
                WHERE response_id = ANY(\(ids)) AND key <> ALL(\(formKeys))
                ORDER BY key, response_id
                """, logger: logger)
            var found: [(key: String, first: Int64, position: Int32)] = []
            for try await (key, first, position) in rows.decode((String, Int64, Int32).self) { found.append((key, first, position)) }
            return found.sorted { ($0.first, $0.position) < ($1.first, $1.position) }.map(\.key)
        }
    }

    /// The age in whole seconds of every draft, by id: since its last
    /// write for a respondent's draft, since it was stored for another.
    public func draftAges() throws(PostgresStoreError) -> [Int64: Int64] {
        try run { connection, logger in
            let rows = try await connection.query("""
                SELECT id, floor(extract(epoch FROM clock_timestamp()
                    - (COALESCE(answered_at, submitted_at)::timestamp AT TIME ZONE 'UTC')))::bigint
                FROM response WHERE status = 'draft'
                """, logger: logger)
            var ages: [Int64: Int64] = [:]
            for try await (id, age) in rows.decode((Int64, Int64).self) { ages[id] = age }
            return ages
        }
    }

    /// Runs `body` inside one read-only, repeatable-read transaction, so
    /// that an export's several queries see one state of the database.
    public func inSnapshot<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }
}
