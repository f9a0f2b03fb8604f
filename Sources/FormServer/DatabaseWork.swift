import Foundation
import Synchronization

/// Runs the server's database work (FormKit's synchronous calls) on
/// threads of its own, not on Swift's cooperative threads: a write that
/// waits for its group's commit, or for another program's lock up to 5
/// seconds, or a read that refreshes a form changed with `sqlite3`, then
/// holds one of these instead of one of the few threads (one per core)
/// every request, event stream and timer of the server shares.
///
/// A fixed pool of threads rather than a Dispatch queue: Dispatch adds
/// threads for work that blocks only slowly (about 20 on a 2-core
/// machine, after seconds), so writes waiting for their group's commit
/// took every thread and the reads that could have run beside them
/// waited, with the cores idle.
enum DatabaseWork {
    /// The threads: enough for the writes of a large group to wait while
    /// reads go on. Each is idle until work comes.
    private static let pool = WorkerThreads(count: 64, name: "formctl.serve.database")

    /// `body`'s result, computed on the database threads.
    static func run<T: Sendable, E: Error>(_ body: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            pool.submit {
                continuation.resume(returning: Result { () throws(E) -> T in try body() })
            }
        }
        return try result.get()
    }

    /// Starts `body` on the database threads without waiting for it.
    static func start(_ body: @escaping @Sendable () -> Void) {
        pool.submit(body)
    }
}

/// A fixed number of threads taking work from one queue, first come first
/// served.
final class WorkerThreads: Sendable {
    private struct Queue {
        var items: [@Sendable () -> Void] = []
        var head = 0
    }

    private let queue = Mutex(Queue())
    private let available = DispatchSemaphore(value: 0)

    /// Starts `count` threads named `name`.
    init(count: Int, name: String) {
        for index in 0..<max(1, count) {
            let thread = Thread { [self] in work() }
            thread.name = "\(name).\(index)"
            thread.start()
        }
    }

    /// Queues `body` for the next free thread.
    func submit(_ body: @escaping @Sendable () -> Void) {
        queue.withLock { $0.items.append(body) }
        available.signal()
    }

    private func work() {
        while true {
            available.wait()
            let body = queue.withLock { queue -> (@Sendable () -> Void)? in
                guard queue.head < queue.items.count else { return nil }
                let body = queue.items[queue.head]
                queue.head += 1
                // Taken items are dropped now and then, not one by one.
                if queue.head >= 1_024, queue.head * 2 >= queue.items.count {
                    queue.items.removeFirst(queue.head)
                    queue.head = 0
                }
                return body
            }
            body?()
        }
    }
}
