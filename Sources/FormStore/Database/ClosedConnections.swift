import GRDB
import Synchronization

/// Closed connections that a short-lived process keeps until it exits
/// instead of deallocating them (`FormDatabase.keepsClosedConnections`).
///
/// Deallocating a GRDB `DatabaseQueue` releases its serial `DispatchQueue`,
/// and libdispatch disposes of a queue on a worker thread of its global
/// pool: the first time in a process, that starts the thread. For a
/// `formctl get` that costs more than the rest of the command (about 1 ms
/// and 100 page faults of its 3.7 ms and 330: `perf stat -r 30`), for a
/// thread the process, about to exit, never needed.
enum ClosedConnections {
    private static let isKeeping = Atomic<Bool>(false)
    private static let kept = Mutex<[any DatabaseWriter]>([])

    /// Whether `close(_:)` keeps the queue it closed.
    static var keeping: Bool {
        get { isKeeping.load(ordering: .relaxed) }
        set { isKeeping.store(newValue, ordering: .relaxed) }
    }

    /// Closes `queue` and, when keeping, holds on to it until the process
    /// ends: the connection is closed (the WAL checkpointed, the side files
    /// gone) either way; only the object's memory stays.
    static func close(_ queue: any DatabaseWriter) throws {
        // A pool's readers go first (GRDB's `close` closes the writer
        // first): the connection closing last checkpoints the WAL and
        // removes the side files only if it is one that may write.
        // (Asked of a queue first: a one-shot command then never loads
        // the pool's type.)
        if !(queue is DatabaseQueue), let pool = queue as? DatabasePool { pool.releaseMemory() }
        try queue.close()
        if keeping { kept.withLock { $0.append(queue) } }
    }
}

extension FormDatabase {
    /// For a process that exits as soon as its work is done, such as one
    /// `formctl` command: closed connections are then kept (closed) until
    /// the process ends rather than deallocated, which saves starting a
    /// thread (see `ClosedConnections`). Off by default: a program that
    /// keeps running, such as the editor, would accumulate them, a few
    /// kilobytes each.
    public static var keepsClosedConnections: Bool {
        get { ClosedConnections.keeping }
        set { ClosedConnections.keeping = newValue }
    }
}
