import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Notices that a form's database file changed, whoever changed it:
/// another formctl, the `sqlite3` shell, this process.
///
/// It compares the identity, size and modification time of the file and
/// of its write-ahead log (`-wal`). Every commit appends to the log or,
/// once the last connection closes and checkpoints, rewrites the file, so
/// either moves; a change between two polls is seen at the next poll.
/// Stat calls hold no connection and no lock: a watcher never makes anyone
/// wait, and it costs two system calls per poll.
public struct FormWatcher: Sendable {
    /// The database file watched.
    public let path: String
    private var last: Signature

    /// A watcher that reports changes made from now on.
    public init(path: String) {
        self.path = path
        last = Signature(path: path)
    }

    /// Whether the file changed since the last call (or since `init` or
    /// `acknowledge()`).
    public mutating func hasChanged() -> Bool {
        let now = Signature(path: path)
        defer { last = now }
        return now != last
    }

    /// Takes the file as it is now as seen, so that a change this process
    /// made itself is not reported.
    public mutating func acknowledge() {
        last = Signature(path: path)
    }

    /// What `stat` says of the file and its log.
    private struct Signature: Equatable, Sendable {
        var file: [Int64]
        var log: [Int64]

        init(path: String) {
            file = Self.facts(path)
            log = Self.facts(path + "-wal")
        }

        /// Device, inode, size and modification time in nanoseconds; empty
        /// for a file that is not there.
        private static func facts(_ path: String) -> [Int64] {
            var info = stat()
            guard stat(path, &info) == 0 else { return [] }
            #if canImport(Darwin)
            let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
            #else
            let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            #endif
            return [Int64(info.st_dev), Int64(info.st_ino), Int64(info.st_size), modified]
        }
    }
}
