import Foundation

/// `HStack` and `VStack`: how they share out the space they are offered
/// among their children and place them one after another.
enum StackNode: NodeRules {
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence { content }
    static var computesOwnSize: Bool { true }

    static func size(_ id: NodeID, _ node: Node, _ proposal: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        if graph.usesClimbedStacks, let size = graph.sizeFromKeptSums(id, node, proposal) { return size }
        let mark = graph.stackScratch.sizes.count, proposalMark = graph.stackScratch.proposals.count
        let size = graph.distribute(id, proposal)
        graph.stackScratch.sizes.pop(to: mark)
        graph.stackScratch.proposals.pop(to: proposalMark)
        return size
    }

    static func place(_ id: NodeID, _ node: Node, in frame: CGRect, proposal: ProposedViewSize, graph: _ViewGraph) {
        graph.placeStack(id, node, in: frame, proposal: proposal)
    }

    /// A stack's explicit value of a guide is its children's explicit
    /// values, in the stack's space, combined as the guide's `AlignmentID`
    /// combines them (Apple's `combineExplicit`: the mean; the minimum for
    /// `firstTextBaseline`, the maximum for `lastTextBaseline`). So a custom
    /// guide set inside a stack moves how the whole stack lines up with its
    /// siblings. The built-in edges and centres do not pass through a stack
    /// (OpenSwiftUI's reconstruction of SwiftUI, objc.io's layout replica,
    /// QuickLayout's documentation): a stack answers nil for them.
    static func explicitGuide(_ id: NodeID, _ node: Node, _ key: AlignmentKey, size: CGSize, in graph: _ViewGraph) -> CGFloat? {
        guard key.fraction == nil else { return nil }
        var combined = CombinedGuide(key)
        graph.layOutStack(id, node, in: CGRect(origin: .zero, size: size), proposal: ProposedViewSize(size)) { child, frame, _ in
            guard let value = graph.explicitGuide(child, key, frame.size) else { return }
            combined.add(value + (key.isVertical ? frame.minY : frame.minX))
        }
        return combined.value
    }

    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) { list.drawChildren(of: id) }

    static var preferenceRole: PreferenceRole { .mergesChildren }
    static func label(_ node: Node, in graph: _ViewGraph) -> String? { nil }
}

extension _ViewGraph {
    /// Shares the proposal out among an H/VStack's children, leaving their
    /// sizes in `stackScratch.sizes[mark...]` and what each was offered in
    /// `stackScratch.proposals[mark...]`, records that in `stackShares`,
    /// and returns the stack's size.
    ///
    /// SwiftUI's algorithm: children are offered space by descending
    /// `layoutPriority`; within one priority the least flexible child
    /// (largest minus smallest size) goes first and is offered an equal
    /// share of what remains; lower priorities keep their minimum in reserve.
    func distribute(_ id: NodeID, _ p: ProposedViewSize) -> CGSize {
        let node = nodes[Int(id)]
        return distribute(children(of: id), node.kind == .hStack ? .horizontal : .vertical, stacks[Int(node.payload)],
                          sharesSlot: Int(node.payload), p)
    }

