/// Alignment guides: the values stacks and frames line their children up
/// by, explicit where a view sets one, default otherwise.
extension _ViewGraph {
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

    func frameAlignment(_ node: Node) -> Alignment {
        node.kind == .fixedFrame ? fixedFrames[Int(node.payload)].alignment : flexFrames[Int(node.payload)].alignment
    }

    /// What a frame offers its child once the frame's own size is `size`.
    func childProposal(_ id: NodeID, _ size: CGSize) -> ProposedViewSize {
        let node = nodes[Int(id)]
        if node.kind == .fixedFrame {
            let frame = fixedFrames[Int(node.payload)]
            return ProposedViewSize(width: frame.width ?? size.width, height: frame.height ?? size.height)
        }
        return flexChildProposal(flexFrames[Int(node.payload)], ProposedViewSize(size))
    }

    /// Where a child of `size` goes inside `frame` so that its guides meet the frame's.
    func alignedOrigin(_ size: CGSize, in frame: CGRect, _ alignment: Alignment, child: NodeID) -> CGPoint {
        let hx = alignment.horizontal.key.fraction ?? 0.5
        let vy = alignment.vertical.key.fraction ?? 0.5
        let x = frame.minX + hx * frame.width - guideValue(child, alignment.horizontal.key, size)
        let y = frame.minY + vy * frame.height - guideValue(child, alignment.vertical.key, size)
        return CGPoint(x: x, y: y)
    }
}
