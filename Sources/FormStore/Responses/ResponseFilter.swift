import FormModel
import GRDB

/// Which responses a listing or an export covers: all of them by default,
/// in the order they were first stored (by id).
public struct ResponseFilter: Hashable, Sendable {
    /// Only responses with this status; nil: both.
    public var status: FormResponse.Status?
    /// Only responses submitted at or after this moment, as UTC text with
    /// milliseconds (`2026-11-25T00:00:00.000Z`, as `submitted_at` holds
    /// it); nil: any time.
    public var submittedSince: String?
    /// Only the last `limit` of those (the highest ids), still listed
    /// oldest first; nil: all.
    public var limit: Int?
    /// Only responses submitted strictly before this moment (text as
    /// `submittedSince`); nil: any time. What a kept summary counts up to
    /// (`SummaryTallies`).
    public var submittedBefore: String?

    /// A filter as given; no arguments: every response.
    public init(status: FormResponse.Status? = nil, submittedSince: String? = nil, limit: Int? = nil, submittedBefore: String? = nil) {
        self.status = status
        self.submittedSince = submittedSince
        self.limit = limit
        self.submittedBefore = submittedBefore
    }

    /// The status and time conditions on the `response` columns named
    /// with `prefix` (`""` or `"r."`), and their arguments; the limit
    /// is not among them.
    func conditions(on prefix: String) -> (sql: [String], arguments: [any DatabaseValueConvertible]) {
        var conditions: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        if let status {
            conditions.append("\(prefix)status = ?")
            arguments.append(status.rawValue)
        }
        if let submittedSince {
            conditions.append("\(prefix)submitted_at >= ?")
            arguments.append(submittedSince)
        }
        if let submittedBefore {
            conditions.append("\(prefix)submitted_at < ?")
            arguments.append(submittedBefore)
        }
        return (conditions, arguments)
    }

    /// A `SELECT` of the chosen responses' ids, and its arguments.
    var idQuery: (sql: String, arguments: StatementArguments) {
        var (conditions, arguments) = conditions(on: "")
        var sql = "SELECT id FROM response"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        if let limit {
            sql += " ORDER BY id DESC LIMIT ?"
            arguments.append(limit)
        }
        return (sql, StatementArguments(arguments))
    }
}
