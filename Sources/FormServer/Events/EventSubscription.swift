import Synchronization

/// One client's place in the change feed: the events waiting to be written
/// to it, at most `limit`. A client that reads too slowly for that does not
/// make the server hold more: its waiting events are replaced by one
/// refresh, after which it reads the form again.
final class EventSubscription: Sendable {
    /// What the stream writes next.
    enum Item: Sendable, Equatable {
        case event(FeedEvent)
        /// A comment line that keeps proxies and the connection from
        /// timing out while nothing changes.
        case heartbeat
    }

    private struct State {
        var items: [Item] = []
        var waiter: CheckedContinuation<[Item]?, Never>?
        var isFinished = false
    }

    /// The page the client watches (nil: the selected page).
    let page: String?
    /// The most items that wait for one client.
    let limit: Int
    /// The feed's key for this subscription.
    let number: Int
    private let state = Mutex(State())
    private let onCancel: @Sendable (Int) -> Void

    init(page: String?, limit: Int, number: Int, onCancel: @escaping @Sendable (Int) -> Void) {
        self.page = page
        self.limit = max(2, limit)
        self.number = number
        self.onCancel = onCancel
    }

    /// Queues `item` for the client; past the limit, everything waiting
    /// becomes one refresh (carrying `item`'s id when it is an event, so
    /// that ids stay monotonic and a reconnect resumes after it).
    func enqueue(_ item: Item) {
        let wake = state.withLock { state -> Wake? in
            guard !state.isFinished else { return nil }
            if state.items.count >= limit {
                // A heartbeat is not worth a refresh: the queue is not empty.
                guard case .event(let event) = item else { return nil }
                state.items = [.event(FeedEvent(id: event.id, kind: .refresh(reason: "this client fell behind")))]
            } else {
                state.items.append(item)
            }
            return Self.wake(&state)
        }
        if let wake { wake.waiter.resume(returning: wake.items) }
    }

    /// The items waiting, waiting for one when there are none; nil once
    /// the subscription is finished and everything queued was taken, or
    /// when the task is cancelled.
    func next() async -> [Item]? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready: [Item]?? = state.withLock { state in
                    if !state.items.isEmpty {
                        defer { state.items = [] }
                        return .some(state.items)
                    }
                    if state.isFinished || Task.isCancelled { return .some(nil) }
                    state.waiter = continuation
                    return .none
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            finish()
        }
    }

    /// Ends the subscription: `next` answers what is queued, then nil.
    func finish() {
        let wake = state.withLock { state in
            state.isFinished = true
            return Self.wake(&state)
        }
        if let wake { wake.waiter.resume(returning: wake.items) }
    }

    /// Ends the subscription and leaves the feed (the client went away).
    func cancel() {
        finish()
        onCancel(number)
    }

    /// Whether `finish` or `cancel` was called.
    var isFinished: Bool { state.withLock { $0.isFinished } }

    /// A waiting `next` to resume, and what it gets.
    private struct Wake {
        let waiter: CheckedContinuation<[Item]?, Never>
        let items: [Item]?
    }

    /// Takes the waiting `next`, if any, with the queued items (nil when
    /// finished with nothing left).
    private static func wake(_ state: inout State) -> Wake? {
        guard let waiter = state.waiter else { return nil }
        state.waiter = nil
        let items: [Item]? = state.items.isEmpty && state.isFinished ? nil : state.items
        state.items = []
        return Wake(waiter: waiter, items: items)
    }
}
