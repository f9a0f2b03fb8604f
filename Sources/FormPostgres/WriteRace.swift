import Synchronization

/// One write's race in `PostgresDrafts`: its connection against its
/// deadline, then its transaction against the connection's closing.
/// Whichever comes first wins, and the waiting caller is answered once:
/// a write that got no connection in time never runs, and one whose
/// connection PostgreSQL closed is answered even though the driver's
/// task for it never ends.
final class WriteRace<T: Sendable>: Sendable {
    private enum Lease { case waiting, leased, expired }

    private struct State {
        var lease = Lease.waiting
        var continuation: CheckedContinuation<T, any Error>?
        var deadline: Task<Void, any Error>?
        /// The outcome when it came before the caller started waiting.
        var early: Result<T, any Error>?
        var isFinished = false
    }

    private let state = Mutex(State())

    /// The caller waits on `continuation`; `deadline` is cancelled once
    /// the write is answered.
    func start(_ continuation: CheckedContinuation<T, any Error>, deadline: Task<Void, any Error>) {
        let early = state.withLock { state -> Result<T, any Error>? in
            if let early = state.early { return early }
            state.continuation = continuation
            state.deadline = deadline
            return nil
        }
        if let early {
            deadline.cancel()
            continuation.resume(with: early)
        }
    }

    /// The connection came: true when the deadline has not passed.
    func take() -> Bool { settle(.leased) }
    /// The deadline passed: true when no connection came first.
    func expire() -> Bool { settle(.expired) }
    /// Whether the deadline passed before a connection came.
    var hasExpired: Bool { state.withLock { $0.lease == .expired } }

    /// Answers the caller with `outcome`, unless it was answered already.
    func finish(_ outcome: Result<T, any Error>) {
        let waiting = state.withLock { state -> (CheckedContinuation<T, any Error>, Task<Void, any Error>?)? in
            guard !state.isFinished else { return nil }
            state.isFinished = true
            guard let continuation = state.continuation else {
                state.early = outcome
                return nil
            }
            state.continuation = nil
            return (continuation, state.deadline)
        }
        guard let (continuation, deadline) = waiting else { return }
        deadline?.cancel()
        continuation.resume(with: outcome)
    }

    private func settle(_ outcome: Lease) -> Bool {
        state.withLock { state in
            guard state.lease == .waiting else { return false }
            state.lease = outcome
            return true
        }
    }
}
