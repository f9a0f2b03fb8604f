import Foundation

/// Building one named view again in a laid-out tree (`RetainedLayout`).
///
/// The view is built at the end of the arena, in the context it was first
/// built in, and compared node for node with the subtree it replaces
/// (`laysOutAlike`). When every node lays out alike, every size and frame
/// of the old subtree is the new one's: the old nodes take the new nodes'
/// payloads (what they draw and the preferences they write), the new nodes
/// are dropped, and nothing is sized or placed. Preference values are
/// collected when asked for, so only the views built from a value that
/// merges the subtree's (`overlayPreferenceValue` above it) are out of
/// date: they are marked, and built again when the tree is next drawn
/// (`refreshStaleSecondaries`).
extension _ViewGraph {
    /// What building a named view again gave.
    enum Rebuild {
        /// The view lays out as before: the old nodes took the new ones'
        /// payloads, `count` of them; nothing is sized or placed.
        case inPlace(count: Int)
        /// The view lays out differently: its new top nodes, built at the
        /// end of the arena from the marks on, to be spliced in
        /// (`ViewGraph+Resize.swift`) or dropped (`dropBuiltNodes`).
        case differs(built: [NodeID], replacing: IdentityRecord, nodeMark: Int, childMark: Int,
                     names: [IdentityKey: IdentityRecord])
        /// No view has the name (or two have it), or it cannot be built alone.
        case unknown
    }

    /// Builds `view` in place of the view named `id` and returns how many
    /// nodes it replaced; nil, leaving the tree as it was, when that takes
    /// more than new payloads (the id names no view, or the new view sizes,
    /// places or nests differently).
    func rebuildInPlace<V: View>(_ id: AnyHashable, with view: V) -> Int? {
        switch rebuild(IdentityKey(id), with: view) {
        case .inPlace(let count): return count
        case .differs(_, _, let nodeMark, let childMark, _):
            dropBuiltNodes(from: nodeMark, childMark)
            return nil
        case .unknown: return nil
        }
    }

    /// Builds `view` as `context` says (a named view's, or its neighbour's)
    /// at the end of the arena, and returns its top nodes and the names
    /// met inside it.
    func build<V: View>(_ view: V, in context: BuildContext) -> (built: [NodeID], names: [IdentityKey: IdentityRecord]) {
        let mark = outputMark
        (recordsIdentities, rebuiltIdentities) = (true, [:])
        make(view, in: context)
        let names = rebuiltIdentities ?? [:]
        (recordsIdentities, rebuiltIdentities) = (false, nil)
        let built = output.elements(from: mark)
        output.removeSubrange(mark...)
        return (built, names)
    }

    /// Builds `view` in place of the view named `key`: kept in place when
    /// it lays out alike, handed back to be spliced in otherwise.
    func rebuild<V: View>(_ key: IdentityKey, with view: V) -> Rebuild {
        guard let record = namedView(key), record.context.isRebuildable else { return .unknown }
        let (nodeMark, childMark) = (nodes.count, childIDs.count)
        let (built, rebuilt) = build(view, in: record.context)
        let differs = Rebuild.differs(built: built, replacing: record, nodeMark: nodeMark, childMark: childMark, names: rebuilt)
        guard built.count == record.nodes.count else { return differs }

        // Old and new nodes, pair by pair, depth first.
        var pairs: [(old: NodeID, new: NodeID)] = []
        var pending = Array(zip(record.nodes, built))
        while let (old, new) = pending.popLast() {
            guard laysOutAlike(old, new) else { return differs }
            pairs.append((old, new))
            let (a, b) = (nodes[Int(old)], nodes[Int(new)])
            for offset in 0..<Int(a.childCount) {
                pending.append((childIDs[Int(a.childStart) + offset], childIDs[Int(b.childStart) + offset]))
            }
        }
        for top in record.nodes where !canUpdateValues(above: top) {
            dropBuiltNodes(from: nodeMark, childMark)
            return .unknown
        }

        // Kept: the old nodes draw and write what the new ones would.
        for (old, new) in pairs { nodes[Int(old)].payload = nodes[Int(new)].payload }
        // Views named inside the rebuilt one now name the old nodes (a map
        // made only when there are some: usually the view is rebuilt bare).
        let replaced = rebuilt.isEmpty ? [:] : Dictionary(pairs.map { ($0.new, $0.old) }, uniquingKeysWith: { first, _ in first })
        for (name, var inner) in rebuilt {
            let nodes = inner.nodes.compactMap { replaced[$0] }
            (inner.first, inner.others) = (nodes.first ?? -1, Array(nodes.dropFirst()))
            namedViews.replace(name, with: inner)
        }
        dropBuiltNodes(from: nodeMark, childMark)
        for top in record.nodes { markStaleSecondaries(above: top) }
        return .inPlace(count: pairs.count)
    }