    /// `distribute` for `children` laid out as `stack` along `axis`; what
    /// it shares out is recorded in `stackShares` under `sharesSlot` (a
    /// stack node's payload), or not at all when nil (an `HStackLayout`
    /// or `VStackLayout` whose methods are called on a layout's subviews).
    @inline(__always)
    func distribute(_ children: NodeChildren, _ axis: AxisContext, _ stack: StackPayload, sharesSlot: Int?,
                    _ p: ProposedViewSize) -> CGSize {
        let count = children.count
        guard count > 0 else { return .zero }
        let mark = stackScratch.sizes.push(count)
        // Placement needs what each child was offered (a child may be a
        // layout that reads its proposal again).
        let proposalMark = stackScratch.proposals.push(count)
        let cross = p.across(axis)
        let spacing = stack.spacing * CGFloat(count - 1)

        let climbed = usesClimbedStacks ? sharesSlot.flatMap { climbedStacks[$0] } : nil
        if let main = p.along(axis), main.isFinite {
            let flexMark = stackScratch.flexibility.count
            var samePriority = true
            let firstPriority = priority(of: children[children.startIndex])
            // Shared out again by an incremental change: the smallest sizes
            // kept, only the changed child's asked again (`ClimbedStack`).
            let lowMark = climbed.map { climbed in
                let lowMark = stackScratch.sizes.push(count)
                climbed.fill(children, offered: .axis(axis, main: 0, cross: cross), axis: axis, into: lowMark, of: self)
                return lowMark
            }
            for offset in 0..<count {
                let child = children[children.startIndex + offset]
                let lowSize = lowMark.map { stackScratch.sizes[$0 + offset] } ?? size(of: child, .axis(axis, main: 0, cross: cross))
                let low = lowSize.along(axis)
                // Flexibility is the size for an infinite proposal less the
                // size for none, as SwiftUI measures it (objc.io, "How an
                // HStack lays out its children"). A child whose size does not
                // depend on the length offered along the axis (a fixed
                // frame, text or a text field in a VStack) is as long for
                // any proposal: its one answer serves all three probes.
                let dependsOnAxis = axis == .horizontal ? nodes[Int(child)].dependsOnWidth : nodes[Int(child)].dependsOnHeight
                // A child whose width for an infinite offer is known (a
                // form's field, around a text field) is not asked it.
                let high = !dependsOnAxis ? low
                    : axis == .horizontal ? knownWidthOfferedInfinity(child)
                        ?? size(of: child, .axis(axis, main: .infinity, cross: cross)).along(axis)
                    : size(of: child, .axis(axis, main: .infinity, cross: cross)).along(axis)
                if !dependsOnAxis { stackScratch.sizes[mark + offset] = lowSize }
                stackScratch.flexibility.push(StackFlexibility(minimum: low, maximum: high, priority: priority(of: child), index: Int32(offset)))
                if priority(of: child) != firstPriority { samePriority = false }
            }
            // Usually already in order (rows of a form are equally rigid):
            // checking is linear, sorting is not.
            let inOrder: (StackFlexibility, StackFlexibility) -> Bool = { a, b in
                if a.priority != b.priority { return a.priority > b.priority }
                return a.isLessFlexible(than: b)
            }
            var sorted = true
            var slot = flexMark + 1
            while sorted && slot < stackScratch.flexibility.count {
                sorted = inOrder(stackScratch.flexibility[slot - 1], stackScratch.flexibility[slot])
                slot += 1
            }
            if !sorted {
                if stackScratch.flexibility.count - flexMark <= 8 {
                    // A row of a few fields: sorted in place, where the
                    // library's stable sort allocates a buffer each time.
                    // `inOrder` is a strict total order (ties go by index),
                    // so any correct sort gives the same order.
                    insertionSort(&stackScratch.flexibility, from: flexMark, by: inOrder)
                } else {
                    stackScratch.flexibility.sort(from: flexMark, by: inOrder)
                }
            }
            var remaining = main - spacing
            var reserved: CGFloat = 0
            if !samePriority {
                for slot in flexMark..<stackScratch.flexibility.count { reserved += stackScratch.flexibility[slot].minimum }
            }
            var position = flexMark
            let end = stackScratch.flexibility.count
            while position < end {
                // One priority group at a time.
                let priority = stackScratch.flexibility[position].priority
                var groupEnd = position
                while groupEnd < end && stackScratch.flexibility[groupEnd].priority == priority {
                    reserved -= samePriority ? 0 : stackScratch.flexibility[groupEnd].minimum
                    groupEnd += 1
                }
                var left = groupEnd - position
                for slot in position..<groupEnd {
                    let entry = stackScratch.flexibility[slot]
                    let share = max(0, remaining - reserved) / CGFloat(left)
                    let offered = ProposedViewSize.axis(axis, main: share, cross: cross)
                    let child = children[children.startIndex + Int(entry.index)]
                    let dependsOnAxis = axis == .horizontal ? nodes[Int(child)].dependsOnWidth : nodes[Int(child)].dependsOnHeight
                    let chosen = dependsOnAxis ? size(of: child, offered) : stackScratch.sizes[mark + Int(entry.index)]
                    stackScratch.sizes[mark + Int(entry.index)] = chosen
                    stackScratch.proposals[proposalMark + Int(entry.index)] = offered
                    remaining -= chosen.along(axis)
                    left -= 1
                }
                position = groupEnd
            }
            stackScratch.flexibility.pop(to: flexMark)
            if let lowMark { stackScratch.sizes.pop(to: lowMark) }
        } else {
            // Nothing to share out (nil: each child's ideal; infinity: as
            // much as each child wants).
            let offered = ProposedViewSize.axis(axis, main: p.along(axis), cross: cross)
            if let climbed {
                // Shared out again by an incremental change: only the
                // child that changed is asked (`ClimbedStack`).
                climbed.fill(children, offered: offered, axis: axis, into: mark, of: self)
            } else {
                for offset in 0..<count { stackScratch.sizes[mark + offset] = size(of: children[children.startIndex + offset], offered) }
            }
            for offset in 0..<count { stackScratch.proposals[proposalMark + offset] = offered }
        }

        var total: CGFloat = spacing
        for offset in 0..<count { total += stackScratch.sizes[mark + offset].along(axis) }
        let (low, high) = crossExtent(children, sizesFrom: mark, key: stack.crossAlignment, axis: axis)
        let size = axis == .horizontal ? CGSize(width: total, height: high - low) : CGSize(width: high - low, height: total)
        if let sharesSlot, sharesSlot != keptShareOut, let first = stackShares.record(sharesSlot, for: p, size: size, count: count) {
            for offset in 0..<count {
                stackShares.set(first + offset, size: stackScratch.sizes[mark + offset],
                                main: stackScratch.proposals[proposalMark + offset].along(axis))
            }
        }
        return size
    }

