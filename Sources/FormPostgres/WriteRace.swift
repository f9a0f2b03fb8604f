import Dispatch
import PostgresNIO
import Synchronization

/// One write's race in `PostgresDrafts`, which its calling thread referees
/// while it waits: the write's task against the deadline for a connection,
/// then against the connection's closing. Whichever comes first wins and
/// is the one outcome the caller gets: a write that got no connection in
/// time never runs, and one whose connection PostgreSQL closed is answered
/// even though the driver's task for it never ends (postgres-nio drops a
/// query sent on a closed connection without failing it).
///
/// The caller looks at the clock and the connection only when the write
/// has not come back within `checkEvery`, so a write that does costs one
/// semaphore, not a timer task and a watching task.
final class WriteRace<T: Sendable>: Sendable {
    private enum Lease: Sendable {
        case waiting
        case leased(PostgresConnection)
        case expired
    }

    private struct State: Sendable {
        var lease = Lease.waiting
        var outcome: Result<T, any Error>?
    }

    /// The deadline passed before a connection came: nothing was written.
    struct Expired: Error {}

    private let state = Mutex(State())
    private let done = DispatchSemaphore(value: 0)
    /// How often a waiting caller looks at the clock and the connection.
    private static var checkEvery: DispatchTimeInterval { .milliseconds(200) }

    /// The connection came: true when the deadline has not passed (the
    /// write may run).
    func take(_ connection: PostgresConnection) -> Bool {
        state.withLock { state in
            guard case .waiting = state.lease else { return false }
            state.lease = .leased(connection)
            return true
        }
    }

    /// Whether the deadline passed before a connection came.
    var hasExpired: Bool {
        state.withLock { state in
            if case .expired = state.lease { return true }
            return false
        }
    }

    /// The write's task ended with `outcome`: the caller gets it, unless
    /// it had its answer already.
    func finish(_ outcome: Result<T, any Error>) {
        let first = state.withLock { state -> Bool in
            guard state.outcome == nil else { return false }
            state.outcome = outcome
            return true
        }
        if first { done.signal() }
    }

    /// Waits for the outcome: the write's own; `Expired` when no connection
    /// came within `leaseTimeout`; `closed()` when PostgreSQL closed the
    /// connection under the write.
    func outcome(leaseTimeout: Duration, closed: () -> any Error) -> Result<T, any Error> {
        let start = ContinuousClock.now
        while true {
            if done.wait(timeout: .now() + Self.checkEvery) == .success, let outcome = state.withLock({ $0.outcome }) {
                return outcome
            }
            let decided = state.withLock { state -> Result<T, any Error>? in
                // The task's outcome is in, its signal on the way: take it.
                guard state.outcome == nil else { return nil }
                switch state.lease {
                case .waiting where ContinuousClock.now - start >= leaseTimeout:
                    state.lease = .expired
                    state.outcome = .failure(Expired())
                case .leased(let connection) where connection.isClosed:
                    state.outcome = .failure(closed())
                default:
                    return nil
                }
                return state.outcome
            }
            if let decided { return decided }
        }
    }
}
