import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GRDB

/// A busy handler that keeps a waiting connection in the race for the lock,
/// and gives up only when the lock has been held without progress for
/// `timeout`.
///
/// SQLite's `busy_timeout` sleeps 1, 2, 5, 10… up to 100 ms between tries, so
/// under contention a writer that has waited a while sleeps longest while
/// fresh writers keep getting the lock: with 16 writers some waited the
/// whole 5 s. This handler tries again after a random 0.2–2 ms every time.
///
/// What it waits for is the holder, not the queue: a wait gives up when
/// `timeout` has passed with no transaction committed by anyone (the
/// database's write-ahead log, or the file itself, unchanged since the last
/// look), which is a holder keeping the lock, such as a `sqlite3` shell with
/// an open transaction. While other writers commit one after another, the
/// waiter is behind a queue that moves, and waits its turn: on a machine
/// whose cores are busy with other work, 16 formctl processes writing at
/// once each waited more than 5 s for their turn now and then. A wait is
/// still bounded: `limit` (12 × `timeout`) after it began, it gives up
/// whatever happens.
///
/// A holder can also go a while without committing and still be at work:
/// starved of CPU, or in an `fsync` the disk takes seconds to finish while
/// other programs write (in a full test run, nine of sixteen writers gave
/// up together, most likely behind one such holder). So once the files
/// have not changed for a fifth of `timeout`, the handler looks at the
/// holder itself (`WriteLockHolder`, Linux's `/proc`): a holder running,
/// waiting for the disk or spending CPU counts as progress; one asleep
/// with the lock, such as that shell, does not.
final class BusyWait: @unchecked Sendable {
    private let timeout: TimeInterval
    private let limit: TimeInterval
    /// The files whose change tells a commit: `-wal` in WAL mode, the
    /// database itself otherwise (nil: time alone counts).
    private let watched: [String]
    private let lock = NSLock()
    private var started = Date()
    private var progressed = Date()
    private var lastSeen: [FileStamp?] = []
    /// The WAL database's shared memory file, whose lock names the holder.
    private let shm: String?
    /// The holder as last sampled, and when.
    private var lastHolder: WriteLockHolder?
    private var lastLook = Date.distantPast

    init(timeout: TimeInterval, path: String? = nil) {
        self.timeout = timeout
        limit = timeout * 12
        watched = path.map { [$0 + "-wal", $0] } ?? []
        shm = path.map { $0 + "-shm" }
    }

    /// The handler for `Configuration.busyMode = .callback(…)`; `tries` is
    /// 0 at the start of each wait.
    var callback: Database.BusyCallback {
        { [self] tries in
            let now = Date()
            let stamps = watched.map(FileStamp.init(path:))
            let keepWaiting: Bool = lock.withLock {
                if tries == 0 {
                    started = now
                    progressed = now
                    lastHolder = nil
                } else if stamps != lastSeen {
                    progressed = now
                }
                lastSeen = stamps
                if holderIsWorking(now: now) { progressed = now }
                return now.timeIntervalSince(progressed) < timeout && now.timeIntervalSince(started) < limit
            }
            guard keepWaiting else { return false }
            usleep(UInt32.random(in: 200...2000))
            return true
        }
    }

    /// Whether the lock's holder, looked at no more than every 50 ms once
    /// the files have been still for a fifth of `timeout`, is at work (see
    /// the type's comment). Called with `lock` held.
    private func holderIsWorking(now: Date) -> Bool {
        guard let shm, now.timeIntervalSince(progressed) >= timeout / 5,
              now.timeIntervalSince(lastLook) >= 0.05 else { return false }
        lastLook = now
        let holder = WriteLockHolder(shm: shm)
        defer { lastHolder = holder }
        return holder?.isWorking(since: lastHolder) ?? false
    }
}

/// What `stat` says of a file that changes with each commit: its size and
/// when it was last written (nil fields for a file that is not there).
private struct FileStamp: Equatable {
    var size: Int64
    var seconds: Int
    var nanoseconds: Int

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        size = Int64(info.st_size)
        #if canImport(Darwin)
        seconds = info.st_mtimespec.tv_sec
        nanoseconds = info.st_mtimespec.tv_nsec
        #else
        seconds = info.st_mtim.tv_sec
        nanoseconds = info.st_mtim.tv_nsec
        #endif
    }
}