    /// A long stack's size for `p`, when it has nothing to share out along
    /// its axis, from its children's answers kept and their sums
    /// (`ClimbedStack.keptSums`), without visiting each child: what
    /// `distribute` gives, to the bit. Only while the change keeps the
    /// stack's last share-out (`keptShareOut`), when `distribute` would
    /// not record one either: any other share-out is recorded for placing
    /// to read, and what it offers each child is the proposal the child
    /// is placed with. Nil when that does not apply; then the stack
    /// shares out as usual.
    func sizeFromKeptSums(_ id: NodeID, _ node: Node, _ p: ProposedViewSize) -> CGSize? {
        guard keptShareOut == Int(node.payload), let climbed = climbedStacks[Int(node.payload)] else { return nil }
        let axis: AxisContext = node.kind == .hStack ? .horizontal : .vertical
        let stack = stacks[Int(node.payload)]
        guard p.along(axis).map({ !$0.isFinite }) ?? true, let fraction = stack.crossAlignment.fraction, !hasExplicitGuides,
              let (total, widest) = climbed.keptSums(children(of: id), offered: .axis(axis, main: p.along(axis), cross: p.across(axis)),
                                                     axis: axis, spacing: stack.spacing, of: self)
        else { return nil }
        let (low, high) = Self.extent(widest: widest, fraction: fraction)
        return axis == .horizontal ? CGSize(width: total, height: high - low) : CGSize(width: high - low, height: total)
    }

    /// The span across the axis of children lined up on a guide at
    /// `fraction` of their size, the largest `widest` across.
    @inline(__always)
    static func extent(widest: CGFloat, fraction: CGFloat) -> (CGFloat, CGFloat) {
        (-fraction * widest, (1 - fraction) * widest)
    }

    /// The span of the children across the stack axis once their alignment
    /// guides line up at 0: (lowest edge, highest edge).
    ///
    /// Inlined, with the guides' walk apart: nearly every stack lines its
    /// children up at a fraction of their size, and that loop alone is
    /// short where the walk, with every kind's guide rules, is long.
    @inline(__always)
    func crossExtent(_ children: NodeChildren, sizesFrom mark: Int, key: AlignmentKey, axis: AxisContext) -> (CGFloat, CGFloat) {
        if let fraction = key.fraction, !hasExplicitGuides {
            var widest: CGFloat = 0
            for offset in 0..<children.count { widest = max(widest, stackScratch.sizes[mark + offset].across(axis)) }
            return Self.extent(widest: widest, fraction: fraction)
        }
        return crossExtentByGuides(children, sizesFrom: mark, key: key, axis: axis)
    }

    /// `crossExtent` from each child's guide value.
    @inline(never)
    private func crossExtentByGuides(_ children: NodeChildren, sizesFrom mark: Int, key: AlignmentKey, axis: AxisContext) -> (CGFloat, CGFloat) {
        var low = CGFloat.infinity
        var high = -CGFloat.infinity
        for offset in 0..<children.count {
            let child = children[children.startIndex + offset]
            let size = stackScratch.sizes[mark + offset]
            let guide = guideValue(child, key, size)
            low = min(low, -guide)
            high = max(high, size.across(axis) - guide)
        }
        return (low, high)
    }

    func placeStack(_ id: NodeID, _ node: Node, in frame: CGRect, proposal: ProposedViewSize) {
        if let again = placingAgain, again.lastStayingPathNode == id,
           placeOnlyChangedChild(of: node, in: frame, proposal: proposal) { return }
        layOutStack(id, node, in: frame, proposal: proposal) { child, childFrame, childProposal in
            place(child, in: childFrame, proposal: childProposal)
        }
    }

