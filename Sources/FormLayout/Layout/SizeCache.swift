import Foundation

/// Four remembered (proposal, size) answers per node that computes its own
/// size, flat (block × 4 + slot). Stacks ask each child for its smallest,
/// largest and chosen sizes and place it with a fourth, and the cache keeps
/// that from growing exponentially with the nesting depth. Proposals are
/// keyed by bit pattern, nil as NaN. Written only by sizing.
struct SizeCache: ~Copyable {
    /// One remembered answer: the proposal's bit patterns and the size.
    /// Kept together (32 bytes, four to a block, two cache lines) rather
    /// than in one array per field: a lookup reads one place, a store
    /// writes one array.
    struct Slot {
        var width: UInt
        var height: UInt
        var size: CGSize
    }

    var slots = UniqueArray<Slot>()
    /// The slot each block overwrites next (the low two bits), whether all
    /// four slots hold an answer (`full`), and whether an answer was ever
    /// overwritten (`evicted`): a block never evicted holds every proposal
    /// its node was asked, which is what lets an incremental layout stop
    /// going up at it (`ViewGraph+Resize.swift`).
    var next = UniqueArray<UInt8>()

    private static let full: UInt8 = 4
    private static let evicted: UInt8 = 8
    /// Each node's cache block, or -1: leaves and modifiers that hand the
    /// proposal to their child answer faster than a cache lookup, so only
    /// stacks, frames and padding get one, and not even those when all they
    /// wrap is a leaf that sizes itself in constant time (a minimap's
    /// rectangles in their frames), which also keeps the memory touched per
    /// layout, and so page faults, down.
    var block = UniqueArray<Int32>()

    /// A key no proposal has: a NaN payload Swift never produces.
    private static let unused = Slot(width: 0x7FF8_DEAD_BEEF_0001, height: 0x7FF8_DEAD_BEEF_0001, size: .zero)

    @inline(__always)
    func lookup(block: Int, _ p: ProposedViewSize) -> CGSize? {
        let w = (p.width ?? .nan).bitPattern
        let h = (p.height ?? .nan).bitPattern
        let base = block &* 4
        for index in base..<(base + 4) {
            let slot = slots[index]
            if slot.width == w && slot.height == h { return slot.size }
        }
        return nil
    }

    @inline(__always)
    mutating func store(block: Int, _ p: ProposedViewSize, _ size: CGSize) {
        let state = next[block]
        let slot = block &* 4 + Int(state & 3)
        slots[slot] = Slot(width: (p.width ?? .nan).bitPattern, height: (p.height ?? .nan).bitPattern, size: size)
        // Full once the fourth slot is written; evicted at the next store.
        let flags = (state & Self.full) << 1 | (state & (Self.full | Self.evicted)) | (state & 3 == 3 ? Self.full : 0)
        next[block] = flags | ((state &+ 1) & 3)
    }

    /// The answers `block` holds, and whether they are every answer its
    /// node gave since the block was last cleared (none was evicted).
    func answers(of block: Int) -> (answers: [(proposal: ProposedViewSize, size: CGSize)], complete: Bool) {
        let state = next[block]
        let count = state & Self.full != 0 ? 4 : Int(state & 3)
        var answers: [(proposal: ProposedViewSize, size: CGSize)] = []
        answers.reserveCapacity(count)
        for index in (block &* 4)..<(block &* 4 + count) {
            let slot = slots[index]
            // Nil was stored as `.nan`'s bit pattern (as `lookup` keys it).
            let none = CGFloat.nan.bitPattern
            answers.append((ProposedViewSize(width: slot.width == none ? nil : CGFloat(bitPattern: slot.width),
                                             height: slot.height == none ? nil : CGFloat(bitPattern: slot.height)), slot.size))
        }
        return (answers, state & Self.evicted == 0)
    }

    /// Forgets every answer of `block` (its node's size may have changed).
    mutating func clear(block: Int) {
        for index in (block &* 4)..<(block &* 4 + 4) { slots[index] = Self.unused }
        next[block] = 0
    }

    /// Whether asking `id` its size costs a few steps: a constant-time
    /// leaf, a node with a cache block, or a node that hands the proposal
    /// to its first child (a modifier that keeps its child's size) when
    /// that child answers cheaply. Children are built before their parents,
    /// so their blocks are known here.
    private static func answersCheaply(_ id: NodeID, nodes: UnsafeBufferPointer<Node>, childIDs: UnsafeBufferPointer<NodeID>,
                                       blocks: UnsafeMutableBufferPointer<Int32>) -> Bool {
        var current = Int(id)
        while true {
            let node = nodes[current]
            if node.kind.sizesInConstantTime || blocks[current] >= 0 { return true }
            guard !node.kind.computesOwnSize, node.childCount > 0 else { return false }
            current = Int(childIDs[Int(node.childStart)])
        }
    }

    /// Gives each of `graph.nodes[first...]` (the ones added since the
    /// last call) a block if its kind computes its own size, unless it has
    /// one child that answers cheaply already (see `answersCheaply`): a
    /// padding or a frame around a cached stack adds a little arithmetic to
    /// the stack's cached answer, and a block of its own would only double
    /// the cache (half its blocks in a form).
    ///
    /// Over buffers: through the graph's arrays, each node read reloaded
    /// them from the graph and checked its index, a third of the steps of
    /// a pass that visits every node.
    mutating func grow(from first: Int, of graph: _ViewGraph) {
        assert(block.count == first, "size cache blocks out of step with the nodes")
        var blocks = next.count
        block.append(repeating: -1, count: graph.nodes.count - first)
        graph.nodes.withUnsafeBufferPointer { nodes in
            graph.childIDs.withUnsafeBufferPointer { childIDs in
                block.withUnsafeMutableBufferPointer { block in
                    for index in first..<nodes.count {
                        let node = nodes[index]
                        guard node.kind.computesOwnSize else { continue }
                        if node.childCount == 1
                            && Self.answersCheaply(childIDs[Int(node.childStart)], nodes: nodes, childIDs: childIDs, blocks: block) {
                            continue
                        }
                        block[index] = Int32(blocks)
                        blocks += 1
                    }
                }
            }
        }
        let missing = blocks - next.count
        if next.isEmpty {
            // As for the frames (`growLayoutState`): views built during
            // placement (a minimap's rectangles) add blocks later, and room
            // reserved now costs nothing until they do, where growing then
            // would copy every block and touch twice the memory.
            slots.reserveCapacityInHugePages(8 * missing)
            next.reserveCapacityInHugePages(2 * missing)
        }
        slots.append(repeating: Self.unused, count: 4 * missing)
        next.append(repeating: 0, count: missing)
    }
}
