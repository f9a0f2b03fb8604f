import PostgresNIO

/// The two statements of an answer to an open draft, the write a survey
/// makes most (`PostgresDrafts.writeDraftAnswer`), prepared once per
/// connection rather than parsed and planned at every answer.

/// A respondent's open draft: its id, its row's version (`xmin`: every
/// write of a draft updates its row) and one row per answer (key, value).
struct VersionedDraftStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT r.id, r.xmin::text, a.key, a.value FROM response r LEFT JOIN answer a ON a.response_id = r.id
        WHERE r.respondent = $1 AND r.status = 'draft'
        """
    typealias Row = (Int64, String, String?, String?)

    let respondent: String

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings()
        bindings.append(respondent)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// Stores an answer in a draft, marks the draft written and notifies the
/// respondent's streams, only if the draft is still open at the version
/// read; a row (the draft's id) when it was stored, none when the draft
/// changed or went. The UPDATE locks the row, and one that waited for
/// another write finds a new version and writes nothing.
struct StoreAnswerStatement: PostgresPreparedStatement {
    static let sql = """
        WITH touched AS (
            UPDATE response SET answered_at = \(PostgresDrafts.now)
            WHERE id = $1 AND status = 'draft' AND xmin::text = $2
            RETURNING id),
        stored AS (
            INSERT INTO answer (response_id, position, key, label, value, shown, type)
            SELECT id, (SELECT COALESCE(max(position), 0) + 1 FROM answer WHERE response_id = $1), $3, $4, $5, $6, $7
            FROM touched
            ON CONFLICT (response_id, key) DO UPDATE
            SET label = EXCLUDED.label, value = EXCLUDED.value, shown = EXCLUDED.shown, type = EXCLUDED.type
            RETURNING 1)
        SELECT t.id FROM touched t CROSS JOIN LATERAL (SELECT pg_notify('\(PostgresDrafts.changesChannel)', $8)) AS n
        """
    typealias Row = Int64

    let draft: Int64
    let version: String
    let key: String
    let label: String
    let value: String
    let isShown: Bool
    let type: String
    let respondent: String

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings()
        bindings.append(draft)
        bindings.append(version)
        bindings.append(key)
        bindings.append(label)
        bindings.append(value)
        bindings.append(isShown)
        bindings.append(type)
        bindings.append(respondent)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}
