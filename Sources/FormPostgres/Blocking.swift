import Dispatch
import Synchronization

/// Runs async driver code from formctl's synchronous commands.
///
/// The commands are plain `ParsableCommand`s on the main thread, and
/// FormKit's exports call their source synchronously, response by
/// response; postgres-nio is async. The main thread waits for a task that
/// runs on the driver's own threads, so nothing waits on the thread it
/// needs: this is never called from inside a task.
enum Blocking {
    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let result = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let outcome: Result<T, any Error>
            do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        // The task stored its outcome before it signalled.
        guard let outcome = result.withLock({ $0 }) else {
            throw PostgresStoreError(.failed, "the PostgreSQL call ended without a result")
        }
        return try outcome.get()
    }
}
