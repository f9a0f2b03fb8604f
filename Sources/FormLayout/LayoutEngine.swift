/// Proposal-based layout, as SwiftUI does it: a parent proposes a size, the
/// child chooses its own, the parent places it. `size(of:_:)` answers the
/// second step (memoised per node); `place(_:in:)` the third, top-down,
/// writing every node's frame in window coordinates.
extension _ViewGraph {
    // MARK: Sizing

    func size(of id: NodeID, _ proposal: ProposedViewSize) -> CGSize {
        let index = Int(id)
        let node = nodes[index]
        // An axis the node ignores is normalised to nil so that proposals
        // differing only there share one cache entry.
        let p = ProposedViewSize(width: node.dependsOnWidth ? proposal.width : nil,
                                 height: node.dependsOnHeight ? proposal.height : nil)
        let block = Int(cacheBlock[index])
        if block < 0 { return computeSize(id, p) }
        let w = (p.width ?? .nan).bitPattern
        let h = (p.height ?? .nan).bitPattern
        let base = block &* 4
        for slot in base..<(base + 4) where cacheWidths[slot] == w && cacheHeights[slot] == h {
            return cacheSizes[slot]
        }
        let size = computeSize(id, p)
        let slot = base + Int(cacheNext[block])
        cacheWidths[slot] = w
        cacheHeights[slot] = h
        cacheSizes[slot] = size
        cacheNext[block] = (cacheNext[block] &+ 1) & 3
        return size
    }

    private func computeSize(_ id: NodeID, _ p: ProposedViewSize) -> CGSize {
        let node = nodes[Int(id)]
        switch node.kind {
        case .shape, .geometryReader:
            return p.replacingUnspecifiedDimensions(by: SwiftUIConstants.shapeIdealSize)
        case .text:
            return texts[Int(node.payload)].layout.size(proposedWidth: p.width, measurer: textMeasurer)
        case .textField:
            return CGSize(width: p.width ?? SwiftUIConstants.textFieldIdealWidth, height: SwiftUIConstants.textFieldHeight)
        case .slider:
            let width = max(p.width ?? SwiftUIConstants.sliderIdealWidth, SwiftUIConstants.sliderThumbDiameter)
            return CGSize(width: width, height: SwiftUIConstants.sliderHeight)
        case .toggleSwitch:
            return SwiftUIConstants.toggleSwitchSize
        case .divider:
            let thickness = SwiftUIConstants.dividerThickness
            return node.axis == .horizontal
                ? CGSize(width: thickness, height: p.height ?? thickness)
                : CGSize(width: p.width ?? thickness, height: thickness)
        case .spacer:
            let minLength = points[Int(node.payload)].x
            switch node.axis {
            case .horizontal: return CGSize(width: max(minLength, p.width ?? minLength), height: 0)
            case .vertical: return CGSize(width: 0, height: max(minLength, p.height ?? minLength))
            case .none: return CGSize(width: max(minLength, p.width ?? minLength), height: max(minLength, p.height ?? minLength))
            }
        case .hStack, .vStack:
            let mark = scratchSizes.count
            let size = distribute(id, p)
            scratchSizes.removeSubrange(mark...)
            return size
        case .zStack:
            return zStackLayout(id, p, placingIn: nil)
        case .fixedFrame:
            let frame = fixedFrames[Int(node.payload)]
            let child = size(of: firstChild(of: id), ProposedViewSize(width: frame.width ?? p.width, height: frame.height ?? p.height))
            return CGSize(width: frame.width ?? child.width, height: frame.height ?? child.height)
        case .flexFrame:
            let frame = flexFrames[Int(node.payload)]
            let child = size(of: firstChild(of: id), flexChildProposal(frame, p))
            return CGSize(
                width: flexLength(child: child.width, proposed: p.width, min: frame.minWidth, ideal: frame.idealWidth, max: frame.maxWidth),
                height: flexLength(child: child.height, proposed: p.height, min: frame.minHeight, ideal: frame.idealHeight, max: frame.maxHeight))
        case .padding:
            let inset = insets[Int(node.payload)]
            let child = size(of: firstChild(of: id), ProposedViewSize(
                width: p.width.map { max(0, $0 - inset.horizontal) },
                height: p.height.map { max(0, $0 - inset.vertical) }))
            return CGSize(width: child.width + inset.horizontal, height: child.height + inset.vertical)
        case .position:
            let child = size(of: firstChild(of: id), p)
            return CGSize(width: p.width ?? child.width, height: p.height ?? child.height)
        case .fixedSize:
            return size(of: firstChild(of: id), fixedProposal(node, p))
        case .offset, .hidden, .coordinateSpace, .identifier, .preferenceWriter, .preferenceObserver, .alignmentGuide,
             .overlay, .background, .preferenceOverlay, .preferenceBackground:
            return size(of: firstChild(of: id), p)
        }
    }

