import FormKit
import Synchronization

/// The change feed behind `GET /api/events`: one reader of the session's
/// change notices for all clients. On each notice it reads the form,
/// compares it with what it read before (`FormSnapshot.changes(to:)`),
/// numbers the events, keeps the recent ones for reconnecting clients
/// (`EventRing`) and queues them for each client (`EventSubscription`).
///
/// It reads the form only while someone listens: the first client starts
/// it, the last one leaving stops it. Started again, it compares with the
/// form as it last read it, so what changed meanwhile is sent as events
/// too, and `Last-Event-ID` still resumes where a client left off.
final class EventFeed: Sendable {
    /// How the feed is bounded.
    struct Limits: Sendable {
        /// Recent events kept for `Last-Event-ID`.
        var replay = 1_024
        /// Events that may wait for one client before it gets a refresh.
        var queue = 256
        /// The time between two heartbeat comments.
        var heartbeat: Duration = .seconds(15)
        /// The time before reading the form again after a failed read
        /// (a database busy for longer than its 5 s timeout).
        var retry: Duration = .milliseconds(250)
        /// Reads tried before giving up until the next notice (40 × 250 ms:
        /// 10 s, on top of each read's own 5 s busy timeout).
        var attempts = 40
    }

    private struct State {
        var lastID = 0
        var ring: EventRing
        var subscribers: [Int: EventSubscription] = [:]
        var nextSubscriber = 0
        var watchers: [String?: Int] = [:]
        var snapshot: FormSnapshot?
        /// Bumped on every start and stop, so that a reader that was
        /// stopped cannot publish after a new one started.
        var generation = 0
        var tasks: [Task<Void, Never>] = []
        var isClosed = false
    }

    let session: FormSession
    let limits: Limits
    private let state: Mutex<State>
    /// The pages watched by key, laid out in place between readings.
    private let minimaps = PageMinimaps()

    init(session: FormSession, limits: Limits = Limits()) {
        self.session = session
        self.limits = limits
        state = Mutex(State(ring: EventRing(capacity: limits.replay)))
    }

    /// The id of the last event numbered (0 before the first).
    var lastEventID: Int { state.withLock { $0.lastID } }

    /// How many clients are subscribed.
    var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Checks that `page` is one of the form's (nil: the selected page);
    /// throws `unknownName` otherwise. Returns its rectangles.
    func rects(ofPage page: String?) throws(FormKitError) -> [FormSnapshot.RectID: MinimapRect] {
        try FormSnapshot.minimap(of: session.file, page: page)
    }

    /// A new client watching `page`. With `lastEventID` (a reconnect), the
    /// events after it are queued first, or one refresh when some of them
    /// were forgotten or were never this server's.
    func subscribe(page: String?, lastEventID: LastEventID?) -> EventSubscription {
        // Read before taking the lock: the form as the first client finds
        // it (or this page's rectangles, when another client came first),
        // to compare the next reading with. Read here, not by the reader
        // task, so that a change made once this returns is an event.
        let hasSnapshot = state.withLock { $0.snapshot != nil }
        let initial = hasSnapshot ? nil : try? FormSnapshot.read(session.file, pages: [page], minimaps: minimaps)
        let baseline = hasSnapshot ? try? rects(ofPage: page) : initial?.rects[page]
        let subscription = state.withLock { state -> EventSubscription in
            let number = state.nextSubscriber
            state.nextSubscriber += 1
            let subscription = EventSubscription(page: page, limit: limits.queue, number: number) { [weak self] in
                self?.unsubscribe($0)
            }
            guard !state.isClosed else {
                subscription.finish()
                return subscription
            }
            state.subscribers[number] = subscription
            state.watchers[page, default: 0] += 1
            if state.snapshot == nil { state.snapshot = initial }
            if state.snapshot?.rects[page] == nil, let baseline { state.snapshot?.rects[page] = baseline }
            if let lastEventID, lastEventID != .id(state.lastID) {
                for event in replay(after: lastEventID, page: page, in: &state) { subscription.enqueue(.event(event)) }
            }
            if state.tasks.isEmpty { start(&state) }
            return subscription
        }
        return subscription
    }

    /// Ends every stream and stops reading: the server is shutting down.
    func close() {
        let (subscribers, tasks) = state.withLock { state in
            state.isClosed = true
            state.generation += 1
            defer {
                state.subscribers = [:]
                state.tasks = []
            }
            return (Array(state.subscribers.values), state.tasks)
        }
        for task in tasks { task.cancel() }
        for subscriber in subscribers { subscriber.finish() }
    }

