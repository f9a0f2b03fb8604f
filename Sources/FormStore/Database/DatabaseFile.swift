import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The checks made on a database file before it is ever opened for writing,
/// so that a file the store refuses is left byte for byte as it was, with no
/// new file beside it.
///
/// The path is checked first (`checkPath`), then the header is read with
/// plain file I/O. Unless the header already says "formctl's, this schema
/// version, WAL mode", the schema is read through a connection that cannot
/// change the file or create one beside it (`readOnlyConnection`): the file
/// opened `immutable=1` when it has no `-wal` or `-journal`, a plain
/// read-only connection when it has a `-wal` and a `-shm` already (nothing
/// new is created), and otherwise a private copy of the file and its side
/// files in a temporary folder (SQLite cannot read a WAL without creating a
/// `-shm`, and cannot read past a hot journal without rolling it back).
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

    /// Refuses a path that cannot name a form's file before anything looks
    /// at the file system: empty, SQLite's in-memory and URI names, a path
    /// ending in `/` (a folder: SQLite would create the file without it), a
    /// NUL byte, a name longer than the system allows.
    static func checkPath(_ path: String) throws(FormStoreError) {
        if path.isEmpty {
            throw .invalidPath(path: path, reason: "the path is empty (SQLite would make a temporary database, lost on exit); a form lives in a file")
        }
        if path == ":memory:" || path.hasPrefix("file:") {
            throw .invalidPath(path: path, reason: "SQLite would read this as an in-memory database or a URI; a form lives in a file: name it as a path (./\(path) for a file of that name)")
        }
        if path.hasSuffix("/") {
            throw .invalidPath(path: path, reason: "the path ends with '/', so it names a folder; a form lives in a file (leave out the '/')")
        }
        if path.utf8.contains(0) {
            throw .invalidPath(path: path, reason: "the path contains a NUL byte")
        }
        if path.utf8.count >= Int(PATH_MAX) || path.split(separator: "/").contains(where: { $0.utf8.count > Int(NAME_MAX) }) {
            throw .invalidPath(path: path, reason: "the name is longer than the file system allows (\(NAME_MAX) bytes a name, \(PATH_MAX) a path)")
        }
    }

    /// Classifies the file, throwing for anything the store must not touch.
    func inspect(busyTimeout: TimeInterval) throws(FormStoreError) -> Kind {
        try Self.checkPath(path)
        var info = stat()
        guard stat(path, &info) == 0 else { return try missingOrUnreachable(errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notADatabase(path: path) }
        if info.st_size == 0 { return .empty }

        let header = try readHeader()
        guard Self.isDatabaseHeader(header) else { throw .notADatabase(path: path) }
        let userVersion = header[60..<64].reduce(0) { $0 << 8 | Int($1) }
        let applicationID = header[68..<72].reduce(0) { $0 << 8 | Int($1) }
        if applicationID == Int(SchemaFacts.applicationID) {
            // formctl's file from a newer formctl: refused without even
            // asking SQLite.
            if userVersion > EmbeddedMigration.latestVersion {
                throw .schemaTooNew(found: userVersion, known: EmbeddedMigration.latestVersion)
            }
            // formctl's file at this schema version, in WAL mode (as formctl
            // leaves every file) needs no second connection to look at the
            // schema: the migration runner checks it again on the main
            // connection before anything is written, and WAL mode is already
            // set, so nothing is written before that check. A file in
            // rollback-journal mode is inspected in full.
            if userVersion == EmbeddedMigration.latestVersion && header[18] == 2 && header[19] == 2 {
                return .form(version: userVersion)
            }
        }
        return try inspectSchema(busyTimeout: busyTimeout)
    }

    /// `stat` failed with `code`: a missing file (its folder is checked when
    /// the file is created), or a path that cannot be followed.
    private func missingOrUnreachable(_ code: Int32) throws(FormStoreError) -> Kind {
        switch code {
        case ENOENT:
            var link = stat()
            if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
                throw .unreachablePath(path: path, reason: "it is a symbolic link to a file that does not exist")
            }
            return .missing
        case ENOTDIR:
            throw .unreachablePath(path: path, reason: "a part of the path before the file name is a file, not a folder")
        case ELOOP:
            throw .unreachablePath(path: path, reason: "symbolic links on the path loop (or there are too many of them)")
        case ENAMETOOLONG:
            throw .invalidPath(path: path, reason: "the name is longer than the file system allows")
        case EACCES:
            throw .permissionDenied(path: path)
        default:
            throw .underlying(message: "cannot examine \(path): \(String(cString: strerror(code)))")
        }
    }

    /// True when `header` (the file's first 100 bytes) has the fixed values
    /// of SQLite's file format: the magic string, a power-of-two page size
    /// from 512 to 65536 (stored as 1), file format versions 1 (rollback
    /// journal) or 2 (WAL), payload fractions 64, 32, 32, and a schema
    /// format number SQLite knows (0 to 4: a flipped bit there makes SQLite
    /// answer "unsupported file format"). Only then is `user_version` at
    /// offset 60 worth reading.
    static func isDatabaseHeader(_ header: [UInt8]) -> Bool {
        guard header.count >= 100, Array(header.prefix(16)) == magic else { return false }
        let pageSize = Int(header[16]) << 8 | Int(header[17])
        let validPageSize = pageSize == 1 || (512...32768).contains(pageSize) && pageSize & (pageSize - 1) == 0
        let schemaFormat = header[44..<48].reduce(0) { $0 << 8 | Int($1) }
        return validPageSize
            && (1...2).contains(header[18]) && (1...2).contains(header[19])
            && header[21] == 64 && header[22] == 32 && header[23] == 32
            && (0...4).contains(schemaFormat)
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
            switch errno {
            case ENOTDIR: throw .unreachablePath(path: path, reason: "a part of the path before the file name is a file, not a folder")
            case ELOOP: throw .unreachablePath(path: path, reason: "symbolic links on the path loop (or there are too many of them)")
            case EACCES: throw .permissionDenied(path: path)
            default: throw .noFolder(path: path, folder: folder)
            }
        }
        guard folderInfo.st_mode & S_IFMT == S_IFDIR else {
            throw .unreachablePath(path: path, reason: "\(folder) is not a folder")
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
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == EACCES { throw .permissionDenied(path: path) }
            throw .underlying(message: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 100)
        var filled = 0
        while filled < 100 {
            let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, 100 - filled) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw .notADatabase(path: path) }
            if count == 0 { break }
            filled += count
        }
        return Array(header.prefix(filled))
    }

    /// Reads the schema through a connection that cannot change the file
    /// (see the type's comment).
    private func inspectSchema(busyTimeout: TimeInterval) throws(FormStoreError) -> Kind {
        try mappingErrors(path: path) {
            let connection = try readOnlyConnection(busyTimeout: busyTimeout)
            defer { connection.close() }
            return try connection.queue.read { db throws -> Kind in
                let schema = try SchemaFacts.read(db)
                try schema.checkUsable(path: path)
                if case .form(let version) = schema.verdict { return .form(version: version) }
                return .empty
            }
        }
    }

    /// A read-only connection to the file that leaves nothing beside it
    /// (see the type's comment).
    func readOnlyConnection(busyTimeout: TimeInterval) throws -> ReadOnlyConnection {
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(busyTimeout)
        let manager = FileManager.default
        let hasWAL = manager.fileExists(atPath: path + "-wal")
        let hasJournal = manager.fileExists(atPath: path + "-journal")
        if !hasWAL && !hasJournal {
            do {
                return ReadOnlyConnection(queue: try DatabaseQueue(path: Self.immutableURI(for: path), configuration: config))
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CANTOPEN {
                // An SQLite built without URI file names: a plain read-only
                // connection (which creates nothing for a file without a WAL).
                return ReadOnlyConnection(queue: try DatabaseQueue(path: path, configuration: config))
            }
        }
        if hasWAL && !hasJournal && manager.fileExists(atPath: path + "-shm") {
            return ReadOnlyConnection(queue: try DatabaseQueue(path: path, configuration: config))
        }
        return try ReadOnlyConnection.snapshot(of: path, busyTimeout: busyTimeout)
    }

    /// An SQLite URI opening `path` as immutable (no locks, no side files).
    private static func immutableURI(for path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-._~")
        let encoded = absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute
        return "file:\(encoded)?immutable=1"
    }
}

