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
    /// - Parameter minimap: computes the minimap rectangles saved in
    ///   `minimap_rect` after every change.
    public static func open(path: String, create: Bool = false, minimap: @escaping MinimapLayout) throws(FormStoreError) -> FormDatabase {
        try open(path: path, create: create, busyTimeout: Self.busyTimeout, minimap: minimap)
    }

    /// `open(path:create:minimap:)` with a chosen busy timeout (tests wait
    /// less than the `busyTimeout` users get).
    static func open(path: String, create: Bool, busyTimeout: TimeInterval, minimap: @escaping MinimapLayout) throws(FormStoreError) -> FormDatabase {
        let file = DatabaseFile(path: path)
        let kind = try file.inspect(busyTimeout: busyTimeout)
        if kind == .missing && !create { throw .noDatabase(path: path) }
        try file.checkWritable()

        var config = Configuration()
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(busyTimeout)
        // WAL mode is set here rather than with `journalMode = .wal`, which
        // makes GRDB create and drop a table at every open: opening an
        // up-to-date database must not write to it.
        config.prepareDatabase { db in
            guard try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" else { return }
            guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                throw FormStoreError.underlying(message: "cannot switch \(path) to WAL mode")
            }
        }
        let queue = try mappingErrors(path: path) {
            try DatabaseQueue(path: path, configuration: config)
        }
        let database = FormDatabase(path: path, queue: queue, minimap: minimap)
        do {
            try mappingErrors(path: path) { try MigrationRunner.migrate(queue, path: path) }
            try database.seedOrRefreshIfNeeded()
        } catch {
            try? queue.close()
            throw error
        }
        return database
    }

    /// Opens an existing form database for reading only, for a file the
    /// store may not write (see `readOnly`). Nothing is migrated, seeded or
    /// refreshed on disk: derived data that is stale is computed in memory,
    /// and every write throws `readOnly`. A database whose schema is older
    /// than this build's needs migrating, which needs write access, so it is
    /// refused with `readOnly` too.
    public static func openForReading(path: String, minimap: @escaping MinimapLayout) throws(FormStoreError) -> FormDatabase {
        let file = DatabaseFile(path: path)
        switch try file.inspect(busyTimeout: Self.busyTimeout) {
        case .missing: throw .noDatabase(path: path)
        case .empty: throw .readOnly(path: path)
        case .form(let version) where version < EmbeddedMigration.latestVersion: throw .readOnly(path: path)
        case .form: break
        }
        let queue = try mappingErrors(path: path) { try file.readOnlyQueue(busyTimeout: Self.busyTimeout) }
        return FormDatabase(path: path, queue: queue, minimap: minimap, isReadOnly: true)
    }

    /// Inserts the seed form into a database without one, and refreshes the
    /// derived data if the database was changed outside formctl. Writes
    /// nothing when neither is needed.
    private func seedOrRefreshIfNeeded() throws(FormStoreError) {
        let (isEmpty, isStale) = try mappingErrors(path: path) {
            try queue.read { db in (try FormTables.isEmpty(db), try DerivedState.needsRefresh(db)) }
        }
        guard isEmpty || isStale else { return }
        try write { db in
            // Asked again under the write lock: another process may have
            // seeded the file since the read above.
            if try FormTables.isEmpty(db) { try FormTables.insert(.seed, db) }
        }
    }
}
