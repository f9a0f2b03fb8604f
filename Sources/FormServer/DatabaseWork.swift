import Dispatch

/// Runs the server's database work (FormKit's synchronous calls) on
/// threads of its own, not on Swift's cooperative threads: a write that
/// waits up to 5 seconds for another program's lock, or a read that
/// refreshes a form changed with `sqlite3`, then holds one of these
/// instead of one of the few threads (one per core) every request, event
/// stream and timer of the server shares.
enum DatabaseWork {
    /// A concurrent queue: readers run in parallel (the session's pool
    /// has a connection per reader); SQLite serialises the writers.
    private static let queue = DispatchQueue(label: "formctl.serve.database", attributes: .concurrent)

    /// `body`'s result, computed on the database queue.
    static func run<T: Sendable, E: Error>(_ body: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: Result { () throws(E) -> T in try body() })
            }
        }
        return try result.get()
    }

    /// Starts `body` on the database queue without waiting for it.
    static func start(_ body: @escaping @Sendable () -> Void) {
        queue.async(execute: body)
    }
}
