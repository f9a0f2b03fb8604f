import Foundation

/// Changes that resize, in a laid-out tree (`RetainedLayout`): a named view
/// replaced by one that sizes differently, a view inserted beside a named
/// one, a named view removed.
///
/// The new view is built at the end of the arena, in what its neighbour
/// was built in, and put in the old one's place among its parent's
/// children; what it replaces is taken out (its top node's parent becomes
/// `detachedParent`) and stays in the arena unused. Then, as Taffy and
/// Yoga do, only the sizes that can have changed are computed again: the
/// parent's, for every proposal it was asked about (its size-cache
/// answers), then its parent's, and so on up, stopping at the first
/// ancestor whose answers all come out the same, which is placed again
/// where it was (`PlacingAgain`). The root, when reached, is sized and
/// placed as a first layout does.
///
/// An ancestor can stop the climb only when its size-cache block holds
/// every answer it gave (none was evicted: the proposals asked of it are
/// exactly those), and when nothing above it reads more of it than its
/// size: so the climb gives up (the caller lays out from scratch) where an
/// ancestor lines its children up by explicit guides (a custom guide, a
/// text baseline), sizes by a closure (custom layouts, `ViewThatFits`,
/// grids), mirrors (a direction change), or tells an `onPreferenceChange`.
extension _ViewGraph {
    /// What replacing, inserting or removing a view did.
    enum ResizeOutcome {
        /// Nothing changed: the change cannot be made incrementally.
        case refused
        /// Sized and placed again up to `stop`, which kept its size.
        case placed(stop: NodeID)
        /// Every ancestor's size was computed again: the root must be
        /// sized and placed again (the window may change with it).
        case reachedRoot
    }

    /// Puts the nodes `built` (the top nodes of a view just built at the
    /// end of the arena, from `nodeMark` and `childMark` on) into `parent`'s
    /// children in place of the `replaced` ones (at `position` among its
    /// children), and sizes again what that reaches. On `.refused` the new
    /// nodes are dropped and the tree is as it was.
    func splice(_ built: [NodeID], replacing replaced: Int, at position: Int, of parent: NodeID,
                builtFrom nodeMark: Int, _ childMark: Int, names: [IdentityKey: IdentityRecord]) -> ResizeOutcome {
        let node = nodes[Int(parent)]
        let children = Array(self.children(of: parent))
        guard position >= 0, position + replaced <= children.count, canResize(above: parent),
              replaced == built.count || node.kind.isContainer,
              !built.contains(where: { nodes[Int($0)].hasTraits }) || node.kind.isContainer,
              !children[position..<(position + replaced)].contains(where: { nodes[Int($0)].hasTraits }) || node.kind.isContainer
        else {
            dropBuiltNodes(from: nodeMark, childMark)
            return .refused
        }
        var newChildren = children
        newChildren.replaceSubrange(position..<(position + replaced), with: built)
        // What the parent's size depends on must not change: the
        // proposals its ancestors asked were normalised by it.
        var content = newChildren.isEmpty ? SizeDependence.both : SizeDependence.neither
        for child in newChildren {
            content.width = content.width || nodes[Int(child)].dependsOnWidth
            content.height = content.height || nodes[Int(child)].dependsOnHeight
        }
        // Nor its width for an infinite offer, which its ancestors' stacks
        // took as known without asking (`widthOfferedInfinity`).
        guard sizeDependence(node, content: content) == node.sizeDependence,
              widthOfferedInfinity(node.kind, payload: Int(node.payload), children: newChildren) == node.widthOfferedInfinity else {
            dropBuiltNodes(from: nodeMark, childMark)
            return .refused
        }
        for old in children[position..<(position + replaced)] { nodes[Int(old)].parent = Self.detachedParent }
        if replaced == built.count {
            for (offset, new) in built.enumerated() {
                childIDs[Int(node.childStart) + position + offset] = new
                nodes[Int(new)].parent = parent
            }
            if built.contains(where: { nodes[Int($0)].subtreeWrites }) { markWrites(from: parent) }
        } else {
            setChildren(of: parent, newChildren)
            // The stack's share-out has a new number of entries.
            if node.kind == .hStack || node.kind == .vStack { stackShares.forget(Int(node.payload), reallocating: true) }
        }
        for (name, record) in names { namedViews.upsert(name, record) }
        growLayoutState()
        let change: ClimbedStack.ChildChange
        switch (replaced, built.count) {
        case (1, 1):
            let (old, new) = (nodes[Int(children[position])], nodes[Int(built[0])])
            let alike = !old.hasTraits && !new.hasTraits && old.dependsOnWidth == new.dependsOnWidth && old.dependsOnHeight == new.dependsOnHeight
                && old.widthOfferedInfinity == new.widthOfferedInfinity
            change = alike ? .resized(position) : .replaced(position)
        case (0, 1): change = .inserted(position)
        case (1, 0): change = .removed(position)
        default: change = .unknown
        }
        return sizeAgain(from: parent, change)
    }