    private func fixedProposal(_ node: Node, _ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: node.isFixedHorizontally ? nil : p.width, height: node.isFixedVertically ? nil : p.height)
    }

    private func flexChildProposal(_ frame: FlexFramePayload, _ p: ProposedViewSize) -> ProposedViewSize {
        func clampProposal(_ proposed: CGFloat?, _ minimum: CGFloat?, _ ideal: CGFloat?, _ maximum: CGFloat?) -> CGFloat? {
            guard var value = proposed else { return ideal }
            if let minimum { value = max(value, minimum) }
            if let maximum { value = min(value, maximum) }
            return value
        }
        return ProposedViewSize(
            width: clampProposal(p.width, frame.minWidth, frame.idealWidth, frame.maxWidth),
            height: clampProposal(p.height, frame.minHeight, frame.idealHeight, frame.maxHeight))
    }

    /// A flexible frame's length: the child's, pulled towards the proposal
    /// by each limit that is set, then clamped to the limits.
    private func flexLength(child: CGFloat, proposed: CGFloat?, min minimum: CGFloat?, ideal: CGFloat?, max maximum: CGFloat?) -> CGFloat {
        if proposed == nil, let ideal { return ideal }
        let offered = proposed ?? child
        var length = child
        if let minimum { length = max(minimum, min(length, offered)) }
        if let maximum { length = min(maximum, max(length, offered)) }
        return length
    }

    // MARK: Stacks

    /// Shares the proposal out among an H/VStack's children, leaving their
    /// sizes in `scratchSizes[mark...]`, and returns the stack's size.
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
        let mark = scratchSizes.count
        guard count > 0 else { return .zero }
        scratchSizes.append(contentsOf: repeatElement(.zero, count: count))
        let cross = p.across(axis)
        let spacing = stack.spacing * CGFloat(count - 1)

        if let main = p.along(axis) {
            let flexMark = scratchFlexibility.count
            var samePriority = true
            let firstPriority = nodes[Int(children[children.startIndex])].priority
            for child in children {
                let low = size(of: child, .axis(axis, main: 0, cross: cross)).along(axis)
                // The largest size is probed with the length on offer rather
                // than infinity, so that greedy views and spacers differ in
                // flexibility by their minimums instead of all tying at
                // infinity (which would make outer spacers uneven).
                let high = size(of: child, .axis(axis, main: main, cross: cross)).along(axis)
                scratchFlexibility.append(StackFlexibility(minimum: low, flexibility: high - low, priority: nodes[Int(child)].priority, index: Int32(scratchFlexibility.count - flexMark)))
                if nodes[Int(child)].priority != firstPriority { samePriority = false }
            }
            // Usually already in order (rows of a form are equally rigid):
            // checking is linear, sorting is not.
            let inOrder: (StackFlexibility, StackFlexibility) -> Bool = { a, b in
                if a.priority != b.priority { return a.priority > b.priority }
                if a.flexibility != b.flexibility { return a.flexibility < b.flexibility }
                return a.index < b.index
            }
            var sorted = true
            var slot = flexMark + 1
            while sorted && slot < scratchFlexibility.count {
                sorted = inOrder(scratchFlexibility[slot - 1], scratchFlexibility[slot])
                slot += 1
            }
            if !sorted { scratchFlexibility[flexMark...].sort(by: inOrder) }
            var remaining = main - spacing
            var reserved: CGFloat = 0
            if !samePriority {
                for entry in scratchFlexibility[flexMark...] { reserved += entry.minimum }
            }
            var position = flexMark
            let end = scratchFlexibility.count
            while position < end {
                // One priority group at a time.
                let priority = scratchFlexibility[position].priority
                var groupEnd = position
                while groupEnd < end && scratchFlexibility[groupEnd].priority == priority {
                    reserved -= samePriority ? 0 : scratchFlexibility[groupEnd].minimum
                    groupEnd += 1
                }
                var left = groupEnd - position
                for slot in position..<groupEnd {
                    let entry = scratchFlexibility[slot]
                    let share = max(0, remaining - reserved) / CGFloat(left)
                    let chosen = size(of: children[children.startIndex + Int(entry.index)], .axis(axis, main: share, cross: cross))
                    scratchSizes[mark + Int(entry.index)] = chosen
                    remaining -= chosen.along(axis)
                    left -= 1
                }
                position = groupEnd
            }
            scratchFlexibility.removeSubrange(flexMark...)
        } else {
            for (offset, child) in children.enumerated() {
                scratchSizes[mark + offset] = size(of: child, .axis(axis, main: nil, cross: cross))
            }
        }

        var total: CGFloat = spacing
        for offset in 0..<count { total += scratchSizes[mark + offset].along(axis) }
        let (low, high) = crossExtent(children, sizesFrom: mark, key: stack.crossAlignment, axis: axis)
        return axis == .horizontal ? CGSize(width: total, height: high - low) : CGSize(width: high - low, height: total)
    }

    /// The span of the children across the stack axis once their alignment
    /// guides line up at 0: (lowest edge, highest edge).
    private func crossExtent(_ children: ArraySlice<NodeID>, sizesFrom mark: Int, key: AlignmentKey, axis: AxisContext) -> (CGFloat, CGFloat) {
        if let fraction = key.fraction, !hasExplicitGuides {
            var widest: CGFloat = 0
            for offset in 0..<children.count { widest = max(widest, scratchSizes[mark + offset].across(axis)) }
            return (-fraction * widest, (1 - fraction) * widest)
        }
        var low = CGFloat.infinity
        var high = -CGFloat.infinity
        for (offset, child) in children.enumerated() {
            let size = scratchSizes[mark + offset]
            let guide = guideValue(child, key, size)
            low = min(low, -guide)
            high = max(high, size.across(axis) - guide)
        }
        return (low, high)
    }

    // MARK: ZStack

    /// Sizes a ZStack (and places its children when `frame` is given).
    func zStackLayout(_ id: NodeID, _ p: ProposedViewSize, placingIn frame: CGRect?) -> CGSize {
        let alignment = alignments[Int(nodes[Int(id)].payload)]
        let children = self.children(of: id)
        guard !children.isEmpty else { return .zero }
        let mark = scratchSizes.count
        var minX = CGFloat.infinity, maxX = -CGFloat.infinity, minY = CGFloat.infinity, maxY = -CGFloat.infinity
        for child in children {
            let size = size(of: child, p)
            scratchSizes.append(size)
            let gx = guideValue(child, alignment.horizontal.key, size)
            let gy = guideValue(child, alignment.vertical.key, size)
            minX = min(minX, -gx); maxX = max(maxX, size.width - gx)
            minY = min(minY, -gy); maxY = max(maxY, size.height - gy)
        }
        let result = CGSize(width: maxX - minX, height: maxY - minY)
        if let frame {
            // The union's alignment line, placed where the frame's is.
            let lineX = frame.minX + (alignment.horizontal.key.fraction.map { $0 * frame.width - $0 * result.width } ?? 0) - minX
            let lineY = frame.minY + (alignment.vertical.key.fraction.map { $0 * frame.height - $0 * result.height } ?? 0) - minY
            for (offset, child) in children.enumerated() {
                let size = scratchSizes[mark + offset]
                let gx = guideValue(child, alignment.horizontal.key, size)
                let gy = guideValue(child, alignment.vertical.key, size)
                place(child, in: CGRect(x: lineX - gx, y: lineY - gy, width: size.width, height: size.height))
            }
        }
        scratchSizes.removeSubrange(mark...)
        return result
    }

    // MARK: Alignment guides

    /// The value of guide `key` in a child of `size`: explicit if the view
    /// sets one, else the guide's default.
    func guideValue(_ id: NodeID, _ key: AlignmentKey, _ size: CGSize) -> CGFloat {
        let length = key.isVertical ? size.height : size.width
        if let fraction = key.fraction, !hasExplicitGuides { return fraction * length }
        if let explicit = explicitGuide(id, key, size) { return explicit }
        if let fraction = key.fraction { return fraction * length }
        return key.type.defaultValue(in: dimensions(id, size))
    }

    func dimensions(_ id: NodeID, _ size: CGSize) -> ViewDimensions {
        ViewDimensions(size: size) { [unowned self] key in self.explicitGuide(id, key, size) }
    }

    /// The guide the view sets itself (or a text baseline), or nil. Guides
    /// set inside single-child modifiers show through them, shifted by
    /// where the modifier puts its child.
    func explicitGuide(_ id: NodeID, _ key: AlignmentKey, _ size: CGSize) -> CGFloat? {
        let node = nodes[Int(id)]
        switch node.kind {
        case .alignmentGuide:
            let guide = guides[Int(node.payload)]
            if guide.key == key { return guide.compute(dimensions(firstChild(of: id), size)) }
            return explicitGuide(firstChild(of: id), key, size)
        case .text:
            let layout = texts[Int(node.payload)].layout
            if key == VerticalAlignment.firstTextBaseline.key { return layout.baselineOffset }
            if key == VerticalAlignment.lastTextBaseline.key { return size.height - layout.font.lineHeight + layout.baselineOffset }
            return nil
        case .hidden, .coordinateSpace, .identifier, .preferenceWriter, .preferenceObserver, .offset, .fixedSize,
             .overlay, .background, .preferenceOverlay, .preferenceBackground:
            return explicitGuide(firstChild(of: id), key, size)
        case .padding:
            let inset = insets[Int(node.payload)]
            let childSize = CGSize(width: max(0, size.width - inset.horizontal), height: max(0, size.height - inset.vertical))
            return explicitGuide(firstChild(of: id), key, childSize).map { $0 + (key.isVertical ? inset.top : inset.leading) }
        case .fixedFrame, .flexFrame:
            let child = firstChild(of: id)
            let childSize = self.size(of: child, childProposal(id, size))
            guard let inner = explicitGuide(child, key, childSize) else { return nil }
            let origin = alignedOrigin(childSize, in: CGRect(origin: .zero, size: size), frameAlignment(node), child: child)
            return inner + (key.isVertical ? origin.y : origin.x)
        case .zStack:
            // A ZStack's guide on its own alignment is the line its children
            // are aligned on, so explicit guides inside the content of an
            // overlay or background (an implicit ZStack) still reach the
            // host's alignment (seed 004).
            let alignment = alignments[Int(node.payload)]
            guard key == alignment.horizontal.key || key == alignment.vertical.key else { return nil }
            var low = CGFloat.infinity
            var isExplicit = false
            for child in children(of: id) {
                let childSize = self.size(of: child, ProposedViewSize(size))
                if explicitGuide(child, key, childSize) != nil { isExplicit = true }
                low = min(low, -guideValue(child, key, childSize))
            }
            return isExplicit ? -low : nil
        default:
            return nil
        }
    }

    private func frameAlignment(_ node: Node) -> Alignment {
        node.kind == .fixedFrame ? fixedFrames[Int(node.payload)].alignment : flexFrames[Int(node.payload)].alignment
    }

    /// What a frame offers its child once the frame's own size is `size`.
    private func childProposal(_ id: NodeID, _ size: CGSize) -> ProposedViewSize {
        let node = nodes[Int(id)]
        if node.kind == .fixedFrame {
            let frame = fixedFrames[Int(node.payload)]
            return ProposedViewSize(width: frame.width ?? size.width, height: frame.height ?? size.height)
        }
        return flexChildProposal(flexFrames[Int(node.payload)], ProposedViewSize(size))
    }

    /// Where a child of `size` goes inside `frame` so that its guides meet the frame's.
    private func alignedOrigin(_ size: CGSize, in frame: CGRect, _ alignment: Alignment, child: NodeID) -> CGPoint {
        let hx = alignment.horizontal.key.fraction ?? 0.5
        let vy = alignment.vertical.key.fraction ?? 0.5
        let x = frame.minX + hx * frame.width - guideValue(child, alignment.horizontal.key, size)
        let y = frame.minY + vy * frame.height - guideValue(child, alignment.vertical.key, size)
        return CGPoint(x: x, y: y)
    }

    // MARK: Placement

    /// Gives `id` its frame (window coordinates) and places its children.
    func place(_ id: NodeID, in frame: CGRect) {
        frames[Int(id)] = frame
        let node = nodes[Int(id)]
        switch node.kind {
        case .shape, .text, .textField, .slider, .toggleSwitch, .divider, .spacer:
            return
        case .hStack, .vStack:
            placeStack(id, node, in: frame)
        case .zStack:
            _ = zStackLayout(id, ProposedViewSize(frame.size), placingIn: frame)
        case .fixedFrame, .flexFrame:
            let child = firstChild(of: id)
            let childSize = size(of: child, childProposal(id, frame.size))
            place(child, in: CGRect(origin: alignedOrigin(childSize, in: frame, frameAlignment(node), child: child), size: childSize))
        case .padding:
            let inset = insets[Int(node.payload)]
            let inner = CGRect(x: frame.minX + inset.leading, y: frame.minY + inset.top,
                               width: max(0, frame.width - inset.horizontal), height: max(0, frame.height - inset.vertical))
            let child = firstChild(of: id)
            let childSize = size(of: child, ProposedViewSize(inner.size))
            place(child, in: CGRect(origin: alignedOrigin(childSize, in: inner, .center, child: child), size: childSize))
        case .offset:
            let delta = points[Int(node.payload)]
            place(firstChild(of: id), in: frame.offsetBy(delta))
        case .position:
            let child = firstChild(of: id)
            let childSize = size(of: child, ProposedViewSize(frame.size))
            let center = points[Int(node.payload)]
            place(child, in: CGRect(x: frame.minX + center.x - childSize.width / 2, y: frame.minY + center.y - childSize.height / 2,
                                    width: childSize.width, height: childSize.height))
        case .fixedSize:
            let child = firstChild(of: id)
            let childSize = size(of: child, fixedProposal(node, ProposedViewSize(frame.size)))
            place(child, in: CGRect(origin: alignedOrigin(childSize, in: frame, .center, child: child), size: childSize))
        case .hidden, .coordinateSpace, .identifier, .preferenceWriter, .preferenceObserver, .alignmentGuide:
            place(firstChild(of: id), in: frame)
        case .overlay, .background:
            let host = firstChild(of: id)
            place(host, in: frame)
            placeSecondary(childIDs[Int(node.childStart) + 1], over: frame, alignment: alignments[Int(node.payload)])
        case .preferenceOverlay, .preferenceBackground:
            // The host is laid out first: its preferences (and the anchors in
            // them) are what the secondary view is built from.
            let host = firstChild(of: id)
            place(host, in: frame)
            let secondary = preferenceViews[Int(node.payload)].makeView(graph: self, host: host)
            setChildren(of: id, [host, secondary])
            growLayoutState()
            placeSecondary(secondary, over: frame, alignment: .center)
        case .geometryReader:
            let proxy = GeometryProxy(graph: self, node: id)
            let content = readers[Int(node.payload)](proxy)
            let contentID = makeImplicitZStack(content, alignment: .topLeading)
            setChildren(of: id, [contentID])
            growLayoutState()
            let contentSize = size(of: contentID, ProposedViewSize(frame.size))
            place(contentID, in: CGRect(origin: frame.origin, size: contentSize))
        }
    }

    private func placeSecondary(_ secondary: NodeID, over frame: CGRect, alignment: Alignment) {
        let size = size(of: secondary, ProposedViewSize(frame.size))
        place(secondary, in: CGRect(origin: alignedOrigin(size, in: frame, alignment, child: secondary), size: size))
    }

    private func placeStack(_ id: NodeID, _ node: Node, in frame: CGRect) {
        let axis: AxisContext = node.kind == .hStack ? .horizontal : .vertical
        let stack = stacks[Int(node.payload)]
        let mark = scratchSizes.count
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
            let childSize = scratchSizes[mark + offset]
            let crossPosition = line - guideValue(child, stack.crossAlignment, childSize)
            let childFrame = axis == .horizontal
                ? CGRect(x: main, y: crossPosition, width: childSize.width, height: childSize.height)
                : CGRect(x: crossPosition, y: main, width: childSize.width, height: childSize.height)
            main += childSize.along(axis) + stack.spacing
            place(child, in: childFrame)
        }
        scratchSizes.removeSubrange(mark...)
    }

    /// Makes room in the per-node layout arrays for nodes built during placement.
    func growLayoutState() {
        let first = frames.count
        guard nodes.count > first else { return }
        if first == 0 {
            // Views built during placement (geometry readers, preference
            // views) add nodes later; room reserved now is only touched, and
            // paid for in page faults, if they do, and saves copying these
            // arrays when they arrive.
            frames.reserveCapacity(nodes.count * 2)
            cacheBlock.reserveCapacity(nodes.count * 2)
        }
        frames.append(contentsOf: repeatElement(.zero, count: nodes.count - first))
        var blocks = cacheNext.count
        for index in first..<nodes.count {
            if nodes[index].kind.computesOwnSize {
                cacheBlock.append(Int32(blocks))
                blocks += 1
            } else {
                cacheBlock.append(-1)
            }
        }
        let missing = blocks - cacheNext.count
        // A key no proposal has: a NaN payload Swift never produces.
        let unused: UInt = 0x7FF8_DEAD_BEEF_0001
        cacheWidths.append(contentsOf: repeatElement(unused, count: 4 * missing))
        cacheHeights.append(contentsOf: repeatElement(unused, count: 4 * missing))
        cacheSizes.append(contentsOf: repeatElement(.zero, count: 4 * missing))
        cacheNext.append(contentsOf: repeatElement(0, count: missing))
    }
}

/// One child's entry while a stack shares out space.
struct StackFlexibility {
    var minimum: CGFloat
    var flexibility: CGFloat
    var priority: Double
    var index: Int32
}
