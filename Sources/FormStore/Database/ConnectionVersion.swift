import GRDB

/// Where a connection stands among the database's commits: a work planned
/// from a read is written only if nobody committed since, on the same
/// connection (`setValue`'s plan and apply).
///
/// Two counters, because SQLite's `PRAGMA data_version` moves with every
/// other connection's commit but never with the connection's own: a
/// session (the editor, the server) writes for several callers on one
/// connection, and another caller's write between a plan and its apply
/// moves only `total_changes`, the rows this connection has changed.
struct ConnectionVersion: Equatable, Sendable {
    /// `PRAGMA data_version`: other connections' commits.
    var dataVersion: Int
    /// `sqlite3_total_changes()`: this connection's own changes.
    var ownChanges: Int

    /// The connection's version now.
    init(_ db: Database) throws {
        // Prepared once per connection: a `set` reads it before its plan
        // and again before it writes.
        dataVersion = try Int.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
        ownChanges = db.totalChangesCount
    }
}