    /// Whether the values above `id` can be brought up to date by dropping
    /// memos and building preference views again: not when a change
    /// observer would have to be told.
    func canUpdateValues(above id: NodeID) -> Bool {
        !ancestors(of: id).contains { nodes[Int($0)].kind == .preferenceObserver }
    }

    /// `id`'s ancestors, its parent first.
    private func ancestors(of id: NodeID) -> some Sequence<NodeID> {
        sequence(state: nodes[Int(id)].parent) { [self] (current: inout NodeID) -> NodeID? in
            guard current >= 0 else { return nil }
            defer { current = nodes[Int(current)].parent }
            return current
        }
    }

    /// Marks the preference views built from a value that merges `id`'s:
    /// those whose host is `id` or above it. Their hosts' memos
    /// (`preferenceMemo`) are the only values remembered, and building the
    /// views again replaces them, before anything reads the root's value.
    func markStaleSecondaries(above id: NodeID) {
        var child = id
        var current = nodes[Int(id)].parent
        while current >= 0 {
            let kind = nodes[Int(current)].kind
            if (kind == .preferenceOverlay || kind == .preferenceBackground) && firstChild(of: current) == child {
                markStale(current)
            }
            child = current
            current = nodes[Int(current)].parent
        }
    }

    /// Builds again, from their host's value now, the views built from
    /// preference values that changed in place, deepest first (an outer
    /// one's value may hold an inner one's), and places them where the old
    /// ones were. Returns false, doing nothing, when one of them is inside
    /// a direction change: it was built and placed before the frames around
    /// it were mirrored (`LayoutDirectionNode`), and mirroring them back
    /// and forth again would not give the same frames to the last bit.
    func refreshStaleSecondaries() -> Bool {
        guard !staleSecondaries.isEmpty else { return true }
        // Views taken out of the tree since they were marked are left alone.
        staleSecondaries = staleSecondaries.filter(isAttached)
        if staleSecondaries.contains(where: isInsideDirectionChange) { return false }
        let ordered = staleSecondaries.sorted { depth(of: $0) > depth(of: $1) }
        staleSecondaries = []
        for id in ordered {
            let node = nodes[Int(id)]
            let host = firstChild(of: id)
            var secondary = NodeID(0)
            withEnvironment({ $0.layoutDirection = preferenceViewDirections[Int(node.payload)] }) {
                secondary = preferenceViews[Int(node.payload)].makeView(graph: self, host: host)
            }
            setChildren(of: id, [host, secondary])
            growLayoutState()
            placeSecondary(secondary, over: frames[Int(id)], alignment: .center)
        }
        return true
    }

    /// Marks the view built from preferences of `id` (an
    /// `overlayPreferenceValue` or `backgroundPreferenceValue` node) to be
    /// built again, and forgets its host's value: the host's subtree changed.
    func markStale(_ id: NodeID) {
        staleSecondaries.insert(id)
        preferenceMemo[firstChild(of: id)] = nil
    }

    private func isInsideDirectionChange(_ id: NodeID) -> Bool {
        ancestors(of: id).contains { nodes[Int($0)].kind == .layoutDirection }
    }

    private func depth(of id: NodeID) -> Int {
        ancestors(of: id).reduce(0) { count, _ in count + 1 }
    }
}