    /// While placing again, a long stack placed where and as it was, whose
    /// last share-out stayed exact through the change
    /// (`ClimbedStack.shareOutStays`): every child has the size and the
    /// offer it had, so the same place (the same sums in the same order,
    /// lined up in the same frame), and only the changed child, which
    /// is on the path, is placed again, in its frame. Without this, a
    /// new title placed the form's column again, visiting each of its
    /// rows to find it where it was. False when this does not apply.
    private func placeOnlyChangedChild(of node: Node, in frame: CGRect, proposal: ProposedViewSize) -> Bool {
        guard let climbed = climbedStacks[Int(node.payload)], climbed.shareOutStays,
              let changed = climbed.childChangedOnlyInSize, changed >= 0, changed < Int(node.childCount) else { return false }
        // The share-out found exact is the one placing reads (as
        // `layOutStack` looks it up), not one for another proposal.
        let axis: AxisContext = node.kind == .hStack ? .horizontal : .vertical
        let offered = ProposedViewSize.axis(axis, main: proposal.along(axis), cross: frame.size.across(axis))
        let shares = StackSharesKey(slot: Int(node.payload), dependsOnWidth: node.dependsOnWidth, dependsOnHeight: node.dependsOnHeight)
        guard stackShares.record(shares, offered: offered) != nil else { return false }
        let child = childIDs[Int(node.childStart) + changed]
        // A new node (spliced in here) has no frame to keep yet.
        let placed = placedProposals[Int(child)]
        guard placed != .never else { return false }
        place(child, in: frames[Int(child)], proposal: placed.proposal)
        keptPlacementReuses += 1
        return true
    }

    /// Each child's frame, and the proposal it was sized for, once the
    /// stack's frame is `frame`, in code order. Space along the axis is
    /// shared out as for `proposal` (what the stack was offered: a stack
    /// that overflows keeps its children's sizes), across it children are
    /// offered the stack's final size (which lets `.fixedSize()` give
    /// `maxWidth: .infinity` children the widest one's width, as SwiftUI
    /// does).
    @inline(__always)
    func layOutStack(_ id: NodeID, _ node: Node, in frame: CGRect, proposal: ProposedViewSize,
                     _ visit: (NodeID, CGRect, ProposedViewSize) -> Void) {
        layOutStack(children(of: id), node.kind == .hStack ? .horizontal : .vertical, stacks[Int(node.payload)],
                    shares: StackSharesKey(slot: Int(node.payload), dependsOnWidth: node.dependsOnWidth,
                                           dependsOnHeight: node.dependsOnHeight),
                    in: frame, proposal: proposal, visit)
    }

    /// `layOutStack` for `children` laid out as `stack` along `axis`,
    /// reusing the sizing recorded under `shares` (nil: none recorded).
    @inline(__always)
    func layOutStack(_ children: NodeChildren, _ axis: AxisContext, _ stack: StackPayload, shares: StackSharesKey?,
                     in frame: CGRect, proposal: ProposedViewSize, _ visit: (NodeID, CGRect, ProposedViewSize) -> Void) {
        let mark = stackScratch.sizes.count, proposalMark = stackScratch.proposals.count
        let offered = ProposedViewSize.axis(axis, main: proposal.along(axis), cross: frame.size.across(axis))
        let size: CGSize
        if let shares, let record = stackShares.record(shares, offered: offered) {
            let count = children.count, first = Int(record.first)
            let sizeMark = stackScratch.sizes.push(count), offerMark = stackScratch.proposals.push(count)
            let cross = offered.across(axis)
            for offset in 0..<count {
                stackScratch.sizes[sizeMark + offset] = stackShares.size(at: first + offset)
                stackScratch.proposals[offerMark + offset] = .axis(axis, main: stackShares.main(at: first + offset), cross: cross)
            }
            size = record.size
        } else {
            size = distribute(children, axis, stack, sharesSlot: shares?.slot, offered)
        }
        guard !children.isEmpty else { return }
        // The stack's own content is aligned in its frame as a whole (it may
        // be larger or smaller than the frame when the frame was forced).
        let (low, _) = crossExtent(children, sizesFrom: mark, key: stack.crossAlignment, axis: axis)
        let crossStart = axis == .horizontal ? frame.minY : frame.minX
        let crossSlack = (axis == .horizontal ? frame.height - size.height : frame.width - size.width)
        let line = crossStart + (stack.crossAlignment.fraction ?? 0) * crossSlack - low
        var main = axis == .horizontal ? frame.minX : frame.minY
        for offset in 0..<children.count {
            let child = children[children.startIndex + offset]
            let childSize = stackScratch.sizes[mark + offset]
            let crossPosition = line - guideValue(child, stack.crossAlignment, childSize)
            let childFrame = axis == .horizontal
                ? CGRect(x: main, y: crossPosition, width: childSize.width, height: childSize.height)
                : CGRect(x: crossPosition, y: main, width: childSize.width, height: childSize.height)
            main += childSize.along(axis) + stack.spacing
            visit(child, childFrame, stackScratch.proposals[proposalMark + offset])
        }
        stackScratch.sizes.pop(to: mark)
        stackScratch.proposals.pop(to: proposalMark)
    }
}

