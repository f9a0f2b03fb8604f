/// `frame(width:height:alignment:)`: proposes its fixed dimensions to its
/// child (passing the proposal through where a dimension is nil), takes
/// them as its size, and aligns the child inside.
enum FixedFrameNode: NodeRules {
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence {
        let frame = graph.fixedFrames[Int(node.payload)]
        return SizeDependence(width: frame.width == nil && content.width, height: frame.height == nil && content.height)
    }

    static var computesOwnSize: Bool { true }

    static func size(_ id: NodeID, _ node: Node, _ p: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        let frame = graph.fixedFrames[Int(node.payload)]
        let child = graph.size(of: graph.firstChild(of: id), childProposal(frame, p))
        return CGSize(width: frame.width ?? child.width, height: frame.height ?? child.height)
    }

    static func place(_ id: NodeID, _ node: Node, in frame: CGRect, graph: _ViewGraph) {
        let payload = graph.fixedFrames[Int(node.payload)]
        graph.placeAligned(graph.firstChild(of: id), proposal: childProposal(payload, ProposedViewSize(frame.size)), in: frame, payload.alignment)
    }

    static func explicitGuide(_ id: NodeID, _ node: Node, _ key: AlignmentKey, size: CGSize, in graph: _ViewGraph) -> CGFloat? {
        let payload = graph.fixedFrames[Int(node.payload)]
        return graph.alignedChildGuide(id, key, size: size, proposal: childProposal(payload, ProposedViewSize(size)), payload.alignment)
    }

    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) { list.drawChildren(of: id) }

    static var preferenceRole: PreferenceRole { .mergesChildren }
    static func label(_ node: Node, in graph: _ViewGraph) -> String? { nil }

    static func childProposal(_ frame: FixedFramePayload, _ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: frame.width ?? p.width, height: frame.height ?? p.height)
    }
}

/// The flexible `frame(minWidth:idealWidth:maxWidth:…)`: clamps what it
/// offers its child to its limits, takes the child's size pulled towards
/// the proposal by each limit that is set, and aligns the child inside.
enum FlexFrameNode: NodeRules {
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence {
        let frame = graph.flexFrames[Int(node.payload)]
        return SizeDependence(
            width: content.width || frame.minWidth != nil || frame.idealWidth != nil || frame.maxWidth != nil,
            height: content.height || frame.minHeight != nil || frame.idealHeight != nil || frame.maxHeight != nil)
    }

    static var computesOwnSize: Bool { true }

    static func size(_ id: NodeID, _ node: Node, _ p: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        let frame = graph.flexFrames[Int(node.payload)]
        let child = graph.size(of: graph.firstChild(of: id), childProposal(frame, p))
        return CGSize(
            width: length(child: child.width, proposed: p.width, min: frame.minWidth, ideal: frame.idealWidth, max: frame.maxWidth),
            height: length(child: child.height, proposed: p.height, min: frame.minHeight, ideal: frame.idealHeight, max: frame.maxHeight))
    }

    static func place(_ id: NodeID, _ node: Node, in frame: CGRect, graph: _ViewGraph) {
        let payload = graph.flexFrames[Int(node.payload)]
        graph.placeAligned(graph.firstChild(of: id), proposal: childProposal(payload, ProposedViewSize(frame.size)), in: frame, payload.alignment)
    }

    static func explicitGuide(_ id: NodeID, _ node: Node, _ key: AlignmentKey, size: CGSize, in graph: _ViewGraph) -> CGFloat? {
        let payload = graph.flexFrames[Int(node.payload)]
        return graph.alignedChildGuide(id, key, size: size, proposal: childProposal(payload, ProposedViewSize(size)), payload.alignment)
    }

    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) { list.drawChildren(of: id) }

    static var preferenceRole: PreferenceRole { .mergesChildren }
    static func label(_ node: Node, in graph: _ViewGraph) -> String? { nil }

    /// The proposal clamped to the frame's limits; the ideal where a
    /// dimension is left open.
    static func childProposal(_ frame: FlexFramePayload, _ p: ProposedViewSize) -> ProposedViewSize {
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
    static func length(child: CGFloat, proposed: CGFloat?, min minimum: CGFloat?, ideal: CGFloat?, max maximum: CGFloat?) -> CGFloat {
        if proposed == nil, let ideal { return ideal }
        let offered = proposed ?? child
        var length = child
        if let minimum { length = max(minimum, min(length, offered)) }
        if let maximum { length = min(maximum, max(length, offered)) }
        return length
    }
}

/// A fixed frame's dimensions and alignment.
struct FixedFramePayload {
    let width: CGFloat?
    let height: CGFloat?
    let alignment: Alignment
}

/// A flexible frame's limits and alignment.
struct FlexFramePayload {
    let minWidth: CGFloat?, idealWidth: CGFloat?, maxWidth: CGFloat?
    let minHeight: CGFloat?, idealHeight: CGFloat?, maxHeight: CGFloat?
    let alignment: Alignment
}

extension _ViewGraph {
    /// A frame's guide `key` when its size is `size`: its child's explicit
    /// guide, shifted by where the frame puts the child; nil when the child
    /// sets none.
    func alignedChildGuide(_ id: NodeID, _ key: AlignmentKey, size: CGSize, proposal: ProposedViewSize, _ alignment: Alignment) -> CGFloat? {
        let child = firstChild(of: id)
        let childSize = self.size(of: child, proposal)
        guard let inner = explicitGuide(child, key, childSize) else { return nil }
        let origin = alignedOrigin(childSize, in: CGRect(origin: .zero, size: size), alignment, child: child)
        return inner + (key.isVertical ? origin.y : origin.x)
    }
}
