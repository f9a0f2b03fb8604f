/// `HStack` and `VStack`: how they share out the space they are offered
/// among their children and place them one after another.
enum StackNode: NodeRules {
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence { content }
    static var computesOwnSize: Bool { true }

    static func size(_ id: NodeID, _ node: Node, _ proposal: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        let mark = graph.stackScratch.sizes.count
        let size = graph.distribute(id, proposal)
        graph.stackScratch.sizes.removeSubrange(mark...)
        return size
    }

    static func place(_ id: NodeID, _ node: Node, in frame: CGRect, graph: _ViewGraph) {
        graph.placeStack(id, node, in: frame)
    }

    /// A stack sets no guides of its own: its children's explicit guides
    /// do not reach the stack's parent.
    static func explicitGuide(_ id: NodeID, _ node: Node, _ key: AlignmentKey, size: CGSize, in graph: _ViewGraph) -> CGFloat? { nil }

    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) { list.drawChildren(of: id) }

    static var preferenceRole: PreferenceRole { .mergesChildren }
    static func label(_ node: Node, in graph: _ViewGraph) -> String? { nil }
}

extension _ViewGraph {
    /// Shares the proposal out among an H/VStack's children, leaving their
    /// sizes in `stackScratch.sizes[mark...]`, and returns the stack's size.
    ///
    /// SwiftUI's algorithm: children are offered space by descending
    /// `layoutPriority`; within one priority the least flexible child
    /// (largest minus smallest size) goes first and is offered an equal
    /// share of what remains; lower priorities keep their minimum in reserve.
    func distribute(_ id: NodeID, _ p: ProposedViewSize) -> CGSize {
        let node = nodes[Int(id)]
        let axis: AxisContext = node.kind == .hStack ? .horizontal : .vertical
        let stack = stacks[Int(node.payload)]
        let children = self.children(of: id)
        let count = children.count
        let mark = stackScratch.sizes.count
        guard count > 0 else { return .zero }
        stackScratch.sizes.append(contentsOf: repeatElement(.zero, count: count))
        let cross = p.across(axis)
        let spacing = stack.spacing * CGFloat(count - 1)

        if let main = p.along(axis), main.isFinite {
            let flexMark = stackScratch.flexibility.count
            var samePriority = true
            let firstPriority = nodes[Int(children[children.startIndex])].priority
            for child in children {
                let low = size(of: child, .axis(axis, main: 0, cross: cross)).along(axis)
                // Flexibility is the size for an infinite proposal less the
                // size for none, as SwiftUI measures it (objc.io, "How an
                // HStack lays out its children").
                let high = size(of: child, .axis(axis, main: .infinity, cross: cross)).along(axis)
                stackScratch.flexibility.append(StackFlexibility(minimum: low, maximum: high, priority: nodes[Int(child)].priority, index: Int32(stackScratch.flexibility.count - flexMark)))
                if nodes[Int(child)].priority != firstPriority { samePriority = false }
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
            if !sorted { stackScratch.flexibility[flexMark...].sort(by: inOrder) }
            var remaining = main - spacing
            var reserved: CGFloat = 0
            if !samePriority {
                for entry in stackScratch.flexibility[flexMark...] { reserved += entry.minimum }
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
                    let chosen = size(of: children[children.startIndex + Int(entry.index)], .axis(axis, main: share, cross: cross))
                    stackScratch.sizes[mark + Int(entry.index)] = chosen
                    remaining -= chosen.along(axis)
                    left -= 1
                }
                position = groupEnd
            }
            stackScratch.flexibility.removeSubrange(flexMark...)
        } else {
            // Nothing to share out (nil: each child's ideal; infinity: as
            // much as each child wants).
            let main = p.along(axis)
            for (offset, child) in children.enumerated() {
                stackScratch.sizes[mark + offset] = size(of: child, .axis(axis, main: main, cross: cross))
            }
        }

        var total: CGFloat = spacing
        for offset in 0..<count { total += stackScratch.sizes[mark + offset].along(axis) }
        let (low, high) = crossExtent(children, sizesFrom: mark, key: stack.crossAlignment, axis: axis)
        return axis == .horizontal ? CGSize(width: total, height: high - low) : CGSize(width: high - low, height: total)
    }

    /// The span of the children across the stack axis once their alignment
    /// guides line up at 0: (lowest edge, highest edge).
    func crossExtent(_ children: ArraySlice<NodeID>, sizesFrom mark: Int, key: AlignmentKey, axis: AxisContext) -> (CGFloat, CGFloat) {
        if let fraction = key.fraction, !hasExplicitGuides {
            var widest: CGFloat = 0
            for offset in 0..<children.count { widest = max(widest, stackScratch.sizes[mark + offset].across(axis)) }
            return (-fraction * widest, (1 - fraction) * widest)
        }
        var low = CGFloat.infinity
        var high = -CGFloat.infinity
        for (offset, child) in children.enumerated() {
            let size = stackScratch.sizes[mark + offset]
            let guide = guideValue(child, key, size)
            low = min(low, -guide)
            high = max(high, size.across(axis) - guide)
        }
        return (low, high)
    }

    func placeStack(_ id: NodeID, _ node: Node, in frame: CGRect) {
        let axis: AxisContext = node.kind == .hStack ? .horizontal : .vertical
        let stack = stacks[Int(node.payload)]
        let mark = stackScratch.sizes.count
        let size = distribute(id, ProposedViewSize(frame.size))
        let children = self.children(of: id)
        guard !children.isEmpty else { return }
        // The stack's own content is aligned in its frame as a whole (it may
        // be larger or smaller than the frame when the frame was forced).
        let (low, _) = crossExtent(children, sizesFrom: mark, key: stack.crossAlignment, axis: axis)
        let crossStart = axis == .horizontal ? frame.minY : frame.minX
        let crossSlack = (axis == .horizontal ? frame.height - size.height : frame.width - size.width)
        let line = crossStart + (stack.crossAlignment.fraction ?? 0) * crossSlack - low
        // Children are proposed the stack's final size, as SwiftUI does (it
        // is what lets `.fixedSize()` give `maxWidth: .infinity` children the
        // widest one's width), so one may come out smaller than it was
        // measured; the content then starts at the leading/top edge.
        var main = axis == .horizontal ? frame.minX : frame.minY
        for (offset, child) in children.enumerated() {
            let childSize = stackScratch.sizes[mark + offset]
            let crossPosition = line - guideValue(child, stack.crossAlignment, childSize)
            let childFrame = axis == .horizontal
                ? CGRect(x: main, y: crossPosition, width: childSize.width, height: childSize.height)
                : CGRect(x: crossPosition, y: main, width: childSize.width, height: childSize.height)
            main += childSize.along(axis) + stack.spacing
            place(child, in: childFrame)
        }
        stackScratch.sizes.removeSubrange(mark...)
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