    /// The events after `lastEventID` a reconnecting client missed, or one refresh.
    private func replay(after lastEventID: LastEventID, page: String?, in state: inout State) -> [FeedEvent] {
        let reason: String
        switch lastEventID {
        case .id(let id):
            if id < state.lastID, let missed = state.ring.events(after: id), missed.allSatisfy({ $0.hasRects(forPage: page) }) {
                return missed
            }
            // Ids from before a restart, or too old: the client reads it all.
            reason = "events since \(id) are not kept"
        case .notOurs:
            reason = "Last-Event-ID is not an id this server sends"
        }
        state.lastID += 1
        return [FeedEvent(id: state.lastID, kind: .refresh(reason: reason))]
    }

    private func unsubscribe(_ number: Int) {
        let tasks: [Task<Void, Never>] = state.withLock { state in
            guard let subscription = state.subscribers.removeValue(forKey: number) else { return [] }
            let page = subscription.page
            let watching = (state.watchers[page] ?? 1) - 1
            state.watchers[page] = watching > 0 ? watching : nil
            if watching <= 0 { state.snapshot?.rects[page] = nil }
            guard state.subscribers.isEmpty else { return [] }
            state.generation += 1
            defer { state.tasks = [] }
            return state.tasks
        }
        for task in tasks { task.cancel() }
    }

    /// Where the feeds' reading loops and heartbeats run: a queue of their
    /// own, so that a process whose cooperative threads are busy (blocking
    /// work in tests running side by side) still sends its events.
    static let executor = DispatchTaskExecutor(label: "formctl.serve.events")

    /// Starts reading notices, and the heartbeat, for generation + 1.
    private func start(_ state: inout State) {
        state.generation += 1
        let generation = state.generation
        // The stream exists before the first reading, so no change made
        // after that reading goes unnoticed.
        let notices = session.changes()
        let reader = Task(executorPreference: Self.executor) { [weak self] in
            _ = await self?.readOnDatabaseThread(generation: generation)
            for await _ in notices {
                guard let self, !Task.isCancelled else { break }
                await self.readRetrying(generation: generation)
            }
        }
        let heartbeat = Task(executorPreference: Self.executor) { [weak self, limits] in
            while !Task.isCancelled {
                try? await Task.sleep(for: limits.heartbeat)
                guard let self, !Task.isCancelled else { break }
                self.beat(generation: generation)
            }
        }
        state.tasks = [reader, heartbeat]
    }

    /// Reads the form, trying again every `limits.retry` while it cannot
    /// (a database busy for longer than its timeout), up to
    /// `limits.attempts` times; then tells every client to refresh, and
    /// waits for the next notice.
    private func readRetrying(generation: Int) async {
        for _ in 0..<max(1, limits.attempts) {
            if await readOnDatabaseThread(generation: generation) || Task.isCancelled { return }
            try? await Task.sleep(for: limits.retry)
        }
        publish([.refresh(reason: "the form could not be read")], generation: generation)
    }

    /// `read(generation:)` on the database's threads (`DatabaseWork`), so
    /// that a reading waiting for the database holds none of the threads
    /// the streams run on.
    private func readOnDatabaseThread(generation: Int) async -> Bool {
        await DatabaseWork.run { [self] in read(generation: generation) }
    }

    /// Reads the form and publishes what changed since the last reading.
    /// Returns false when the form could not be read (try again later).
    @discardableResult
    private func read(generation: Int) -> Bool {
        let (previous, pages) = state.withLock { state in (state.snapshot, Set(state.watchers.keys)) }
        let next: FormSnapshot
        do throws(FormKitError) {
            next = try FormSnapshot.read(session.file, pages: pages, minimaps: minimaps)
        } catch {
            return false
        }
        publish(previous?.changes(to: next) ?? [], replacing: next, generation: generation)
        return true
    }

    /// Numbers `kinds`, keeps them and queues them for every client, and
    /// keeps `snapshot` (when given) as the form last read.
    private func publish(_ kinds: [FeedEvent.Kind], replacing snapshot: FormSnapshot? = nil, generation: Int) {
        state.withLock { state in
            guard state.generation == generation, !state.isClosed else { return }
            if var stored = snapshot {
                // A page first watched while this reading ran keeps the
                // rectangles its client's subscription read.
                for (page, rects) in state.snapshot?.rects ?? [:] where stored.rects[page] == nil && state.watchers[page] != nil {
                    stored.rects[page] = rects
                }
                state.snapshot = stored
            }
            for kind in kinds {
                state.lastID += 1
                let event = FeedEvent(id: state.lastID, kind: kind)
                state.ring.append(event)
                for subscriber in state.subscribers.values { subscriber.enqueue(.event(event)) }
            }
        }
    }

    private func beat(generation: Int) {
        let subscribers = state.withLock { state in
            state.generation == generation ? Array(state.subscribers.values) : []
        }
        for subscriber in subscribers { subscriber.enqueue(.heartbeat) }
    }
}

extension FeedEvent {
    /// Whether a client watching `page` can be sent this event as it is:
    /// a refresh, or a change that kept that page's rectangles.
    func hasRects(forPage page: String?) -> Bool {
        if case .change(let change) = kind { return change.rects[page] != nil }
        return true
    }
}
