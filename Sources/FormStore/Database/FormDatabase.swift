import FormModel
import Foundation
import GRDB

/// A form kept in a SQLite file: its rows, fields, values, the validation
/// state and colour of each field, the minimap and the history of values.
///
/// Every write runs in one `IMMEDIATE` transaction that also recomputes the
/// derived data exactly, so readers using the `sqlite3` shell never see a
/// half-done change. Every read first checks `form.needs_refresh`, raised by
/// triggers when the database was changed outside formctl, and refreshes
/// the derived data before answering.
///
/// One connection (a GRDB `DatabaseQueue`) in WAL mode with foreign keys on
/// and a busy timeout, meant for one process running short commands; or,
/// opened with `openShared`, a GRDB `DatabasePool` (one writer and readers
/// that never wait for it), for a program that keeps the database open.
public final class FormDatabase: Sendable {
    /// The database file's path, as given to `open`.
    public let path: String
    /// Opened with `openForReading`: every write throws `readOnly`, and
    /// derived data that is stale is computed in memory, not saved.
    public let isReadOnly: Bool
    /// The connection: a `DatabaseQueue` (`open`, `openForReading`) or a
    /// `DatabasePool` (`openShared`).
    let queue: any DatabaseWriter
    /// Where the minimap's rectangles come from (FormKit's layout).
    let geometry: any MinimapGeometry
    /// For a database opened for reading: the connection, which may read a
    /// private copy that `close()` removes.
    let readConnection: ReadOnlyConnection?
    /// For a database opened with `openShared`: the writes that wait at
    /// the same moment commit together (`GroupCommit`); nil: each write
    /// commits alone.
    let group: GroupCommit?
    /// For a database opened with `openShared`: a connection of its own
    /// that only reads `PRAGMA data_version` (`readVersion()`), so that
    /// looking costs microseconds and never waits for a reader.
    let versionConnection: DatabaseQueue?
    /// For a database opened with `openShared`: the form as the last
    /// planned value write left it (`WrittenForm`).
    let written: WrittenFormMemory?
    /// For a database opened with `openShared`: the blank form the
    /// respondents' writes start from (`BlankFormMemory`).
    let blanks: BlankFormMemory?

    init(path: String, queue: any DatabaseWriter, geometry: any MinimapGeometry, groupsCommits: Bool = false,
         versionConnection: DatabaseQueue? = nil) {
        self.path = path
        self.queue = queue
        self.geometry = geometry
        self.isReadOnly = false
        self.readConnection = nil
        self.versionConnection = versionConnection
        written = groupsCommits ? WrittenFormMemory() : nil
        let blanks = groupsCommits ? BlankFormMemory() : nil
        self.blanks = blanks
        group = groupsCommits
            ? GroupCommit(writer: queue, starting: Self.lastHistoryID, finishing: Self.markHistory(after:_:),
                          rolledBack: { blanks?.forget() })
            : nil
    }

    init(path: String, reading connection: ReadOnlyConnection, geometry: any MinimapGeometry) {
        self.path = path
        self.queue = connection.queue
        self.geometry = geometry
        self.isReadOnly = true
        self.readConnection = connection
        group = nil
        versionConnection = nil
        written = nil
        blanks = nil
    }

    /// How long a connection waits for another one's lock before giving up
    /// with `busy` (the README's exit code 75 promises users 5 s).
    static let busyTimeout: TimeInterval = 5

    /// The newest schema version (migration number) this build carries.
    public static var knownSchemaVersion: Int { EmbeddedMigration.latestVersion }

    /// Closes the connection, checkpointing the WAL so that the database is
    /// a single file again. Any later call fails.
    public func close() throws(FormStoreError) {
        if let readConnection {
            readConnection.close()
            return
        }
        try? versionConnection?.close()
        try mappingErrors(path: path) { try ClosedConnections.close(queue) }
    }

    /// Runs `body` in an `IMMEDIATE` transaction, marks the history rows it
    /// produced as formctl's, recomputes the derived data and commits.
    func write<T>(_ body: (Database) throws -> T) throws(FormStoreError) -> T {
        if isReadOnly { throw .readOnly(path: path) }
        return try writeMarkingHistory { db in
            let result = try body(db)
            try DerivedState.refresh(db, geometry: geometry)
            return result
        }
    }

