import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GRDB

/// A busy handler that keeps a waiting connection in the race for the lock.
///
/// SQLite's `busy_timeout` sleeps 1, 2, 5, 10… up to 100 ms between tries, so
/// under contention a writer that has waited a while sleeps longest while
/// fresh writers keep getting the lock: with 16 writers some waited the
/// whole 5 s. This handler tries again after a random 0.2–2 ms every time,
/// until `timeout` has passed since the first try of this wait.
final class BusyWait: @unchecked Sendable {
    private let timeout: TimeInterval
    private let lock = NSLock()
    private var started = Date()

    init(timeout: TimeInterval) {
        self.timeout = timeout
    }

    /// The handler for `Configuration.busyMode = .callback(…)`; `tries` is
    /// 0 at the start of each wait.
    var callback: Database.BusyCallback {
        { [self] tries in
            let now = Date()
            let elapsed: TimeInterval = lock.withLock {
                if tries == 0 { started = now }
                return now.timeIntervalSince(started)
            }
            guard elapsed < timeout else { return false }
            usleep(UInt32.random(in: 200...2000))
            return true
        }
    }
}
