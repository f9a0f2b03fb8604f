import Foundation

/// Proposal-based layout, as SwiftUI does it: a parent proposes a size, the
/// child chooses its own, the parent places it. This file answers the
/// second step for any node, memoised in the size cache; each kind's rules
/// (`Stack/StackNode.swift` and the like) say how it chooses, and
/// `Placement.swift` does the third step.
extension _ViewGraph {
    /// The size node `id` chooses when offered `proposal`.
    func size(of id: NodeID, _ proposal: ProposedViewSize) -> CGSize {
        // A modifier whose size is its child's (a preference writer, a
        // background, an offset) is passed through here rather than asked:
        // a form's fields are mostly such wrappers, and each ask costs a
        // call through every kind's rules. Its size depends on what its
        // child's does, so the proposal normalises the same.
        var index = Int(id)
        while nodes[index].kind.sizesAsItsChild {
            let child = childIDs[Int(nodes[index].childStart)]
            assert(sizesAsItsChild(NodeID(index), child, proposal), "\(nodes[index].kind) does not size as its child")
            index = Int(child)
        }
        let id = NodeID(index)
        let node = nodes[index]
        // An axis the node ignores is normalised to nil so that proposals
        // differing only there share one cache entry.
        let p = ProposedViewSize(width: node.dependsOnWidth ? proposal.width : nil,
                                 height: node.dependsOnHeight ? proposal.height : nil)
        let block = Int(sizeCache.block[index])
        if block < 0 { return computeSize(id, node, p) }
        if let size = sizeCache.lookup(block: block, p) { return size }
        let size = computeSize(id, node, p)
        sizeCache.store(block: block, p, size)
        return size
    }

    /// Debug builds' check of `NodeRules.sizesAsItsChild`: the rules' own
    /// answer is the child's. A check inside a check passes at once, so
    /// that a chain of such modifiers is not walked twice per link (which
    /// would double a debug build's work with every link).
    private func sizesAsItsChild(_ id: NodeID, _ child: NodeID, _ proposal: ProposedViewSize) -> Bool {
        if isCheckingPassThrough { return true }
        isCheckingPassThrough = true
        defer { isCheckingPassThrough = false }
        return Self.same(computeSize(id, nodes[Int(id)], proposal), size(of: child, proposal))
    }

    /// Whether two sizes are the same to the bit (NaN included: a view may
    /// be offered NaN, and then answers it).
    private static func same(_ a: CGSize, _ b: CGSize) -> Bool {
        a.width.bitPattern == b.width.bitPattern && a.height.bitPattern == b.height.bitPattern
    }

    /// Asks the node's rules, bypassing the cache.
    @inline(__always)
    private func computeSize(_ id: NodeID, _ node: Node, _ p: ProposedViewSize) -> CGSize {
        struct Ask: NodeRulesVisitor {
            let graph: _ViewGraph, id: NodeID, node: Node, proposal: ProposedViewSize
            @inline(__always)
            func visit<Rules: NodeRules>(_ rules: Rules.Type) -> CGSize {
                Rules.size(id, node, proposal, in: graph)
            }
        }
        return node.kind.visit(Ask(graph: self, id: id, node: node, proposal: p))
    }

    /// Makes room in the per-node layout state for nodes built since the
    /// last call (all of them at first; then views built during placement).
    func growLayoutState() {
        let first = frames.count
        guard nodes.count > first else { return }
        if first == 0 {
            // Views built during placement (geometry readers, preference
            // views) add nodes later; room reserved now is only touched, and
            // paid for in page faults, if they do, and saves copying these
            // arrays when they arrive.
            frames.reserveCapacityInHugePages(nodes.count * 2)
            sizeCache.block.reserveCapacityInHugePages(nodes.count * 2)
        }
        frames.append(repeating: .zero, count: nodes.count - first)
        if recordsPlacement {
            if first == 0 {
                placedProposals.reserveCapacityInHugePages(nodes.count * 2)
                isOnResizedPath.reserveCapacityInHugePages(nodes.count * 2)
            }
            placedProposals.append(contentsOf: repeatElement(.never, count: nodes.count - first))
            isOnResizedPath.append(contentsOf: repeatElement(false, count: nodes.count - first))
        }
        sizeCache.grow(from: first, of: self)
        stackShares.grow(toStacks: stacks.count, nodeCount: nodes.count)
    }
}
