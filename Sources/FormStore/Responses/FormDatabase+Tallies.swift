import FormModel
import GRDB

/// How many responses gave one answer to one key (`formctl summary`'s
/// input): counted by SQL, so that a summary of many responses reads one
/// row per distinct answer, not one per response.
public struct AnswerTally: Hashable, Sendable {
    /// The answer's key (a path with instance numbers: `children.2.age`).
    public var key: String
    /// Whether the field was shown.
    public var isShown: Bool
    /// The answer as stored.
    public var value: String
    /// How many of the responses gave it.
    public var count: Int
}

extension FormDatabase {
    /// How many responses `filter` chooses (its limit aside).
    public func responseCount(_ filter: ResponseFilter) throws(FormStoreError) -> Int {
        try mappingErrors(path: path) {
            try queue.read { db in
                let (conditions, arguments) = filter.conditions(on: "")
                let sql = "SELECT count(*) FROM response" + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
                return try Int.fetchOne(db, sql: sql, arguments: StatementArguments(arguments)) ?? 0
            }
        }
    }

    /// The answers of the responses `filter` chooses whose key is `key`,
    /// or, with `keyPrefix`, starts with it (the fields of a repeat:
    /// `children.`), grouped by key, shown and value (byte for byte).
    public func answerTallies(_ filter: ResponseFilter, key: String, keyPrefix: Bool = false) throws(FormStoreError) -> [AnswerTally] {
        try mappingErrors(path: path) {
            try queue.read { db in
                let (sql, arguments) = Self.answersQuery(
                    "a.key, a.shown, a.value, count(*)", filter, key: key, keyPrefix: keyPrefix, groupBy: "a.key, a.shown, a.value")
                var tallies: [AnswerTally] = []
                let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
                while let row = try rows.next() {
                    // STRICT columns: text, 0/1 and a count; anything else
                    // (a table rebuilt by hand) is left out, never trapped on.
                    guard case .string(let key) = try row.decode(DatabaseValue.self, atIndex: 0).storage, case .int64(let shown) = try row.decode(DatabaseValue.self, atIndex: 1).storage,
                          case .string(let value) = try row.decode(DatabaseValue.self, atIndex: 2).storage, case .int64(let count) = try row.decode(DatabaseValue.self, atIndex: 3).storage
                    else { continue }
                    tallies.append(AnswerTally(key: key, isShown: shown != 0, value: value, count: Int(count)))
                }
                return tallies
            }
        }
    }

    /// The keys starting with `keyPrefix` that each response `filter`
    /// chooses has, with their count per response: what a repeat's
    /// instances are counted from.
    public func answerKeysByResponse(_ filter: ResponseFilter, keyPrefix: String) throws(FormStoreError) -> [(response: Int64, key: String)] {
        try mappingErrors(path: path) {
            try queue.read { db in
                let (sql, arguments) = Self.answersQuery("a.response_id, a.key", filter, key: keyPrefix, keyPrefix: true, groupBy: nil)
                var keys: [(response: Int64, key: String)] = []
                let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
                while let row = try rows.next() {
                    guard case .int64(let id) = try row.decode(DatabaseValue.self, atIndex: 0).storage, case .string(let key) = try row.decode(DatabaseValue.self, atIndex: 1).storage else { continue }
                    keys.append((id, key))
                }
                return keys
            }
        }
    }

    /// The responses `filter` chooses submitted at or after `since` (all
    /// of them with nil), each with its `submitted_at`, and how many it
    /// chooses in all, in one read: what a kept summary is brought up to
    /// date from (a response it has not counted, or one submitted again).
    ///
    /// `known` is what the caller holds of those submitted at `since`
    /// exactly: when their count and the sum of their ids are still that,
    /// they are left out (only those after `since` are listed), so that
    /// the many responses of one moment (a bulk import) are not read again
    /// at each update.
    public func responseStamps(_ filter: ResponseFilter, since: String?, known: (count: Int, idSum: Int64)? = nil) throws(FormStoreError)
        -> (total: Int, stamps: [(id: Int64, submittedAt: String)]) {
        try mappingErrors(path: path) {
            try queue.read { db in
                var (conditions, arguments) = filter.conditions(on: "")
                let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM response" + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")),
                                             arguments: StatementArguments(arguments)) ?? 0
                if let since {
                    var strictly = false
                    if let known, let row = try Row.fetchOne(
                        db, sql: "SELECT count(*), total(id) FROM response WHERE " + (conditions + ["submitted_at = ?"]).joined(separator: " AND "),
                        arguments: StatementArguments(arguments + [since])) {
                        let count: Int64 = if case .int64(let value) = try row.decode(DatabaseValue.self, atIndex: 0).storage { value } else { -1 }
                        let sum: Double = if case .double(let value) = try row.decode(DatabaseValue.self, atIndex: 1).storage { value } else { -1 }
                        strictly = count == Int64(known.count) && sum == Double(known.idSum)
                    }
                    conditions.append(strictly ? "submitted_at > ?" : "submitted_at >= ?")
                    arguments.append(since)
                }
                let sql = "SELECT id, submitted_at FROM response" + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
                var stamps: [(id: Int64, submittedAt: String)] = []
                let rows = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(arguments))
                while let row = try rows.next() {
                    guard case .int64(let id) = try row.decode(DatabaseValue.self, atIndex: 0).storage,
                          case .string(let time) = try row.decode(DatabaseValue.self, atIndex: 1).storage else { continue }
                    stamps.append((id, time))
                }
                return (total, stamps)
            }
        }
    }

    /// Every answer of the responses `ids`, each with its response's id.
    public func answers(ofResponses ids: [Int64]) throws(FormStoreError) -> [(response: Int64, tally: AnswerTally)] {
        guard !ids.isEmpty else { return [] }
        return try mappingErrors(path: path) {
            try queue.read { db in
                var answers: [(response: Int64, tally: AnswerTally)] = []
                let statement = try db.cachedStatement(sql: "SELECT key, shown, value FROM answer WHERE response_id = ?")
                for id in ids {
                    let rows = try Row.fetchCursor(statement, arguments: [id])
                    while let row = try rows.next() {
                        guard case .string(let key) = try row.decode(DatabaseValue.self, atIndex: 0).storage,
                              case .int64(let shown) = try row.decode(DatabaseValue.self, atIndex: 1).storage,
                              case .string(let value) = try row.decode(DatabaseValue.self, atIndex: 2).storage else { continue }
                        answers.append((id, AnswerTally(key: key, isShown: shown != 0, value: value, count: 1)))
                    }
                }
                return answers
            }
        }
    }

    /// A `SELECT` of `columns` from the answers of the chosen responses
    /// with key `key` (or a key starting with it).
    private static func answersQuery(_ columns: String, _ filter: ResponseFilter, key: String, keyPrefix: Bool, groupBy: String?)
        -> (String, StatementArguments) {
        var (conditions, arguments) = filter.conditions(on: "r.")
        // A prefix as a range of the index on key: keys hold no GLOB
        // characters, but a range needs no escaping at all.
        if keyPrefix {
            conditions.insert("a.key >= ? AND a.key < ?", at: 0)
            arguments.insert(contentsOf: [key, key + "\u{10FFFF}"] as [any DatabaseValueConvertible], at: 0)
        } else {
            conditions.insert("a.key = ?", at: 0)
            arguments.insert(key, at: 0)
        }
        var sql = "SELECT \(columns) FROM answer AS a JOIN response AS r ON r.id = a.response_id WHERE "
            + conditions.joined(separator: " AND ")
        if let groupBy { sql += " GROUP BY " + groupBy }
        return (sql, StatementArguments(arguments))
    }
}
