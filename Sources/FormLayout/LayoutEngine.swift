/// Proposal-based layout, as SwiftUI does it: a parent proposes a size, the
/// child chooses its own, the parent places it. This file answers the
/// second step, `size(of:_:)`, memoised per node; `StackLayout.swift`,
/// `ZStackLayout.swift` and `Placement.swift` do the rest.
extension _ViewGraph {
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

    func computeSize(_ id: NodeID, _ p: ProposedViewSize) -> CGSize {
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

    func fixedProposal(_ node: Node, _ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: node.isFixedHorizontally ? nil : p.width, height: node.isFixedVertically ? nil : p.height)
    }

    func flexChildProposal(_ frame: FlexFramePayload, _ p: ProposedViewSize) -> ProposedViewSize {
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
    func flexLength(child: CGFloat, proposed: CGFloat?, min minimum: CGFloat?, ideal: CGFloat?, max maximum: CGFloat?) -> CGFloat {
        if proposed == nil, let ideal { return ideal }
        let offered = proposed ?? child
        var length = child
        if let minimum { length = max(minimum, min(length, offered)) }
        if let maximum { length = min(maximum, max(length, offered)) }
        return length
    }
}
