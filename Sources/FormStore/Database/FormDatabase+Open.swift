import FormModel
import Foundation
import GRDB

extension FormDatabase {
    /// Opens the form database at `path`, migrating it to this build's
    /// schema and refreshing derived data changed outside formctl.
    ///
    /// When the file does not exist it is created with
    /// `FormDefinition.seed` if `create` is true, and `noDatabase` is thrown
    /// otherwise. Before anything is written the file is examined without
    /// writing (see `DatabaseFile`): a file that is not SQLite or is damaged
    /// (`notADatabase`), someone else's database (`notAFormDatabase`), one
    /// from a newer formctl (`schemaTooNew`) or one that cannot be written
    /// (`readOnly`) is refused and left byte for byte as it was.
    ///
    /// - Parameter geometry: computes the minimap rectangles saved in
    ///   `minimap_rect` after every change.
    public static func open(path: String, create: Bool = false, geometry: some MinimapGeometry) throws(FormStoreError) -> FormDatabase {
        try open(path: path, create: create, busyTimeout: Self.busyTimeout, geometry: geometry)
    }

    /// `open(path:create:geometry:)` with a layout function that computes
    /// the whole minimap after every change.
    public static func open(path: String, create: Bool = false, minimap: @escaping MinimapLayout) throws(FormStoreError) -> FormDatabase {
        try open(path: path, create: create, busyTimeout: Self.busyTimeout, geometry: LayoutGeometry(layout: minimap))
    }

    /// `open(path:create:minimap:)` with a chosen busy timeout (tests wait
    /// less than the `busyTimeout` users get).
    static func open(path: String, create: Bool, busyTimeout: TimeInterval, minimap: @escaping MinimapLayout) throws(FormStoreError) -> FormDatabase {
        try open(path: path, create: create, busyTimeout: busyTimeout, geometry: LayoutGeometry(layout: minimap))
    }

    /// `open(path:create:geometry:)` with a chosen busy timeout.
    static func open(path: String, create: Bool, busyTimeout: TimeInterval, geometry: any MinimapGeometry) throws(FormStoreError) -> FormDatabase {
        let file = DatabaseFile(path: path)
        var kind = try file.inspect(busyTimeout: busyTimeout)
        if kind == .missing {
            if !create { throw .noDatabase(path: path) }
            try file.checkWritable()
            try NewDatabase.create(at: path, busyTimeout: busyTimeout, geometry: geometry)
            // Ours, or one another process made first: look again.
            kind = try file.inspect(busyTimeout: busyTimeout)
            if kind == .missing { throw .underlying(message: "\(path) disappeared while it was being created") }
        }
        try file.checkWritable()

        // No WAL switch here (`journalMode = .wal` would also make GRDB
        // create and drop a table at every open): nothing is written before
        // the migration runner has checked, under the write lock, that the
        // schema is formctl's and known (`ensureWAL` comes after).
        let queue = try mappingErrors(path: path) {
            try DatabaseQueue(path: path, configuration: writerConfiguration(busyTimeout: busyTimeout, path: path))
        }
        let database = FormDatabase(path: path, queue: queue, geometry: geometry)
        do {
            try mappingErrors(path: path) {
                try MigrationRunner.migrate(queue, path: path)
                try ensureWAL(queue, path: path, busyTimeout: busyTimeout)
            }
            try database.seedOrRefreshIfNeeded()
        } catch {
            try? queue.close()
            throw error
        }
        return database
    }

    /// Creates a new database at `path` holding `form` (its title, tab bar,
    /// pages, rows and fields with their values) instead of the seed form:
    /// `formctl apply` to a file that does not exist yet. Built aside and
    /// linked into place as `open` creates one, so nobody sees it half made.
    ///
    /// Returns false, and writes nothing, when there already is a file at
    /// `path` (or another process created one meanwhile): open that one.
    /// The path is checked as `open` checks it. `form` is written as given:
    /// check its keys, titles, rules and widths first (`FieldInput`).
    public static func create(path: String, form: FormDefinition, geometry: some MinimapGeometry) throws(FormStoreError) -> Bool {
        let file = DatabaseFile(path: path)
        guard try file.inspect(busyTimeout: busyTimeout) == .missing else { return false }
        try file.checkWritable()
        return try NewDatabase.create(at: path, busyTimeout: busyTimeout, form: form, geometry: geometry)
    }

