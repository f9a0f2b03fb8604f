import GRDB

/// What one reading connection has seen of the database: the connection
/// and its `PRAGMA data_version`, which changes whenever another
/// connection commits (this process's writer included, or the `sqlite3`
/// shell). Equal versions of the same connection mean nobody committed in
/// between, so anything computed from the database since the first is
/// still exact: a server answers a repeated read from memory with it.
public struct ReadVersion: Hashable, Sendable {
    /// The reading connection.
    public let connection: ObjectIdentifier
    /// Its `PRAGMA data_version`.
    public let dataVersion: Int64
}

extension FormDatabase {
    /// The version a reading connection sees now (see `ReadVersion`): a
    /// pragma, no transaction, no lock. On a database opened with
    /// `openShared`, whose readers never write, only; on one connection
    /// that also writes, its own commits would not change it, so there it
    /// is nil.
    public func readVersion() throws(FormStoreError) -> ReadVersion? {
        guard group != nil || isReadOnly else { return nil }
        return try mappingErrors(path: path) {
            try queue.unsafeRead { db in
                ReadVersion(connection: ObjectIdentifier(db),
                            dataVersion: try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0)
            }
        }
    }
}