    /// Sets `subtreeWrites` on `id` and its ancestors up to one that has it.
    private func markWrites(from id: NodeID) {
        var current = id
        while current >= 0, !nodes[Int(current)].subtreeWrites {
            nodes[Int(current)].subtreeWrites = true
            current = nodes[Int(current)].parent
        }
    }

    /// Drops nodes built for a change that was refused (their payloads
    /// stay, unused, as `rebuildInPlace` leaves them).
    func dropBuiltNodes(from nodeMark: Int, _ childMark: Int) {
        nodes.removeSubrange(nodeMark...)
        childIDs.removeSubrange(childMark...)
        let isBuilt = { (id: NodeID, _: Any) in Int(id) >= nodeMark }
        if priorities.contains(where: isBuilt) { priorities = priorities.filter { !isBuilt($0.key, $0.value) } }
        if zIndices.contains(where: isBuilt) { zIndices = zIndices.filter { !isBuilt($0.key, $0.value) } }
        if gridCellSpans.contains(where: isBuilt) { gridCellSpans = gridCellSpans.filter { !isBuilt($0.key, $0.value) } }
        if gridColumnAlignments.contains(where: isBuilt) { gridColumnAlignments = gridColumnAlignments.filter { !isBuilt($0.key, $0.value) } }
        if gridCellUnsizedAxes.contains(where: isBuilt) { gridCellUnsizedAxes = gridCellUnsizedAxes.filter { !isBuilt($0.key, $0.value) } }
        if gridCellAnchors.contains(where: isBuilt) { gridCellAnchors = gridCellAnchors.filter { !isBuilt($0.key, $0.value) } }
    }

    /// Whether a change under `id` can be sized and placed again from
    /// `id` up: every node from it to the root lays its children out by
    /// their sizes alone (see the extension's documentation).
    func canResize(above id: NodeID) -> Bool {
        guard !hasExplicitGuides, changeObservers.isEmpty, mirrorsInProgress == 0 else { return false }
        var current = id
        while current >= 0 {
            let node = nodes[Int(current)]
            let payload = Int(node.payload)
            switch node.kind {
            case .hStack, .vStack:
                guard stacks[payload].crossAlignment.fraction != nil else { return false }
            case .zStack, .overlay, .background:
                guard alignments[payload].isFractional else { return false }
            case .fixedFrame:
                guard alignments[Int(fixedFrames[payload].alignment)].isFractional else { return false }
            case .flexFrame:
                guard flexFrames[payload].alignment.isFractional else { return false }
            case .padding, .offset, .fixedSize, .hidden, .identifier, .preferenceWriter,
                 .preferenceOverlay, .preferenceBackground:
                break
            default:
                return false
            }
            current = node.parent
        }
        return current == -1
    }

