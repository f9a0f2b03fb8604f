import Synchronization

/// A bound on the memory the respondents' retained minimaps take: each
/// stream keeps its pages laid out (`PageMinimaps`) so that the next
/// change costs what it changes, and every kept picture counts its form's
/// fields against `capacity`. Past it, the pictures used longest ago are
/// let go; their streams lay their page out whole on the next change and
/// keep it again, so the bound costs time, never a wrong minimap.
///
/// A retained picture takes about 2 kB per field (docs/serve.md), so the
/// default, 100,000 fields, is about 200 MB at most: 100 people watching a
/// 1,000-field form's pages, or 10,000 a 10-field one.
final class PictureBudget: Sendable {
    private struct Entry {
        weak var minimaps: PageMinimaps?
        var cost: Int
        var lastUse: UInt64
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var total = 0
        var clock: UInt64 = 0
    }

    /// Fields of kept pictures at most, over all streams.
    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int = 20_000) {
        self.capacity = max(1, capacity)
    }

    /// Fields kept now, over all streams.
    var total: Int { state.withLock { $0.total } }

    /// `minimaps` now keeps pictures of `cost` fields and was just used;
    /// the least recently used others are let go until the total fits.
    func used(_ minimaps: PageMinimaps, cost: Int) {
        let id = ObjectIdentifier(minimaps)
        let letGo = state.withLock { state -> [PageMinimaps] in
            state.clock += 1
            state.total += cost - (state.entries[id]?.cost ?? 0)
            state.entries[id] = Entry(minimaps: minimaps, cost: cost, lastUse: state.clock)
            var letGo: [PageMinimaps] = []
            while state.total > capacity {
                var oldest: (id: ObjectIdentifier, entry: Entry)?
                for (other, entry) in state.entries where other != id && entry.lastUse < (oldest?.entry.lastUse ?? .max) {
                    oldest = (other, entry)
                }
                guard let oldest else { break }
                state.entries[oldest.id] = nil
                state.total -= oldest.entry.cost
                if let kept = oldest.entry.minimaps { letGo.append(kept) }
            }
            return letGo
        }
        // Outside the lock: each takes its own.
        for kept in letGo { kept.forgetAll() }
    }

    /// `minimaps` keeps nothing any more (its stream ended).
    func release(_ minimaps: ObjectIdentifier) {
        state.withLock { state in
            if let entry = state.entries.removeValue(forKey: minimaps) { state.total -= entry.cost }
        }
    }
}
