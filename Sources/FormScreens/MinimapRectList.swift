import FormModel

/// A kept minimap's rectangles in drawing order (`RetainedFormPicture`),
/// held so that what a change does to them costs about the same on a form
/// of 1,000 fields and of 100,000: finding a rectangle by kind and key,
/// replacing it, and putting a field's rectangles in or taking them out.
///
/// In one array, a field shown near the top would move every rectangle
/// after it and number each again (`z` is a rectangle's place), and an
/// index by key would need making again every few such changes: each a
/// pass over the whole minimap. Here the rectangles are kept in chunks of
/// a few hundred, in order; a rectangle's chunk is found by key, its place
/// from the lengths of the chunks before it, kept added up in a Fenwick
/// tree (a logarithm of the number of chunks to read or change), and a
/// rectangle's `z` is set from its place when it is read. Inserting moves
/// only the rest of one chunk, or, where the chunk would grow twice as
/// long as it started, starts new chunks with what goes in.
struct MinimapRectList {
    /// A rectangle's identity: its kind and key (the title's key is "title").
    private struct Key: Hashable {
        let kind: MinimapRect.Kind
        let key: String

        init(kind: MinimapRect.Kind, key: String) {
            self.kind = kind
            self.key = key
        }

        init(_ rect: MinimapRect) { self.init(kind: rect.kind, key: rect.key) }
    }

    /// How many rectangles a chunk starts with.
    private static let chunkLength = 256

    /// The chunks, by a number that stays the chunk's while it lives; an
    /// emptied chunk stays here, out of `order`.
    private var chunks: [[MinimapRect]] = []
    /// Each chunk's rectangles' keys hashed, in the same order: a
    /// rectangle is found in its chunk by comparing numbers, not strings
    /// (with a string's retain and release each).
    private var hashes: [[Int]] = []
    /// The chunks' numbers in drawing order (never empty: one chunk, empty, for no rectangles).
    private var order: [Int] = []
    /// The chunk each rectangle is in.
    private var chunkOf: [Key: Int] = [:]
    /// Each chunk's rank in `order`, by number (-1: out of it).
    private var rankOf: [Int] = []
    /// The chunks' lengths by rank, as a Fenwick tree: `lengths[i]` holds
    /// the sum of the lengths of ranks `i - (i & -i)..<i`.
    private var lengths: [Int] = []
    /// How many rectangles there are.
    private(set) var count = 0

    /// The list of `rects`, in their order.
    init(_ rects: [MinimapRect]) {
        chunkOf.reserveCapacity(rects.count)
        order = makeChunks(rects[...])
        count = rects.count
        rankChunks()
    }

    /// Files `rects` in new chunks of `chunkLength` (the last shorter; one
    /// empty chunk for none) and returns their numbers, in order.
    private mutating func makeChunks(_ rects: ArraySlice<MinimapRect>) -> [Int] {
        var made: [Int] = []
        var start = rects.startIndex
        repeat {
            let end = min(start + Self.chunkLength, rects.endIndex)
            let chunk = chunks.count
            for rect in rects[start..<end] { chunkOf[Key(rect)] = chunk }
            chunks.append(Array(rects[start..<end]))
            hashes.append(rects[start..<end].map(Self.hash))
            made.append(chunk)
            start = end
        } while start < rects.endIndex
        return made
    }

    /// Makes `rankOf` and `lengths` again from `order` (after a chunk
    /// was split or emptied, which changes ranks).
    private mutating func rankChunks() {
        rankOf = Array(repeating: -1, count: chunks.count)
        lengths = Array(repeating: 0, count: order.count + 1)
        for (rank, chunk) in order.enumerated() {
            rankOf[chunk] = rank
            addLength(chunks[chunk].count, at: rank)
        }
    }

    /// Adds `delta` to the length of the chunk of rank `rank`.
    private mutating func addLength(_ delta: Int, at rank: Int) {
        var node = rank + 1
        while node < lengths.count {
            lengths[node] += delta
            node += node & -node
        }
    }

    /// How many rectangles the chunks before rank `rank` hold.
    private func start(ofRank rank: Int) -> Int {
        var (node, sum) = (rank, 0)
        while node > 0 {
            sum += lengths[node]
            node -= node & -node
        }
        return sum
    }

    /// Every rectangle, in order, each `z` its place.
    var rects: [MinimapRect] {
        var all: [MinimapRect] = []
        all.reserveCapacity(count)
        for chunk in order { all.append(contentsOf: chunks[chunk]) }
        all.withUnsafeMutableBufferPointer { rects in
            for z in rects.indices { rects[z].z = z }
        }
        return all
    }

