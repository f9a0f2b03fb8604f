import FormStore

/// A form's database held open for a program that keeps running (the
/// editor, `minimap --watch`, a server), with notice of every change,
/// whoever makes it.
///
/// One database per session: a GRDB `DatabasePool` in WAL mode, one
/// connection that writes and a reader per core (two at least) that never
/// wait for it, so reads run in parallel and answer at once while a write
/// (this session's or another process's) holds the lock. Writes made from
/// several threads at once commit together: one transaction and one
/// `fsync` for the writes waiting at that moment, each in a savepoint of
/// its own, so that one refused write fails alone. The operations are `StoredForm`'s own, run on that open
/// database: use `file` (`session.file.set("first", to: "Ada")`,
/// `session.file.minimap(format: .text)`), which behaves as a `StoredForm`
/// does in every respect but the opening and closing.
///
/// ```swift
/// let session = try FormSession(file: StoredForm(path: "form.db"))
/// for await _ in session.changes() {
///     print(try session.file.minimap(format: .text))
/// }
/// ```
///
/// The class is `Sendable`: any thread or task may call it at once. Its
/// operations are synchronous and short (one read or one write
/// transaction); from async code they run on the caller's thread.
///
/// - **Changes.** `changes()` tells of each commit: this session's own
///   (GRDB's `DatabaseRegionObservation`, at the commit) and any other
///   connection's, another `formctl`, the `sqlite3` shell or a plain
///   `StoredForm` in this process (SQLite's `PRAGMA data_version`, read on the
///   session's writer every `checkInterval`: a few microseconds, no lock,
///   no look at the file). `changeCount()` looks at once, for a program
///   that has a loop of its own.
/// - **A busy database.** Reads do not wait for writers, with one
///   exception: the first read after a change made outside formctl (the
///   `sqlite3` shell) refreshes the derived data in a write, as every
///   `StoredForm` read does. A write waits for another process's write lock
///   up to 5 seconds, then throws `busy` and changes nothing; the session
///   stays usable.
/// - **A read-only file.** A file formctl may not write (see
///   `FormStoreError.readOnly`) is opened for reading, as `StoredForm`'s
///   reads do: `isReadOnly` is true and every write throws `readOnly`.
///   Others' changes are noticed when SQLite can read the file live (a WAL
///   file whose `-wal` and `-shm` exist); when it has to read an immutable
///   file or a private copy (see `FormDatabase.openForReading`), the
///   session shows the form as it was when opened.
/// - **A file deleted or replaced while open.** The session keeps the file
///   it opened (its two connections, both opened with the session, hold it
///   open): it neither follows a new file at the path nor recreates a
///   deleted one, and notices no change made to a new file there. Open a
///   new session to read the new file. SQLite finds a database's `-wal`
///   and `-shm` by the path, so replacing a database that any program has
///   open can damage it (SQLite's "How To Corrupt An SQLite Database File":
///   unlinking or renaming a database file while in use): close the
///   session first.
public final class FormSession: Sendable {
    /// The form's operations on the session's open database.
    public let file: StoredForm
    /// How often others' changes are looked for while `changes()` streams
    /// are listened to (taken as at least a millisecond and at most a day).
    public let checkInterval: Duration
    private let database: FormDatabase
    private let noticed: SessionChanges
    private let commits: CommitObservation

    /// `checkInterval`'s default: a change by another process is noticed
    /// within 50 ms, for 20 reads of `PRAGMA data_version` a second.
    public static let defaultCheckInterval: Duration = .milliseconds(50)

    /// Opens `file`'s database (created with the seed form when missing
    /// and `file.createsMissingFile`; migrated, refreshed) and keeps it open
    /// until `close()` or until the session goes. Throws what `StoredForm`'s
    /// operations throw for a file they cannot open.
    public init(file: StoredForm, checkInterval: Duration = FormSession.defaultCheckInterval) throws(FormKitError) {
        let database: FormDatabase
        do throws(FormStoreError) {
            do throws(FormStoreError) {
                database = try FormDatabase.openShared(path: file.path, create: file.createsMissingFile, geometry: FormGeometry())
            } catch .readOnly {
                database = try FormDatabase.openForReading(path: file.path, geometry: FormGeometry())
            }
        } catch {
            throw .store(error)
        }
        var sessionFile = StoredForm(path: file.path, createsMissingFile: file.createsMissingFile)
        sessionFile.openDatabase = OpenDatabase(database)
        self.file = sessionFile
        self.checkInterval = checkInterval
        self.database = database
        let noticed = SessionChanges(database: database, interval: checkInterval)
        self.noticed = noticed
        commits = database.observeCommits { noticed.noteCommit() }
    }

    /// Opens the form at `path` (see `init(file:checkInterval:)`).
    public convenience init(path: String, createsMissingFile: Bool = true) throws(FormKitError) {
        try self.init(file: StoredForm(path: path, createsMissingFile: createsMissingFile))
    }

    deinit {
        commits.cancel()
        noticed.stop()
    }

    /// The database file's path.
    public var path: String { file.path }

    /// Whether the file was opened for reading only (see the type's notes).
    public var isReadOnly: Bool { database.isReadOnly }

    /// A stream of notices, one per change noticed from now on, until the
    /// session is closed (then the stream ends). A listener that falls
    /// behind gets the latest notice only: a notice means "read again",
    /// and one read catches up with every change before it. Each call
    /// gives a stream of its own; looking for others' changes every
    /// `checkInterval` runs while any stream is listened to.
    public func changes() -> AsyncStream<FormChange> {
        noticed.stream()
    }

    /// Looks for others' changes now and returns how many changes the
    /// session has noticed since it opened (its own writes included): a
    /// program with a loop of its own compares it with the last number it
    /// saw and reads the form again when it moved.
    public func changeCount() -> Int {
        noticed.look()
    }

    /// What the session's version connection (one that reads nothing but
    /// `PRAGMA data_version`) has seen of the file (see FormStore's
    /// `ReadVersion`): when a later call gives the same
    /// version, nobody committed in between, so what was read after the
    /// first call is still the form as it is. Nil when the session cannot
    /// tell (then read again).
    public func readVersion() -> ReadVersion? {
        try? database.readVersion()
    }

    /// Ends the streams and closes the database, checkpointing the WAL when
    /// no one else has the file open. Later operations on `file` fail.
    public func close() {
        commits.cancel()
        noticed.stop()
        try? database.close()
    }
}
