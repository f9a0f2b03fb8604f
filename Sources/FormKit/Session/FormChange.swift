/// A notice from a `FormSession` that the form's database changed: read
/// again what you show. Notices say that something changed, not what (a
/// field, a page, the title): a front end reads the form again, which on
/// an open session costs one read.
public struct FormChange: Sendable, Hashable {
    /// Who made the change.
    public enum Source: Sendable, Hashable {
        /// A write through this session (its `file`'s operations), seen
        /// through GRDB's observation of the session's own commits.
        case session
        /// Another connection: another `formctl`, the `sqlite3` shell, a
        /// plain `StoredForm` in this process; seen through SQLite's
        /// `PRAGMA data_version`.
        case elsewhere
    }

    /// Who made the change.
    public let source: Source
    /// How many changes the session has noticed since it opened, this one
    /// included (see `FormSession.changeCount()`).
    public let number: Int
}
