import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The checks made on a database file before it is ever opened for writing,
/// so that a file the store refuses is left byte for byte as it was.
///
/// The header is read with plain file I/O; the schema is read through a
/// read-only SQLite connection. When the database has no `-wal` (or
/// `-journal`) file that connection uses `immutable=1`: a read-only connection to a WAL database
/// would otherwise leave `-wal` and `-shm` files behind. Without a `-wal`
/// file the main file holds every committed change, and in WAL mode other
/// writers only touch the main file when they checkpoint, so reading it
/// without locks is sound for the few milliseconds the inspection takes.
/// Whatever the inspection concludes is checked again inside the write
/// transactions that migrate.
struct DatabaseFile {
    /// What the file turned out to be.
    enum Kind: Equatable {
        /// No file at the path.
        case missing
        /// A file of zero bytes or a SQLite database without tables: SQLite
        /// treats both as an empty database.
        case empty
        /// A formctl database at schema version `version` (≤ the known one).
        case form(version: Int)
    }

    /// The path as given by the user (used in messages).
    var path: String

    /// The magic string every SQLite 3 database file starts with.
    static let magic = Array("SQLite format 3\0".utf8)

    /// Classifies the file, throwing for anything the store must not touch.
    func inspect(busyTimeout: TimeInterval) throws(FormStoreError) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return .missing }
            throw .underlying(message: "cannot examine \(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notADatabase(path: path) }
        if info.st_size == 0 { return .empty }

        let header = try readHeader()
        guard Self.isDatabaseHeader(header) else { throw .notADatabase(path: path) }
        // PRAGMA user_version lives at offset 60: a newer schema is refused
        // without even asking SQLite.
        let userVersion = header[60..<64].reduce(0) { $0 << 8 | Int($1) }
        if userVersion > EmbeddedMigration.latestVersion {
            throw .schemaTooNew(found: userVersion, known: EmbeddedMigration.latestVersion)
        }
        // A header naming formctl's format at this build's schema version
        // needs no second, read-only connection to look at the schema: the
        // migration runner checks the schema again on the main connection.
        let applicationID = header[68..<72].reduce(0) { $0 << 8 | Int($1) }
        if applicationID == Int(SchemaFacts.applicationID) && userVersion == EmbeddedMigration.latestVersion {
            return .form(version: userVersion)
        }
        return try inspectSchema(busyTimeout: busyTimeout)
    }

    /// True when `header` (the file's first 100 bytes) has the fixed values
    /// of SQLite's file format: the magic string, a power-of-two page size
    /// from 512 to 65536 (stored as 1), file format versions 1 (rollback
    /// journal) or 2 (WAL), and payload fractions 64, 32, 32. Only then is
    /// `user_version` at offset 60 worth reading.
    static func isDatabaseHeader(_ header: [UInt8]) -> Bool {
        guard header.count >= 100, Array(header.prefix(16)) == magic else { return false }
        let pageSize = Int(header[16]) << 8 | Int(header[17])
        let validPageSize = pageSize == 1 || (512...32768).contains(pageSize) && pageSize & (pageSize - 1) == 0
        return validPageSize
            && (1...2).contains(header[18]) && (1...2).contains(header[19])
            && header[21] == 64 && header[22] == 32 && header[23] == 32
    }

    /// Throws `readOnly` when the store must not write the file: it has no
    /// write permission bit at all (honoured even for root, who could write
    /// anyway, because clearing every write bit says "do not change this"),
    /// or `access(2)` refuses writing it or its folder (permissions for
    /// other users, read-only file systems). The folder matters because
    /// WAL mode creates `-wal` and `-shm` files beside the database.
    func checkWritable() throws(FormStoreError) {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & 0o222 == 0 || access(path, W_OK) != 0 {
            throw .readOnly(path: path)
        }
        let folder = Self.folder(of: path)
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0 else {
            throw .noFolder(path: path, folder: folder)
        }
        if folderInfo.st_mode & 0o222 == 0 || access(folder, W_OK) != 0 {
            throw .readOnly(path: path)
        }
    }

    /// The folder holding `path` (`.` for a bare file name).
    static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    private func readHeader() throws(FormStoreError) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .underlying(message: "cannot read \(path): permission denied")
        }
        defer { try? handle.close() }
        do {
            return Array(try handle.read(upToCount: 100) ?? Data())
        } catch {
            throw .underlying(message: "cannot read \(path): \(error.localizedDescription)")
        }
    }

    /// Reads the schema through a read-only connection that cannot change
    /// the file (see the type's comment).
    private func inspectSchema(busyTimeout: TimeInterval) throws(FormStoreError) -> Kind {
        try mappingErrors(path: path) {
            let queue = try readOnlyQueue(busyTimeout: busyTimeout)
            defer { try? queue.close() }
            return try queue.read { db throws -> Kind in
                let schema = try SchemaFacts.read(db)
                try schema.checkKnown()
                if schema.tables.isEmpty { return .empty }
                guard schema.tables.contains(SchemaFacts.migrationTable) else {
                    throw FormStoreError.notAFormDatabase(path: path)
                }
                return .form(version: schema.version)
            }
        }
    }

    /// A read-only connection to the file that leaves nothing beside it.
    /// With a `-wal` (or a rollback `-journal`) beside it, the main file
    /// alone may not hold the last committed state, so the connection reads
    /// through the locks; without one the file alone is the database and is
    /// opened immutable, so SQLite creates no side files (see the type's
    /// comment).
    func readOnlyQueue(busyTimeout: TimeInterval) throws -> DatabaseQueue {
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(busyTimeout)
        let hasSideFiles = FileManager.default.fileExists(atPath: path + "-wal")
            || FileManager.default.fileExists(atPath: path + "-journal")
        let location = hasSideFiles ? path : Self.immutableURI(for: path)
        do {
            return try DatabaseQueue(path: location, configuration: config)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CANTOPEN && location != path {
            // An SQLite built without URI file names: fall back to a
            // plain read-only connection.
            return try DatabaseQueue(path: path, configuration: config)
        }
    }

    /// An SQLite URI opening `path` as immutable (no locks, no side files).
    private static func immutableURI(for path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-._~")
        let encoded = absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute
        return "file:\(encoded)?immutable=1"
    }
}