    /// Where the rectangle of `kind` and `key` is now.
    func index(of kind: MinimapRect.Kind, _ key: String) -> Int? {
        let wanted = Key(kind: kind, key: key)
        guard let chunk = chunkOf[wanted], rankOf[chunk] >= 0 else { return nil }
        let hash = wanted.hashValue
        var offset = 0
        for candidate in hashes[chunk] {
            if candidate == hash && chunks[chunk][offset].kind == kind && chunks[chunk][offset].key == key {
                return start(ofRank: rankOf[chunk]) + offset
            }
            offset += 1
        }
        return nil
    }

    /// The number a rectangle is looked for by in its chunk.
    private static func hash(_ rect: MinimapRect) -> Int { Key(rect).hashValue }

    /// The rectangle at `index`, its `z` set to `index`.
    subscript(index: Int) -> MinimapRect {
        let (rank, offset) = locate(index)
        var rect = chunks[order[rank]][offset]
        rect.z = index
        return rect
    }

    /// The index of the first rectangle from `index` on whose key `stops`
    /// holds for, or `count`: the chunks walked in order, each key read
    /// where it is, where the subscript would look each index up in the
    /// tree and copy its rectangle.
    func firstIndex(from index: Int, whereKey stops: (String) -> Bool) -> Int {
        guard index < count else { return count }
        var (rank, offset) = locate(max(index, 0))
        var position = max(index, 0)
        while rank < order.count {
            let chunk = order[rank]
            while offset < chunks[chunk].count {
                if stops(chunks[chunk][offset].key) { return position }
                (offset, position) = (offset + 1, position + 1)
            }
            (rank, offset) = (rank + 1, 0)
        }
        return count
    }

    /// Puts `rect` at `index`, in place of the one of its kind and key there.
    mutating func replace(at index: Int, with rect: MinimapRect) {
        let (rank, offset) = locate(index)
        chunks[order[rank]][offset] = rect
        hashes[order[rank]][offset] = Self.hash(rect)
    }

    /// Inserts `rects` at `index` (`count` appends them).
    mutating func insert(_ rects: [MinimapRect], at index: Int) {
        let (rank, offset) = locate(index)
        let chunk = order[rank]
        count += rects.count
        guard chunks[chunk].count + rects.count > 2 * Self.chunkLength else {
            chunks[chunk].insert(contentsOf: rects, at: offset)
            hashes[chunk].insert(contentsOf: rects.map(Self.hash), at: offset)
            for rect in rects { chunkOf[Key(rect)] = chunk }
            addLength(rects.count, at: rank)
            return
        }
        // Too long for one chunk: what goes in and what followed it go to
        // new chunks after this one, so that only they are filed under a
        // new chunk (at the end of a long repeat, the new instance's alone;
        // splitting in halves would file a half chunk again each time).
        let moving = rects + chunks[chunk][offset...]
        chunks[chunk].removeSubrange(offset...)
        hashes[chunk].removeSubrange(offset...)
        let added = makeChunks(moving[...])
        if chunks[chunk].isEmpty {
            order.replaceSubrange(rank...rank, with: added)
        } else {
            order.insert(contentsOf: added, at: rank + 1)
        }
        rankChunks()
    }

    /// Takes out the rectangle at `index`.
    mutating func remove(at index: Int) {
        let (rank, offset) = locate(index)
        let chunk = order[rank]
        let rect = chunks[chunk].remove(at: offset)
        hashes[chunk].remove(at: offset)
        chunkOf[Key(rect)] = nil
        count -= 1
        if chunks[chunk].isEmpty && order.count > 1 {
            order.remove(at: rank)
            rankChunks()
        } else {
            addLength(-1, at: rank)
        }
    }

    /// The chunk (its rank in `order`) and the offset in it of the
    /// rectangle at `index`; for `count`, the end of the last chunk.
    private func locate(_ index: Int) -> (rank: Int, offset: Int) {
        // Down the tree: the most chunks whose lengths add up to `index` or less.
        var (rank, left) = (0, index)
        var step = 1
        while step * 2 < lengths.count { step *= 2 }
        while step > 0 {
            if rank + step < lengths.count && lengths[rank + step] <= left {
                rank += step
                left -= lengths[rank]
            }
            step /= 2
        }
        guard rank < order.count else {
            // Past the last rectangle: the end of the last chunk.
            let last = order.count - 1
            return (last, index - start(ofRank: last))
        }
        return (rank, left)
    }
}
