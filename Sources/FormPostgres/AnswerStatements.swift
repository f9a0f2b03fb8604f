import FormModel
import PostgresNIO

/// The two statements of answers to open drafts, the write a survey makes
/// most (`PostgresDrafts.writeDraftAnswer`), prepared once per connection
/// rather than parsed and planned at every answer.

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

/// Stores one answer in each of several drafts and marks them written,
/// each only if its draft is still open at the version read: one row per
/// draft stored (its id and new version), none for a draft that changed
/// or went. The UPDATE locks the rows until the transaction ends
/// (`DraftWriteGroups`'), and one that waited for another write finds a
/// new version and writes nothing. One statement for a whole group of
/// answers, so that a group costs one round trip, not one per answer;
/// each draft appears at most once.
struct StoreAnswersStatement: PostgresPreparedStatement {
    static let sql = """
        WITH input AS (
            SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::text[])
                AS i (draft, version, key, label, value, shown, type)),
        touched AS (
            UPDATE response r SET answered_at = \(PostgresDrafts.now)
            FROM input i
            WHERE r.id = i.draft AND r.status = 'draft' AND r.xmin::text = i.version
            RETURNING r.id, r.xmin::text AS version),
        stored AS (
            INSERT INTO answer (response_id, position, key, label, value, shown, type)
            SELECT i.draft, (SELECT COALESCE(max(a.position), 0) + 1 FROM answer a WHERE a.response_id = i.draft),
                   i.key, i.label, i.value, i.shown, i.type
            FROM input i JOIN touched t ON t.id = i.draft
            ON CONFLICT (response_id, key) DO UPDATE
            SET label = EXCLUDED.label, value = EXCLUDED.value, shown = EXCLUDED.shown, type = EXCLUDED.type
            RETURNING 1)
        SELECT id, version FROM touched
        """
    typealias Row = (Int64, String)

    /// An answer to store: the draft, the version it was checked against, and the row.
    struct Answer: Sendable {
        let draft: Int64
        let version: String
        let answer: FormResponse.Answer
    }

    let answers: [Answer]

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings()
        bindings.append(answers.map(\.draft))
        bindings.append(answers.map(\.version))
        bindings.append(answers.map(\.answer.key))
        bindings.append(answers.map(\.answer.label))
        bindings.append(answers.map(\.answer.value))
        bindings.append(answers.map(\.answer.isShown))
        bindings.append(answers.map(\.answer.type.rawValue))
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}
