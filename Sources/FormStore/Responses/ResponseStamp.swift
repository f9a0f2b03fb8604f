import GRDB

/// What the complete responses look like from afar: how many there are,
/// the highest id and the latest `submitted_at` among them. Read by the
/// change feed at each change of the database, so that the owner's summary
/// page hears of a response submitted, submitted again or deleted without
/// the feed reading any answer.
public struct ResponseStamp: Hashable, Sendable {
    /// How many complete responses there are.
    public var count: Int
    /// The highest id among them (0 with none).
    public var lastID: Int64
    /// The latest `submitted_at` among them (nil with none).
    public var latest: String?

    public init(count: Int, lastID: Int64, latest: String?) {
        (self.count, self.lastID, self.latest) = (count, lastID, latest)
    }
}

extension FormDatabase {
    /// The complete responses' stamp, in one query (`response_submitted`
    /// gives the latest time; the count reads the smallest index).
    public func responseStamp() throws(FormStoreError) -> ResponseStamp {
        try mappingErrors(path: path) {
            try queue.read { db in
                let row = try Row.fetchOne(db, sql: "SELECT count(*), coalesce(max(id), 0), max(submitted_at) FROM response WHERE status = 'complete'")
                guard let row else { return ResponseStamp(count: 0, lastID: 0, latest: nil) }
                let latest: String? = if case .string(let text) = try row.decode(DatabaseValue.self, atIndex: 2).storage { text } else { nil }
                let count: Int64 = if case .int64(let value) = try row.decode(DatabaseValue.self, atIndex: 0).storage { value } else { 0 }
                let lastID: Int64 = if case .int64(let value) = try row.decode(DatabaseValue.self, atIndex: 1).storage { value } else { 0 }
                return ResponseStamp(count: Int(clamping: count), lastID: lastID, latest: latest)
            }
        }
    }
}
