import FormModel

/// Where each rectangle of a kept minimap is (`RetainedFormPicture`), by
/// kind and key, kept up to date as rectangles are inserted and removed
/// without touching every entry: each entry remembers how many splices
/// had been made when it was written, and a lookup moves it by the
/// splices made since. After many splices the index is made again.
struct MinimapRectIndex {
    /// A rectangle's identity: its kind and key.
    struct Key: Hashable {
        let kind: MinimapRect.Kind
        let key: String
    }

    private struct Entry {
        var index: Int
        /// How many of `splices` had been made when `index` was right.
        var epoch: Int
    }

    /// Rectangles from `at` on moved by `delta` (after those removed
    /// before `at` were taken out of `entries`).
    private var splices: [(at: Int, delta: Int)] = []
    private var entries: [Key: Entry] = [:]

    /// The index of `rects`, by kind and key (the title's rectangle has the key "title").
    init(_ rects: [MinimapRect]) {
        entries.reserveCapacity(rects.count)
        for (index, rect) in rects.enumerated() {
            entries[Key(kind: rect.kind, key: rect.key)] = Entry(index: index, epoch: 0)
        }
    }

    /// Whether so many splices were made that lookups cost more than making the index again.
    var isWorn: Bool { splices.count > 32 }

    /// Where the rectangle of `kind` and `key` is now.
    func index(of kind: MinimapRect.Kind, _ key: String) -> Int? {
        guard let entry = entries[Key(kind: kind, key: key)] else { return nil }
        var index = entry.index
        for splice in splices[entry.epoch...] where index >= splice.at { index += splice.delta }
        return index
    }

    /// Records that the rectangle of `kind` and `key` is at `index` now.
    mutating func set(_ kind: MinimapRect.Kind, _ key: String, at index: Int) {
        entries[Key(kind: kind, key: key)] = Entry(index: index, epoch: splices.count)
    }

    /// Forgets the rectangle of `kind` and `key` (removed).
    mutating func remove(_ kind: MinimapRect.Kind, _ key: String) {
        entries[Key(kind: kind, key: key)] = nil
    }

    /// Records that the rectangles from `index` on moved by `delta`
    /// (inserted there, or, negative, removed just before it).
    mutating func splice(at index: Int, delta: Int) {
        splices.append((index, delta))
    }
}
