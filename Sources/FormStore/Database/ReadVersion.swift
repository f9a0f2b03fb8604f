import GRDB

/// What a reading connection has seen of the database: the connection
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
    /// The version the database's version connection sees now (see
    /// `ReadVersion`): one pragma on a connection that does nothing else,
    /// no transaction, no lock, so it may be called from any thread. Only
    /// on a database opened with `openShared`; nil otherwise (a connection
    /// that also writes does not count its own commits).
    public func readVersion() throws(FormStoreError) -> ReadVersion? {
        guard let versionConnection else { return nil }
        return try mappingErrors(path: path) {
            try versionConnection.inDatabase { db in
                ReadVersion(connection: ObjectIdentifier(versionConnection),
                            dataVersion: try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0)
            }
        }
    }
}
