import FormModel
import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates a new form database so that concurrent creators never get in
/// each other's way: the whole database (schema, WAL mode, seed form,
/// minimap) is built in a temporary file in the same folder, closed (so it
/// is one file again), and then linked into place with `link(2)`, which
/// fails rather than replace a file another process put there first. The
/// loser of such a race simply opens the winner's file. Nobody ever sees a
/// half-made database at the path, and no switch to WAL mode happens on a
/// file another process has open.
enum NewDatabase {
    /// Creates the database at `path` holding `form` (the seed unless told),
    /// and returns whether this call made it: false when another process
    /// put a file there first (which is then left to its creator).
    @discardableResult
    static func create(at path: String, busyTimeout: TimeInterval, form: FormDefinition = .seed,
                       geometry: any MinimapGeometry) throws(FormStoreError) -> Bool {
        let folder = DatabaseFile.folder(of: path)
        let name = (path as NSString).lastPathComponent
        let temporary = "\(folder)/.\(name).creating-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(temporary + suffix) }
        }
        try build(temporary, reportedAs: path, busyTimeout: busyTimeout, form: form, geometry: geometry)
        if link(temporary, path) == 0 { return true }
        let code = errno
        if code == EEXIST { return false } // another process created it first
        // A file system without hard links: rename, unless the path has
        // appeared meanwhile (a narrow race, only on such file systems).
        if code == EPERM || code == ENOTSUP || code == EOPNOTSUPP || code == EMLINK {
            if access(path, F_OK) != 0 && rename(temporary, path) == 0 { return true }
            if access(path, F_OK) == 0 { return false }
        }
        switch code {
        case EACCES, EROFS: throw .readOnly(path: path)
        case ENOSPC, EDQUOT: throw .diskFull(path: path)
        default: throw .underlying(message: "cannot create \(path): \(String(cString: strerror(code)))")
        }
    }

    /// Builds the database holding `form` at `temporary` and closes it.
    private static func build(_ temporary: String, reportedAs path: String, busyTimeout: TimeInterval, form: FormDefinition,
                              geometry: any MinimapGeometry) throws(FormStoreError) {
        let queue = try mappingErrors(path: path) {
            let queue = try DatabaseQueue(path: temporary, configuration: FormDatabase.writerConfiguration(busyTimeout: busyTimeout, path: temporary))
            try queue.writeWithoutTransaction { db in
                guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                    throw FormStoreError.underlying(message: "cannot switch \(path) to WAL mode")
                }
            }
            return queue
        }
        let database = FormDatabase(path: path, queue: queue, geometry: geometry)
        do {
            try mappingErrors(path: path) { try MigrationRunner.migrate(queue, path: path) }
            try database.seedOrRefreshIfNeeded(with: form)
            // Closing checkpoints the WAL into the file and removes -wal and
            // -shm: the linked file is complete on its own.
            try database.close()
        } catch {
            try? queue.close()
            throw error
        }
    }
}
