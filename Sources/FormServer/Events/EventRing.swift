/// The most recent events, oldest first, at most `capacity` of them: what
/// a client reconnecting with `Last-Event-ID` can be sent again. Older
/// ones are forgotten, and such a client gets one refresh instead.
struct EventRing: Sendable {
    let capacity: Int
    private var storage: [FeedEvent] = []
    /// Where the oldest event is in `storage` once it is full.
    private var start = 0
    /// The highest id forgotten (0: none yet). Every event after it is kept.
    private(set) var forgottenThrough = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        storage.reserveCapacity(self.capacity)
    }

    /// Keeps `event`, forgetting the oldest when full.
    mutating func append(_ event: FeedEvent) {
        if storage.count < capacity {
            storage.append(event)
        } else {
            forgottenThrough = storage[start].id
            storage[start] = event
            start = (start + 1) % capacity
        }
    }

    /// The events after id `id`, oldest first; nil when some of them may
    /// have been forgotten.
    func events(after id: Int) -> [FeedEvent]? {
        guard id >= forgottenThrough else { return nil }
        let ordered = storage[start...] + storage[..<start]
        return ordered.filter { $0.id > id }
    }
}