    /// Whether there is no file at `path` yet, so that `open` would create
    /// one (or `create(path:form:geometry:)` would). Looks without writing,
    /// and throws what `open` throws for a path it refuses or a file that
    /// is not a form database.
    public static func isMissing(path: String) throws(FormStoreError) -> Bool {
        let file = DatabaseFile(path: path)
        guard try file.inspect(busyTimeout: busyTimeout) == .missing else { return false }
        try file.checkWritable()
        return true
    }

    /// The configuration of a connection that writes the database at
    /// `path`: foreign keys on, and a busy handler that polls every 0.2–2
    /// ms (jittered) until the lock has been held for `busyTimeout` with no
    /// commit by anyone (`BusyWait`). SQLite's own timeout backs off to 100
    /// ms sleeps, which lets a waiting writer starve while others keep
    /// taking the lock.
    static func writerConfiguration(busyTimeout: TimeInterval, path: String) -> Configuration {
        var config = Configuration()
        config.foreignKeysEnabled = true
        config.busyMode = .callback(BusyWait(timeout: busyTimeout, path: path).callback)
        return config
    }

    /// Switches a database that formctl has recognised to WAL mode, if it
    /// is not in it yet (a file another formctl left empty, or one switched
    /// back in sqlite3). Switching needs every other connection gone and
    /// SQLite does not call the busy handler for it, so it is retried here
    /// with short jittered sleeps until `busyTimeout`.
    static func ensureWAL(_ queue: some DatabaseWriter, path: String, busyTimeout: TimeInterval) throws {
        try queue.writeWithoutTransaction { db in
            if try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal" { return }
            let deadline = Date().addingTimeInterval(busyTimeout)
            while true {
                do {
                    if try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" { return }
                } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
                    // retried below
                }
                if Date() >= deadline { throw FormStoreError.busy(path: path) }
                usleep(UInt32.random(in: 500...3000))
            }
        }
    }

    /// Opens an existing form database for reading only, for a file the
    /// store may not write (see `readOnly`). Nothing is migrated, seeded or
    /// refreshed on disk: derived data that is stale is computed in memory,
    /// and every write throws `readOnly`. A database whose schema is older
    /// than this build's needs migrating, which needs write access, so it is
    /// refused with `readOnly` too.
    public static func openForReading(path: String, minimap: @escaping MinimapLayout) throws(FormStoreError) -> FormDatabase {
        try openForReading(path: path, geometry: LayoutGeometry(layout: minimap))
    }

    /// `openForReading(path:minimap:)` with the geometry FormKit gives.
    public static func openForReading(path: String, geometry: some MinimapGeometry) throws(FormStoreError) -> FormDatabase {
        let file = DatabaseFile(path: path)
        switch try file.inspect(busyTimeout: Self.busyTimeout) {
        case .missing: throw .noDatabase(path: path)
        case .empty: throw .readOnly(path: path)
        case .form(let version) where version < EmbeddedMigration.latestVersion: throw .readOnly(path: path)
        case .form: break
        }
        let connection = try mappingErrors(path: path) { try file.readOnlyConnection(busyTimeout: Self.busyTimeout) }
        return FormDatabase(path: path, reading: connection, geometry: geometry)
    }

    /// Inserts `form` (the seed unless told) into a database without one,
    /// and refreshes the derived data if the database was changed outside
    /// formctl. Writes nothing when neither is needed.
    ///
    /// `form` is an autoclosure: a default argument is evaluated at every
    /// call, and building `FormDefinition.seed` (a static `let`, its
    /// fields, rules and their generic types' first look-ups) cost every
    /// open of an existing file ~60k instructions for a form it never uses.
    func seedOrRefreshIfNeeded(with form: @autoclosure () -> FormDefinition = .seed) throws(FormStoreError) {
        let (isEmpty, isStale) = try mappingErrors(path: path) {
            // Outside a transaction (each statement is one), which spares
            // every command a BEGIN, a COMMIT and `read`'s query_only
            // pragmas: the answer needs no two reads to agree, since a
            // missing `form` row is stale whatever the count says, and
            // both are asked again under the write lock. A file with its
            // `form` row is not empty, so the count of three tables (a
            // statement, about 120,000 instructions) is read only without
            // one (issue 35).
            try queue.unsafeRead { db in
                let flag = try DerivedState.refreshFlag(db)
                return (flag == nil ? try FormTables.isEmpty(db) : false, DerivedState.needsRefresh(flag: flag))
            }
        }
        guard isEmpty || isStale else { return }
        try write { db in
            // Asked again under the write lock: another process may have
            // seeded the file since the read above.
            if try FormTables.isEmpty(db) { try FormTables.insert(form(), db) }
        }
    }
}