    /// Computes again the sizes of `id` and its ancestors, for the
    /// proposals each was asked, up to the first whose answers are all the
    /// same; leaves the nodes whose size was computed in `resizedPath`.
    private func sizeAgain(from id: NodeID, _ change: ClimbedStack.ChildChange) -> ResizeOutcome {
        var current = id
        var change = change
        closeClimbedStacks()
        usesClimbedStacks = true
        while true {
            resizedPath.append(current)
            isOnResizedPath[Int(current)] = true
            let node = nodes[Int(current)]
            var climbedHere: ClimbedStack?
            defer { keptShareOut = nil }
            if node.kind == .hStack || node.kind == .vStack {
                let slot = Int(node.payload)
                if node.childCount >= ClimbedStack.minimumChildren {
                    let climbed = climbedStacks[slot] ?? ClimbedStack()
                    climbedStacks[slot] = climbed
                    climbed.begin(change)
                    openClimbedStacks.append(climbed)
                    climbedHere = climbed
                }
                if let climbedHere, lastShareOutStays(current, node, climbedHere) {
                    // Sharing out for the proposals asked again must not
                    // overwrite it.
                    keptShareOut = slot
                    climbedHere.shareOutStays = true
                } else {
                    stackShares.forget(slot, reallocating: false)
                }
                if climbedHere == nil && !climbedStacks.isEmpty {
                    // Too short now: answers kept from when it was longer
                    // would be out of date after this change.
                    climbedStacks[slot] = nil
                }
            }
            let block = Int(sizeCache.block[Int(current)])
            if block >= 0 {
                var (answers, complete) = sizeCache.answers(of: block)
                sizeCache.clear(block: block)
                if node.kind == .hStack || node.kind == .vStack, let placed = placementShareKey(of: current, node),
                   let last = answers.firstIndex(where: { PlacedProposal($0.proposal) == placed }) {
                    // The proposal it is placed with last, so that the
                    // share-out it records is the one placing reads.
                    answers.append(answers.remove(at: last))
                }
                var same = true
                for (proposal, old) in answers {
                    if let climbedHere, keepsAnswer(of: current, node, climbedHere, proposal) {
                        sizeCache.store(block: block, proposal, old)
                        continue
                    }
                    // Through `size(of:)`, which stores the new answer; the
                    // proposal is normalised already, so it is kept as it is.
                    let new = size(of: current, proposal)
                    if new.width.bitPattern != old.width.bitPattern || new.height.bitPattern != old.height.bitPattern { same = false }
                }
                if same && complete && !answers.isEmpty { return .placed(stop: current) }
            }
            let parent = node.parent
            guard parent >= 0 else { return .reachedRoot }
            change = climbedOffset(of: current, in: parent).map { .resized($0) } ?? .unknown
            current = parent
        }
    }

    /// Whether long stack `id`'s last share-out (which placing reads) is
    /// still exact: the child that changed only in size, and is offered
    /// nothing but its recorded length (its size along a length shared
    /// out does not depend on it), chooses the size recorded.
    private func lastShareOutStays(_ id: NodeID, _ node: Node, _ climbed: ClimbedStack) -> Bool {
        guard let changed = climbed.childChangedOnlyInSize, changed >= 0, changed < Int(node.childCount),
              let (proposal, first) = stackShares.lastShareOut(of: Int(node.payload)) else { return false }
        let axis: AxisContext = node.kind == .hStack ? .horizontal : .vertical
        let child = childIDs[Int(node.childStart) + changed]
        if let main = proposal.along(axis), main.isFinite,
           axis == .horizontal ? nodes[Int(child)].dependsOnWidth : nodes[Int(child)].dependsOnHeight {
            return false
        }
        let size = size(of: child, .axis(axis, main: stackShares.main(at: first + changed), cross: proposal.across(axis)))
        let recorded = stackShares.size(at: first + changed)
        return size.width.bitPattern == recorded.width.bitPattern && size.height.bitPattern == recorded.height.bitPattern
    }

