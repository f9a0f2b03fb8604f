import Foundation
import GRDB
import Synchronization

extension FormDatabase {
    /// Opens the form database at `path` for a program that keeps it open
    /// (an editor, a watcher, a server): a GRDB `DatabasePool`, one writer
    /// connection and readers that never wait for it (WAL), instead of
    /// `open`'s single connection.
    ///
    /// Everything `open(path:create:geometry:)` does and refuses comes
    /// first, on a connection of its own (the file examined without
    /// writing, created, migrated, switched to WAL, seeded or refreshed),
    /// so the same errors are thrown for the same files; a file the store
    /// may not write throws `readOnly` (`openForReading` reads it). The
    /// pool is opened while that connection is still open, so the WAL
    /// formctl set up stays as it is.
    ///
    /// The writer keeps SQLite's `synchronous = FULL`, as `open`'s
    /// connection has it: a commit the session reports is on disk.
    public static func openShared(path: String, create: Bool = false, geometry: some MinimapGeometry) throws(FormStoreError) -> FormDatabase {
        try openShared(path: path, create: create, busyTimeout: Self.busyTimeout, geometry: geometry)
    }

    /// `openShared(path:create:geometry:)` with a chosen busy timeout.
    static func openShared(path: String, create: Bool, busyTimeout: TimeInterval, geometry: any MinimapGeometry) throws(FormStoreError) -> FormDatabase {
        let checked = try open(path: path, create: create, busyTimeout: busyTimeout, geometry: geometry)
        defer { try? ClosedConnections.close(checked.queue) }
        var config = writerConfiguration(busyTimeout: busyTimeout, path: path)
        // The readers are opened here with the writer: GRDB opens them when
        // first needed, and one opened later would open whatever file is
        // at the path by then. Reads run in parallel, never waiting for
        // the writer; `readerCount` bounds how many at once.
        config.maximumReaderCount = readerCount
        let pool = try mappingErrors(path: path) {
            let pool = try DatabasePool(path: path, configuration: config)
            // GRDB's pool sets `synchronous = NORMAL`; formctl's connections
            // keep SQLite's default, FULL.
            try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
            try openReaders(of: pool)
            return pool
        }
        let versions = try mappingErrors(path: path) {
            var versionConfig = Configuration()
            versionConfig.readonly = true
            let versions = try DatabaseQueue(path: path, configuration: versionConfig)
            _ = try versions.inDatabase { db in try Int64.fetchOne(db, sql: "PRAGMA data_version") }
            return versions
        }
        return FormDatabase(path: path, queue: pool, geometry: geometry, groupsCommits: true, versionConnection: versions)
    }

    /// How many reading connections a shared database has: one per core
    /// (reads are CPU work once the file is cached), at least two and at
    /// most eight.
    static let readerCount = min(8, max(2, ProcessInfo.processInfo.activeProcessorCount))

    /// Opens every reader of `pool` now: `readerCount` reads held open at
    /// the same moment, which makes the pool open a connection for each.
    private static func openReaders(of pool: DatabasePool) throws {
        let opened = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let failure = Mutex<(any Error)?>(nil)
        let group = DispatchGroup()
        for _ in 0..<readerCount {
            DispatchQueue.global().async(group: group) {
                do {
                    try pool.read { db in
                        _ = try Int.fetchOne(db, sql: "SELECT 1")
                        opened.signal()
                        release.wait()
                    }
                } catch {
                    failure.withLock { $0 = error }
                    opened.signal()
                }
            }
        }
        for _ in 0..<readerCount { opened.wait() }
        for _ in 0..<readerCount { release.signal() }
        group.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// SQLite's `PRAGMA data_version` on the connection that writes (or,
    /// opened for reading, the one that reads): it changes whenever another
    /// connection, in this process or another, commits, and never for this
    /// connection's own commits (see `observeCommits` for those). Reading it
    /// takes no lock: it never waits for another process's writer.
    public func dataVersion() throws(FormStoreError) -> Int64 {
        try mappingErrors(path: path) {
            try queue.writeWithoutTransaction { db in try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
        }
    }

    /// Calls `onCommit` after each transaction this database's own writer
    /// commits that changed anything (GRDB's `DatabaseRegionObservation`
    /// over the whole database), on the writer's queue, before the write
    /// call returns. Nothing is observed for a database opened for reading.
    /// The observation lasts until the returned value is cancelled or goes.
    public func observeCommits(_ onCommit: @escaping @Sendable () -> Void) -> CommitObservation {
        guard !isReadOnly else { return CommitObservation(nil) }
        let observation = DatabaseRegionObservation(tracking: .fullDatabase)
        let cancellable = observation.start(in: queue, onError: { _ in }, onChange: { _ in onCommit() })
        return CommitObservation(cancellable)
    }
}

/// A running `FormDatabase.observeCommits`; it stops when cancelled or
/// deallocated.
public final class CommitObservation: Sendable {
    private let cancellable: AnyDatabaseCancellable?

    init(_ cancellable: AnyDatabaseCancellable?) {
        self.cancellable = cancellable
    }

    /// Stops the observation.
    public func cancel() {
        cancellable?.cancel()
    }
}