/// A connection that reads a database without changing it or creating a
/// file beside it; for a file with side files but no `-shm`, a connection
/// to a private copy in a temporary folder, removed on `close()`.
final class ReadOnlyConnection: Sendable {
    let queue: DatabaseQueue
    /// The temporary folder holding the copy, if any.
    let copyFolder: URL?

    init(queue: DatabaseQueue, copyFolder: URL? = nil) {
        self.queue = queue
        self.copyFolder = copyFolder
    }

    /// Copies the file and its `-wal` and `-journal` (whichever exist) into
    /// a new temporary folder and opens the copy. SQLite reads the copied
    /// WAL (or rolls the copied hot journal back) there, never beside the
    /// original. A side file checkpointed away while copying is simply not
    /// copied: the main file then holds its content.
    static func snapshot(of path: String, busyTimeout: TimeInterval) throws -> ReadOnlyConnection {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("formctl-read-\(UUID().uuidString)")
        try manager.createDirectory(at: folder, withIntermediateDirectories: false)
        do {
            let copy = folder.appendingPathComponent("form.db")
            try manager.copyItem(at: URL(fileURLWithPath: path), to: copy)
            for suffix in ["-wal", "-journal"] where manager.fileExists(atPath: path + suffix) {
                try? manager.copyItem(atPath: path + suffix, toPath: copy.path + suffix)
            }
            var config = Configuration()
            config.busyMode = .timeout(busyTimeout)
            return ReadOnlyConnection(queue: try DatabaseQueue(path: copy.path, configuration: config), copyFolder: folder)
        } catch {
            try? manager.removeItem(at: folder)
            throw error
        }
    }

    /// Closes the connection and removes the copy, if any.
    func close() {
        try? ClosedConnections.close(queue)
        if let copyFolder { try? FileManager.default.removeItem(at: copyFolder) }
    }

    deinit {
        if let copyFolder { try? FileManager.default.removeItem(at: copyFolder) }
    }
}
