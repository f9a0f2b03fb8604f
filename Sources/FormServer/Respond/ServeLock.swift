#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One `formctl serve --collect` per database: an exclusive `flock` on a
/// side file next to it (`DB.collect-lock`), holding the server's PID. The
/// system releases the lock when the process ends, however it ends
/// (SIGKILL too), so a crashed server never blocks the next. A second
/// server finds the lock taken and refuses to start, naming the PID.
///
/// Why one: respondents' events follow the writes this server makes
/// (`RespondentFeed`), and `--max-drafts` counts under one writer's eye;
/// two servers would each miss the other's.
final class ServeLock: Sendable {
    /// The lock file's descriptor, held open while the server runs.
    private let descriptor: Int32
    /// The lock file's path.
    let path: String

    /// Takes the lock for the database at `databasePath`; throws
    /// `alreadyServed` with the holder's PID when another process holds
    /// it, `cannotLock` when the file cannot be made.
    init(databasePath: String) throws(ServeError) {
        path = databasePath + ".collect-lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotLock(path: path, reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = Self.readPID(descriptor)
            close(descriptor)
            throw .alreadyServed(path: databasePath, pid: holder)
        }
        self.descriptor = descriptor
        let pid = "\(getpid())\n"
        _ = ftruncate(descriptor, 0)
        _ = pid.withCString { pointer in pwrite(descriptor, pointer, strlen(pointer), 0) }
    }

    /// Releases the lock (the process ending releases it too).
    func release() {
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// The PID the lock file names; nil when it names none (the holder is
    /// between opening and writing it).
    private static func readPID(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 31, 0) }
        guard count > 0 else { return nil }
        let digits = buffer.prefix(count).filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        return Int32(String(decoding: digits, as: UTF8.self))
    }
}