/// Explicit guide values of several children folded into one, as the
/// guide's `AlignmentID` combines them.
struct CombinedGuide {
    enum Rule { case mean, minimum, maximum }
    let rule: Rule
    private var sum: CGFloat = 0
    private var count = 0
    private var extreme: CGFloat?

    init(_ key: AlignmentKey) {
        if key == VerticalAlignment.firstTextBaseline.key { rule = .minimum }
        else if key == VerticalAlignment.lastTextBaseline.key { rule = .maximum }
        else { rule = .mean }
    }

    mutating func add(_ value: CGFloat) {
        sum += value
        count += 1
        switch rule {
        case .mean: break
        case .minimum: extreme = Swift.min(extreme ?? value, value)
        case .maximum: extreme = Swift.max(extreme ?? value, value)
        }
    }

    /// Nil when no child set the guide.
    var value: CGFloat? {
        guard count > 0 else { return nil }
        return rule == .mean ? sum / CGFloat(count) : extreme
    }
}

/// Sorts `entries[start...]` in place by `inOrder`, without allocating.
@inline(__always)
private func insertionSort(_ entries: inout ScratchStack<StackFlexibility>, from start: Int, by inOrder: (StackFlexibility, StackFlexibility) -> Bool) {
    var next = start + 1
    while next < entries.count {
        let entry = entries[next]
        var slot = next
        while slot > start && inOrder(entry, entries[slot - 1]) {
            entries[slot] = entries[slot - 1]
            slot -= 1
        }
        entries[slot] = entry
        next += 1
    }
}

/// One child's entry while a stack shares out space.
struct StackFlexibility {
    /// Its length along the axis when offered 0 and when offered infinity.
    var minimum: CGFloat
    var maximum: CGFloat
    var priority: Double
    var index: Int32

    /// Whether the stack offers space to this child before `other` (within
    /// one priority): the smaller `maximum - minimum` first. Two children
    /// that grow without bound differ by their minimums, as ∞ − a exceeds
    /// ∞ − b when a < b: the one with the larger minimum goes first, which
    /// is what keeps `frame(minWidth:)` next to a greedy view at its minimum
    /// and spacers even. Ties keep code order.
    @inline(__always)
    func isLessFlexible(than other: StackFlexibility) -> Bool {
        let unbounded = maximum == .infinity, otherUnbounded = other.maximum == .infinity
        if unbounded != otherUnbounded { return otherUnbounded }
        if unbounded {
            if minimum != other.minimum { return minimum > other.minimum }
        } else {
            let flexibility = maximum - minimum, otherFlexibility = other.maximum - other.minimum
            if flexibility != otherFlexibility { return flexibility < otherFlexibility }
        }
        return index < other.index
    }
}


/// Where a stack node's sharing out is recorded (`StackShares`), and what
/// its size depends on (which normalises the proposal looked up there).
struct StackSharesKey {
    let slot: Int
    let dependsOnWidth: Bool
    let dependsOnHeight: Bool
}

struct StackPayload {
    let spacing: CGFloat
    let crossAlignment: AlignmentKey
}

extension _ViewGraph {
    /// Builds an `HStack` or `VStack` of `content`.
    @inlinable
    func addStack<Content: View>(_ kind: NodeKind, spacing: CGFloat?, crossAlignment: AlignmentKey, content: Content) {
        addContainer(kind, payload: addStackPayload(spacing: spacing, crossAlignment: crossAlignment), axis: kind == .hStack ? .horizontal : .vertical, content: content)
    }

    @usableFromInline
    func addStackPayload(spacing: CGFloat?, crossAlignment: AlignmentKey) -> Int {
        stacks.appendIndex(StackPayload(spacing: spacing ?? SwiftUIConstants.defaultStackSpacing, crossAlignment: crossAlignment))
    }
}
