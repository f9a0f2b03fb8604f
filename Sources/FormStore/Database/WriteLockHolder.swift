import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The process holding a WAL database's write lock, and what it is doing,
/// as Linux's `/proc` tells: found in `/proc/locks` (the POSIX lock SQLite
/// takes on byte 120 of the `-shm` file to write), then sampled in
/// `/proc/PID/task/*/stat`.
///
/// `BusyWait` asks when nobody has committed for a while, to tell a holder
/// that keeps the lock idle (a `sqlite3` shell with an open transaction,
/// sleeping at its prompt) from one still at work but slow: starved of CPU
/// on a loaded machine, or waiting for the disk to finish an `fsync`. Only
/// the first should make a writer give up. Elsewhere than Linux, and when
/// `/proc` cannot be read, there is no holder to find and time alone counts.
struct WriteLockHolder: Equatable {
    /// The holder's process id, as `/proc` numbers it.
    var pid: Int32
    /// Whether one of its threads was running, waiting to run (`R`) or
    /// waiting for the disk (`D`) when sampled.
    var hasActiveThread: Bool
    /// Its user and system CPU time in clock ticks, over all its threads.
    var cpuTicks: UInt64
    /// Whether the holder is this process (another of its connections):
    /// the thread asking is then left out of the sample, and CPU time does
    /// not count, for the asking thread spends it.
    var isThisProcess: Bool

    /// The byte of the `-shm` file whose lock is SQLite's WAL write lock
    /// (`WALINDEX_LOCK_OFFSET` + `WAL_WRITE_LOCK`).
    static let writeLockByte: UInt64 = 120

    /// The process holding the write lock of the WAL database whose shared
    /// memory file is `shm`, sampled now; nil when nobody holds it, `shm`
    /// is missing or `/proc` cannot be read.
    init?(shm: String) {
        #if os(Linux)
        var info = stat()
        guard stat(shm, &info) == 0,
              let locks = Self.read("/proc/locks"),
              let pid = Self.writer(in: locks, device: UInt64(info.st_dev), inode: UInt64(info.st_ino)),
              let sample = Self.sample(pid: pid)
        else { return nil }
        self.pid = pid
        isThisProcess = pid == getpid()
        hasActiveThread = sample.active
        cpuTicks = sample.ticks
        #else
        return nil
        #endif
    }

    /// Whether the holder is still at work: a thread of it running or
    /// waiting for the disk, or CPU time spent since `earlier` (the same
    /// holder sampled before).
    func isWorking(since earlier: WriteLockHolder?) -> Bool {
        if hasActiveThread { return true }
        guard let earlier, earlier.pid == pid, !isThisProcess else { return false }
        return cpuTicks != earlier.cpuTicks
    }

    /// The pid that holds a POSIX write lock covering `writeLockByte` of
    /// the file (`device`, `inode`) in the text of `/proc/locks`. A line
    /// reads `1: POSIX  ADVISORY  WRITE 4242 fe:00:1622 120 120`; the
    /// device is hexadecimal major:minor, the end may be `EOF`, and lines
    /// with `->` are requests still waiting, not locks held.
    static func writer(in locks: String, device: UInt64, inode: UInt64) -> Int32? {
        // glibc's encoding of st_dev (gnu_dev_major and gnu_dev_minor).
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
        let minor = (device & 0xff) | ((device >> 12) & ~0xff)
        for line in locks.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard words.count >= 8, words[1] == "POSIX", words[3] == "WRITE",
                  let pid = Int32(words[4]), pid > 0 else { continue }
            let file = words[5].split(separator: ":")
            guard file.count == 3, UInt64(file[0], radix: 16) == major, UInt64(file[1], radix: 16) == minor,
                  UInt64(file[2]) == inode, let start = UInt64(words[6]), start <= writeLockByte
            else { continue }
            if words[7] == "EOF" || (UInt64(words[7]).map { $0 >= writeLockByte } ?? false) { return pid }
        }
        return nil
    }

    /// The state letter and CPU ticks (utime + stime) in the text of a
    /// `/proc/…/stat` file; the command name, in parentheses, may hold
    /// spaces and parentheses itself, so fields count from the last `)`.
    static func stateAndTicks(inStat text: String) -> (state: Character, ticks: UInt64)? {
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // fields[0] is the state (field 3 of proc(5)); utime and stime are
        // fields 14 and 15.
        guard fields.count > 12, let state = fields[0].first,
              let user = UInt64(fields[11]), let system = UInt64(fields[12]) else { return nil }
        return (state, user &+ system)
    }

    /// Whether any thread of `pid` but the one asking is running or
    /// waiting for the disk, and the process's CPU ticks.
    private static func sample(pid: Int32) -> (active: Bool, ticks: UInt64)? {
        guard let process = read("/proc/\(pid)/stat").flatMap(stateAndTicks(inStat:)) else { return nil }
        // `/proc/thread-self` links to `PID/task/TID` of the thread asking.
        let asking = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"))?
            .split(separator: "/").last.map(String.init)
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        let active = threads.filter { pid != getpid() || $0 != asking }.contains { thread in
            guard let state = read("/proc/\(pid)/task/\(thread)/stat").flatMap(stateAndTicks(inStat:))?.state else { return false }
            return state == "R" || state == "D"
        }
        return (active, process.ticks)
    }

    /// A `/proc` file's text (their sizes read as 0, so read to the end).
    private static func read(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return (try? handle.readToEnd()).flatMap { String(decoding: $0, as: UTF8.self) }
    }
}
