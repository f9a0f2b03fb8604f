import FormModel
import GRDB

/// Reading the `response` and `answer` tables (0006_responses). The tables
/// are STRICT with CHECKs, so every row holds what the decoding expects;
/// it still throws, never traps, on anything else.
enum ResponseTables {
    /// The response with `id` and its answers, or nil.
    static func response(_ id: Int64, _ db: Database) throws -> FormResponse? {
        guard let row = try Row.fetchOne(db, sql: "SELECT id, status, created_at, submitted_at FROM response WHERE id = ?", arguments: [id]) else {
            return nil
        }
        var response = try header(row)
        response.answers = try Row.fetchAll(
            db, sql: "SELECT key, label, value, shown, type FROM answer WHERE response_id = ? ORDER BY position", arguments: [id]
        ).map(answer)
        return response
    }

    /// The response with `id`, or `unknownResponse` naming the ids there are.
    static func existingResponse(_ id: Int64, _ db: Database) throws -> FormResponse {
        guard let response = try response(id, db) else { throw try unknownResponse(id, db) }
        return response
    }

    /// `unknownResponse` for `id`, with the range of ids that exist.
    static func unknownResponse(_ id: Int64, _ db: Database) throws -> FormStoreError {
        let row = try Row.fetchOne(db, sql: "SELECT min(id), max(id) FROM response")
        if let row, let low = try row.decode(Int64?.self, atIndex: 0), let high = try row.decode(Int64?.self, atIndex: 1) {
            return .unknownResponse(id: id, existing: low...high)
        }
        return .unknownResponse(id: id, existing: nil)
    }

    /// Calls `body` with each response `filter` chooses, with its answers,
    /// oldest first, reading them in one pass.
    static func forEachResponse(_ filter: ResponseFilter, _ db: Database, _ body: (FormResponse) throws -> Void) throws {
        let (ids, arguments) = filter.idQuery
        let cursor = try Row.fetchCursor(db, sql: """
            SELECT r.id, r.status, r.created_at, r.submitted_at, a.key, a.label, a.value, a.shown, a.type
            FROM response r LEFT JOIN answer a ON a.response_id = r.id
            WHERE r.id IN (\(ids))
            ORDER BY r.id, a.position
            """, arguments: arguments)
        var current: FormResponse?
        while let row = try cursor.next() {
            let id = try row.decode(Int64.self, atIndex: 0)
            if current?.id != id {
                if let current { try body(current) }
                current = try header(row)
            }
            if try row.decode(String?.self, atIndex: 4) != nil {
                current?.answers.append(try answer(row, from: 4))
            }
        }
        if let current { try body(current) }
    }

    /// The keys answered in the responses `filter` chooses that `formKeys`
    /// (the form's, in form order) lacks, in order of first appearance:
    /// fields removed since.
    ///
    /// The distinct keys come from the `answer_key` index, one step per
    /// key (a loose index scan), not from grouping every answer: an export
    /// of 100,000 responses of five fields would otherwise read half a
    /// million answers before its header.
    static func otherKeys(_ filter: ResponseFilter, formKeys: Set<String>, _ db: Database) throws -> [String] {
        let keys = try String.fetchAll(db, sql: """
            WITH RECURSIVE k(key) AS (
                SELECT min(key) FROM answer
                UNION ALL
                SELECT (SELECT min(key) FROM answer WHERE key > k.key) FROM k WHERE k.key IS NOT NULL
            )
            SELECT key FROM k WHERE key IS NOT NULL
            """)
        var found: [(key: String, first: Int64, position: Int64)] = []
        for key in keys where !formKeys.contains(key) {
            let first: Int64?
            if filter.choosesEverything {
                first = try Int64.fetchOne(db, sql: "SELECT min(response_id) FROM answer WHERE key = ?", arguments: [key])
            } else {
                let (ids, arguments) = filter.idQuery
                first = try Int64.fetchOne(db, sql: "SELECT min(response_id) FROM answer WHERE key = ? AND response_id IN (\(ids))",
                                           arguments: [key] + arguments)
            }
            guard let first else { continue }
            let position = try Int64.fetchOne(db, sql: "SELECT position FROM answer WHERE response_id = ? AND key = ?", arguments: [first, key]) ?? 0
            found.append((key, first, position))
        }
        return found.sorted { ($0.first, $0.position) < ($1.first, $1.position) }.map(\.key)
    }

    /// A response's columns (`id, status, created_at, submitted_at`), no answers yet.
    private static func header(_ row: Row) throws -> FormResponse {
        let status = try row.decode(String.self, atIndex: 1)
        guard let known = FormResponse.Status(rawValue: status) else {
            throw FormStoreError.underlying(message: "response has status '\(status)', which formctl does not know")
        }
        return FormResponse(id: try row.decode(Int64.self, atIndex: 0), status: known,
                            createdAt: try row.decode(String.self, atIndex: 2),
                            submittedAt: try row.decode(String.self, atIndex: 3), answers: [])
    }

    /// An answer from `key, label, value, shown` starting at column `start`.
    private static func answer(_ row: Row, from start: Int) throws -> FormResponse.Answer {
        FormResponse.Answer(key: try row.decode(String.self, atIndex: start), label: try row.decode(String.self, atIndex: start + 1),
                            value: try row.decode(String.self, atIndex: start + 2),
                            isShown: try row.decode(Int64.self, atIndex: start + 3) != 0,
                            type: FieldType(rawValue: try row.decode(String.self, atIndex: start + 4)) ?? .text)
    }

    private static func answer(_ row: Row) throws -> FormResponse.Answer { try answer(row, from: 0) }

    /// `form.fields_version`: changes whenever the fields' structure does
    /// (0006_responses), 0 when the row is gone.
    static func fieldsVersion(_ db: Database) throws -> Int64 {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT fields_version FROM form WHERE id = 1")) else { return 0 }
        return try row.decode(Int64.self, atIndex: 0)
    }

    /// The id of the draft open in the form (`responses open`), if any.
    static func openResponse(_ db: Database) throws -> Int64? {
        guard let row = try Row.fetchOne(db, sql: "SELECT open_response FROM form WHERE id = 1") else { return nil }
        return try row.decode(Int64?.self, atIndex: 0)
    }
}
