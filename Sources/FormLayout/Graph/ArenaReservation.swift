/// Room made in the arena for the elements of a `ForEach` before they are
/// built. The arena's arrays would otherwise grow by doubling, and each
/// doubling copies the whole array into fresh memory: for a form of ten
/// thousand fields, copying the node array alone was a seventh of the page
/// faults of a layout. A `ForEach` knows how many elements it has; once the
/// first is built, what it added to each array, times the elements left,
/// is a good estimate of what the rest will add.
extension _ViewGraph {
    /// How full the arena's growing arrays are.
    @usableFromInline
    struct ArenaMark {
        let nodes, childIDs, texts, shapes, controls, stacks: Int
        let fixedFrames, flexFrames, insets, points, writers: Int
    }

    @usableFromInline
    var arenaMark: ArenaMark {
        ArenaMark(nodes: nodes.count, childIDs: childIDs.count, texts: texts.count, shapes: shapes.count,
                  controls: controls.count, stacks: stacks.count, fixedFrames: fixedFrames.count,
                  flexFrames: flexFrames.count, insets: insets.count, points: points.count, writers: writers.count)
    }

    /// The fewest elements after the first for which a `ForEach` makes
    /// room: for fewer, doubling an array that is full costs less than
    /// measuring what the first element added to each.
    @inlinable
    static var smallestReservedForEach: Int { 16 }

    /// Makes room for `remaining` more views, each adding as much to each
    /// array as was added since `mark`.
    @usableFromInline
    func reserveArena(forMore remaining: Int, since mark: ArenaMark) {
        nodes.reserve(forMore: remaining, each: nodes.count - mark.nodes)
        childIDs.reserve(forMore: remaining, each: childIDs.count - mark.childIDs)
        texts.reserve(forMore: remaining, each: texts.count - mark.texts)
        shapes.reserve(forMore: remaining, each: shapes.count - mark.shapes)
        controls.reserve(forMore: remaining, each: controls.count - mark.controls)
        stacks.reserve(forMore: remaining, each: stacks.count - mark.stacks)
        fixedFrames.reserve(forMore: remaining, each: fixedFrames.count - mark.fixedFrames)
        flexFrames.reserve(forMore: remaining, each: flexFrames.count - mark.flexFrames)
        insets.reserve(forMore: remaining, each: insets.count - mark.insets)
        points.reserve(forMore: remaining, each: points.count - mark.points)
        writers.reserve(forMore: remaining, each: writers.count - mark.writers)
        // Each key's writes, by the writer nodes the first element added.
        for table in writeTables.indices {
            var added = 0
            for slot in writers[mark.writers...] where slot.table == table { added += 1 }
            writeTables[table].reserve(forMore: remaining, each: added)
        }
    }
}

/// How much room an estimate makes (`reserve(forMore:each:)`), for the
/// arena's arrays and its `UniqueArray`s alike.
enum ArenaGrowth {
    /// The most elements one estimate reserves; beyond it (an element much
    /// larger than the others, say) the array grows by doubling again.
    static var largestReservation: Int { 1 << 22 }

    /// Room for `remaining × each` more elements, twice over. Never
    /// less than twice the capacity when it grows at all, so that many
    /// small estimates (a `ForEach` inside each element of another) cannot
    /// copy the array each time.
    ///
    /// Twice the estimate because views built during placement (a minimap's
    /// rectangles, made from the form's preferences) arrive after the
    /// form's `ForEach`es have reserved. Growing then copies the array into
    /// fresh memory and frees a large block, and glibc answers that by
    /// raising its threshold for mapping a block on its own to the size of
    /// the block freed: every later block up to that size, such as the
    /// minimap's arrays, then lands in glibc's heap, where it cannot have
    /// huge pages (a 10k-field form: 1,660 more page faults). Room reserved
    /// and never written costs address space, not memory.
    ///
    /// The capacity to reserve for an array of `count` elements and room
    /// for `capacity`, or nil when it has room enough.
    static func capacity(count: Int, capacity: Int, forMore remaining: Int, each: Int) -> Int? {
        guard remaining > 0, each > 0 else { return nil }
        let (product, overflow) = remaining.multipliedReportingOverflow(by: each)
        let more = overflow ? largestReservation : Swift.min(product, largestReservation)
        guard count + more > capacity else { return nil }
        return Swift.max(count + 2 * more, 2 * capacity)
    }
}

extension Array {
    /// Makes room for `remaining × each` more elements (`ArenaGrowth`).
    mutating func reserve(forMore remaining: Int, each: Int) {
        if let room = ArenaGrowth.capacity(count: count, capacity: capacity, forMore: remaining, each: each) {
            reserveCapacityInHugePages(room)
        }
    }
}

extension UniqueArray {
    /// Makes room for `remaining × each` more elements (`ArenaGrowth`).
    mutating func reserve(forMore remaining: Int, each: Int) {
        if let room = ArenaGrowth.capacity(count: count, capacity: capacity, forMore: remaining, each: each) {
            reserveCapacityInHugePages(room)
        }
    }
}
