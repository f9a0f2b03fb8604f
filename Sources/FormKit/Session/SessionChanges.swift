import Dispatch
import FormStore
import Synchronization

/// The changes a `FormSession` has noticed, and the streams it tells.
///
/// Two sources feed it: `noteCommit`, called by GRDB after each commit of
/// the session's own writer, and `look`, which reads `PRAGMA data_version`
/// (moved by every other connection's commit). While anyone listens to a
/// stream, a timer calls `look` every `interval`; with no listener nothing
/// runs, and `look` is called only when asked (`FormSession.changeCount()`).
///
/// The timer is a Dispatch timer on a queue of its own, not a task: a
/// program whose tasks keep Swift's few cooperative threads busy (blocking
/// work, tests running side by side) still hears of changes on time.
final class SessionChanges: Sendable {
    private struct State {
        var count = 0
        var dataVersion: Int64?
        var listeners: [Int: AsyncStream<FormChange>.Continuation] = [:]
        var nextListener = 0
        var monitor: (any DispatchSourceTimer)?
        var isStopped = false
    }

    private let state: Mutex<State>
    private let database: FormDatabase
    private let interval: Duration

    init(database: FormDatabase, interval: Duration) {
        self.database = database
        self.interval = interval
        state = Mutex(State(dataVersion: try? database.dataVersion()))
    }

    /// The number of changes noticed so far.
    var count: Int { state.withLock { $0.count } }

    /// The session's own writer committed a change.
    func noteCommit() {
        state.withLock { Self.notice(.session, in: &$0) }
    }

    /// Reads `PRAGMA data_version` and notices a change if it moved since
    /// the last look. Returns the number of changes noticed so far.
    @discardableResult
    func look() -> Int {
        // A failed read (a closed session) notices nothing: the next read
        // of the form says what is wrong.
        let version = try? database.dataVersion()
        return state.withLock { state in
            if let version, version != state.dataVersion {
                let first = state.dataVersion == nil
                state.dataVersion = version
                if !first { Self.notice(.elsewhere, in: &state) }
            }
            return state.count
        }
    }

    /// A stream of the changes noticed from now on (see `FormSession.changes()`).
    func stream() -> AsyncStream<FormChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: FormChange.self, bufferingPolicy: .bufferingNewest(1))
        let listener: Int? = state.withLock { state in
            guard !state.isStopped else { return nil }
            let listener = state.nextListener
            state.nextListener += 1
            state.listeners[listener] = continuation
            if state.monitor == nil { state.monitor = startMonitor() }
            return listener
        }
        guard let listener else {
            continuation.finish()
            return stream
        }
        // Set outside the lock: a stream already ended calls it at once.
        continuation.onTermination = { [weak self] _ in self?.removeListener(listener) }
        return stream
    }

    /// Ends every stream and the monitor; nothing is noticed any more.
    func stop() {
        let (listeners, monitor) = state.withLock { state in
            state.isStopped = true
            defer {
                state.listeners = [:]
                state.monitor = nil
            }
            return (Array(state.listeners.values), state.monitor)
        }
        monitor?.cancel()
        for listener in listeners { listener.finish() }
    }

    private func removeListener(_ listener: Int) {
        let monitor: (any DispatchSourceTimer)? = state.withLock { state in
            state.listeners[listener] = nil
            guard state.listeners.isEmpty else { return nil }
            defer { state.monitor = nil }
            return state.monitor
        }
        monitor?.cancel()
    }

    /// The timer: a `PRAGMA data_version` read every `interval` (a few
    /// microseconds of SQLite; no file is looked at).
    private func startMonitor() -> any DispatchSourceTimer {
        // At least a millisecond (a zero or negative interval would spin)
        // and at most a day (so the nanoseconds cannot overflow).
        let (seconds, attoseconds) = interval.components
        let nanoseconds = seconds >= 86_400 ? 86_400 * 1_000_000_000
            : max(1_000_000, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "formctl.session-changes"))
        // A little leeway lets the system fold this wake-up into others.
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds),
                       leeway: .nanoseconds(nanoseconds / 5))
        timer.setEventHandler { [weak self] in self?.look() }
        timer.resume()
        return timer
    }

    private static func notice(_ source: FormChange.Source, in state: inout State) {
        state.count += 1
        let change = FormChange(source: source, number: state.count)
        for listener in state.listeners.values { listener.yield(change) }
    }
}