    /// Whether long stack `id`'s answer to `proposal` stays what it was,
    /// without sharing out again: the child that changed answers the first
    /// thing the stack offers each child as before (`ClimbedStack`).
    private func keepsAnswer(of id: NodeID, _ node: Node, _ climbed: ClimbedStack, _ proposal: ProposedViewSize) -> Bool {
        let axis: AxisContext = node.kind == .hStack ? .horizontal : .vertical
        let cross = proposal.across(axis)
        let children = children(of: id)
        if let main = proposal.along(axis), main.isFinite {
            // Sharing out starts from each child's smallest size.
            return climbed.keepsAnswer(offering: .axis(axis, main: 0, cross: cross), sharedAxis: axis, children, of: self)
        }
        return climbed.keepsAnswer(offering: .axis(axis, main: proposal.along(axis), cross: cross), sharedAxis: nil, children, of: self)
    }

    /// Ends the change of the stacks sized again (`ClimbedStack.end()`):
    /// sizing and placing are done.
    private func closeClimbedStacks() {
        for climbed in openClimbedStacks { climbed.end() }
        openClimbedStacks = []
        usesClimbedStacks = false
    }

    /// Where `child` is among `parent`'s children, when `parent` is a
    /// stack whose children's answers are kept (`ClimbedStack`).
    private func climbedOffset(of child: NodeID, in parent: NodeID) -> Int? {
        let node = nodes[Int(parent)]
        guard node.kind == .hStack || node.kind == .vStack, climbedStacks[Int(node.payload)] != nil else { return nil }
        return children(of: parent).firstIndex(of: child).map { $0 - Int(node.childStart) }
    }

    /// The proposal under which placing stack `id` looks its share-out up
    /// (`layOutStack`'s, normalised as the size cache normalises it).
    private func placementShareKey(of id: NodeID, _ node: Node) -> PlacedProposal? {
        let placed = placedProposals[Int(id)]
        guard placed != .never else { return nil }
        let axis: AxisContext = node.kind == .hStack ? .horizontal : .vertical
        let offered = ProposedViewSize.axis(axis, main: placed.proposal.along(axis), cross: frames[Int(id)].size.across(axis))
        return PlacedProposal(ProposedViewSize(width: node.dependsOnWidth ? offered.width : nil,
                                               height: node.dependsOnHeight ? offered.height : nil))
    }

    /// Places `id` again where its parent placed it, placing only what
    /// `resizedPath` reaches (`PlacingAgain`), and returns what moved.
    func placeAgain(_ id: NodeID, in frame: CGRect, proposal: ProposedViewSize) -> PlacingAgain {
        let again = PlacingAgain()
        placingAgain = again
        place(id, in: frame, proposal: proposal)
        placingAgain = nil
        for node in resizedPath { isOnResizedPath[Int(node)] = false }
        resizedPath = []
        closeClimbedStacks()
        markStaleSecondaries(above: id)
        return again
    }

    /// The recorded frame and proposal of `id`, for placing it again.
    func placement(of id: NodeID) -> (frame: CGRect, proposal: ProposedViewSize) {
        (frames[Int(id)], placedProposals[Int(id)].proposal)
    }

    /// The names of the views whose geometry `again` changed: those whose
    /// top node lies in a subtree placed again, or is a node of the path
    /// that moved. A view taken out is not among them.
    func namesMoved(by again: PlacingAgain) -> [IdentityKey] {
        var names: [IdentityKey] = []
        var pending = again.placedSubtrees
        while let next = pending.popLast() {
            namedViews.appendNames(at: next, to: &names)
            // By index: appending the children as a sequence went through
            // its iterator, a fifth more per node on this path.
            let children = children(of: next)
            for index in children.indices { pending.append(children[index]) }
        }
        for node in again.movedPathNodes { namedViews.appendNames(at: node, to: &names) }
        return names
    }
}

extension NodeKind {
    /// Whether the kind holds any number of children, which an incremental
    /// change may add to or take from.
    var isContainer: Bool { self == .hStack || self == .vStack || self == .zStack }
}

extension Alignment {
    /// Whether both guides are fractions of the size (no explicit guide
    /// or baseline can move them).
    var isFractional: Bool { horizontal.key.fraction != nil && vertical.key.fraction != nil }
}