    /// The transaction every write of formctl runs in (`write`, and the
    /// planned `set`): `BEGIN IMMEDIATE`, `body`, the history rows the
    /// transaction added marked as formctl's, commit. `body` keeps the
    /// derived data exact itself. On a shared database, `body` runs in a
    /// savepoint of the transaction of the writes waiting with it
    /// (`GroupCommit`), and this returns once that one committed.
    func writeMarkingHistory<T>(_ body: (Database) throws -> T) throws(FormStoreError) -> T {
        try explainingFullHistory { () throws(FormStoreError) -> T in
            if let group { return try mappingErrors(path: path) { try group.write(body) } }
            return try immediateTransaction { db in
                // The write lock is held from here to the commit, so every
                // history row above this id comes from this transaction.
                let lastHistoryID = try Self.lastHistoryID(db)
                let result = try body(db)
                try Self.markHistory(after: db, lastHistoryID)
                return result
            }
        }
    }

    @Sendable static func lastHistoryID(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(id), 0) FROM history") ?? 0
    }

    /// Marks the history rows after `lastHistoryID` as formctl's: under
    /// the write lock, they are the transaction's own. Rows marked already
    /// are left alone, so that marking twice changes nothing (a write that
    /// marks its own rows, then the transaction's, keeps its
    /// `ConnectionVersion`).
    @Sendable static func markHistory(after db: Database, _ lastHistoryID: Int64) throws {
        try db.cachedStatement(sql: "UPDATE history SET source = 'formctl' WHERE id > ? AND source <> 'formctl'")
            .execute(arguments: [lastHistoryID])
    }

    /// Runs `body`; a "disk full" that comes from `history` having used its
    /// last id (SQLite's AUTOINCREMENT never reuses one, and 2^63 − 1 is the
    /// last) is reported as the unusable value it is, with the fix.
    func explainingFullHistory<T>(_ body: () throws(FormStoreError) -> T) throws(FormStoreError) -> T {
        do {
            return try body()
        } catch .diskFull(let diskPath) {
            let exhausted = try? queue.read { db in
                try Int64.fetchOne(db, sql: """
                    SELECT max(coalesce((SELECT max(id) FROM history), 0),
                               coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'history'), 0))
                    """)
            }
            guard let last = exhausted ?? nil, last == Int64.max else { throw .diskFull(path: diskPath) }
            throw .unusableValue(
                path: path, table: "history", column: "id", row: "id = \(last)", value: String(last),
                expected: "below \(Int64.max), the largest id SQLite has: each change adds a history row with the next id",
                fix: "BEGIN; CREATE TEMP TABLE h AS SELECT * FROM history ORDER BY id; DELETE FROM history; "
                    + "UPDATE sqlite_sequence SET seq = 0 WHERE name = 'history'; "
                    + "INSERT INTO history (key, old_value, new_value, changed_at, source) "
                    + "SELECT key, old_value, new_value, changed_at, source FROM h ORDER BY id; COMMIT;")
        }
    }

    /// Runs `body` on derived data that is known to be exact: if the
    /// database was changed outside formctl since the last refresh, it
    /// refreshes first (a short write transaction).
    func read<T>(_ body: (Database) throws -> T) throws(FormStoreError) -> T {
        // Values and states are exact whatever the flag says (states are
        // computed from values); only minimap_rect can be stale, and
        // `minimapRects()` computes it in memory for a read-only database.
        if isReadOnly { return try mappingErrors(path: path) { try queue.read(body) } }
        let outcome = try mappingErrors(path: path) {
            try queue.read { db -> ReadOutcome<T> in
                try DerivedState.needsRefresh(db) ? .stale : .read(try body(db))
            }
        }
        if case .read(let result) = outcome { return result }
        return try immediateTransaction { db in
            try DerivedState.refresh(db, geometry: geometry)
            return try body(db)
        }
    }

    /// Runs `body` in a read transaction on the connection that writes,
    /// the one whose `ConnectionVersion` a planned write checks under the
    /// lock: a session's reader counts its writer's commits in its
    /// data_version, the writer does not, so the two never compare.
    func readOnWriter<T>(_ body: (Database) throws -> T) throws(FormStoreError) -> T {
        try mappingErrors(path: path) {
            try queue.writeWithoutTransaction { db in
                var result: Result<T, any Error> = .failure(GroupCommitError.noResult)
                try db.inTransaction(.deferred) {
                    result = Result { try body(db) }
                    return .commit
                }
                return try result.get()
            }
        }
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction (the write lock is
    /// taken up front, waiting up to the busy timeout) and commits.
    func immediateTransaction<T>(_ body: (Database) throws -> T) throws(FormStoreError) -> T {
        try mappingErrors(path: path) {
            try queue.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        }
    }
}

/// A read that found the derived data stale did not run its body.
private enum ReadOutcome<T> {
    case read(T)
    case stale
}
