import Foundation

/// `frame(width:height:alignment:)`: proposes its fixed dimensions to its
/// child (passing the proposal through where a dimension is nil), takes
/// them as its size, and aligns the child inside.
enum FixedFrameNode: FrameNodeRules {
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence {
        let frame = graph.fixedFrames[Int(node.payload)]
        return SizeDependence(width: frame.width == nil && content.width, height: frame.height == nil && content.height)
    }

    static func size(_ id: NodeID, _ node: Node, _ p: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        let frame = graph.fixedFrames[Int(node.payload)]
        let child = graph.size(of: graph.firstChild(of: id), childProposal(node, p, in: graph))
        return CGSize(width: frame.width ?? child.width, height: frame.height ?? child.height)
    }

    static func childProposal(_ node: Node, _ p: ProposedViewSize, in graph: _ViewGraph) -> ProposedViewSize {
        let frame = graph.fixedFrames[Int(node.payload)]
        return ProposedViewSize(width: frame.width ?? p.width, height: frame.height ?? p.height)
    }

    static func alignment(_ node: Node, in graph: _ViewGraph) -> Alignment {
        graph.alignments[Int(graph.fixedFrames[Int(node.payload)].alignment)]
    }
}

/// The flexible `frame(minWidth:idealWidth:maxWidth:…)`: clamps what it
/// offers its child to its limits, takes the child's size pulled towards
/// the proposal by each limit that is set, and aligns the child inside.
enum FlexFrameNode: FrameNodeRules {
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence {
        let frame = graph.flexFrames[Int(node.payload)]
        return SizeDependence(
            width: content.width || frame.minWidth != nil || frame.idealWidth != nil || frame.maxWidth != nil,
            height: content.height || frame.minHeight != nil || frame.idealHeight != nil || frame.maxHeight != nil)
    }

    static func size(_ id: NodeID, _ node: Node, _ p: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        let frame = graph.flexFrames[Int(node.payload)]
        let child = graph.size(of: graph.firstChild(of: id), childProposal(node, p, in: graph))
        return CGSize(
            width: length(child: child.width, proposed: p.width, min: frame.minWidth, ideal: frame.idealWidth, max: frame.maxWidth),
            height: length(child: child.height, proposed: p.height, min: frame.minHeight, ideal: frame.idealHeight, max: frame.maxHeight))
    }

    static func alignment(_ node: Node, in graph: _ViewGraph) -> Alignment { graph.flexFrames[Int(node.payload)].alignment }

    static func childProposal(_ node: Node, _ p: ProposedViewSize, in graph: _ViewGraph) -> ProposedViewSize {
        childProposal(graph.flexFrames[Int(node.payload)], p)
    }

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

/// A fixed frame's dimensions and alignment. The alignment is an index
/// into the graph's shared `alignments` (32 bytes a frame instead of 112:
/// a minimap draws two frames per field).
struct FixedFramePayload {
    let width: CGFloat?
    let height: CGFloat?
    let alignment: Int32
}

/// A flexible frame's limits and alignment.
struct FlexFramePayload: Equatable {
    let minWidth: CGFloat?, idealWidth: CGFloat?, maxWidth: CGFloat?
    let minHeight: CGFloat?, idealHeight: CGFloat?, maxHeight: CGFloat?
    let alignment: Alignment

    /// The limits made consistent as SwiftUI's flexible frame makes them
    /// when it is created (the public method only logs "Contradictory frame
    /// constraints specified"): a negative minimum becomes 0, an ideal below
    /// the minimum is raised to it, and a maximum below the ideal is raised
    /// to the ideal. A maximum below a minimum with no ideal is left as it is.
    init(minWidth: CGFloat?, idealWidth: CGFloat?, maxWidth: CGFloat?,
         minHeight: CGFloat?, idealHeight: CGFloat?, maxHeight: CGFloat?, alignment: Alignment) {
        (self.minWidth, self.idealWidth, self.maxWidth) = Self.normalised(minWidth, idealWidth, maxWidth)
        (self.minHeight, self.idealHeight, self.maxHeight) = Self.normalised(minHeight, idealHeight, maxHeight)
        self.alignment = alignment
    }

    static func normalised(_ minimum: CGFloat?, _ ideal: CGFloat?, _ maximum: CGFloat?) -> (CGFloat?, CGFloat?, CGFloat?) {
        let minimum = minimum.map { $0 < 0 ? 0 : $0 }
        let ideal = ideal.map { value in minimum.map { Swift.max(value, $0) } ?? value }
        let maximum = maximum.map { value in ideal.map { Swift.max(value, $0) } ?? value }
        return (minimum, ideal, maximum)
    }
}

/// What the two frames share: the child is offered a proposal the frame
/// derives from its own, and aligned inside the frame by the frame's
/// alignment; the frame's guides are the child's explicit ones, shifted by
/// where the child sits.
protocol FrameNodeRules: NodeRules {
    /// What the frame offers its child when the frame is offered (or, when
    /// placing, has) `p`.
    static func childProposal(_ node: Node, _ p: ProposedViewSize, in graph: _ViewGraph) -> ProposedViewSize
    /// How the child is aligned inside the frame.
    static func alignment(_ node: Node, in graph: _ViewGraph) -> Alignment
}

extension FrameNodeRules {
    static var computesOwnSize: Bool { true }

    static func place(_ id: NodeID, _ node: Node, in frame: CGRect, proposal: ProposedViewSize, graph: _ViewGraph) {
        graph.placeAligned(graph.firstChild(of: id), proposal: childProposal(node, ProposedViewSize(frame.size), in: graph),
                           in: frame, alignment(node, in: graph))
    }

    static func explicitGuide(_ id: NodeID, _ node: Node, _ key: AlignmentKey, size: CGSize, in graph: _ViewGraph) -> CGFloat? {
        let child = graph.firstChild(of: id)
        let childSize = graph.size(of: child, childProposal(node, ProposedViewSize(size), in: graph))
        guard let inner = graph.explicitGuide(child, key, childSize) else { return nil }
        let origin = graph.alignedOrigin(childSize, in: CGRect(origin: .zero, size: size), alignment(node, in: graph), child: child)
        return inner + (key.isVertical ? origin.y : origin.x)
    }

    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) { list.drawChildren(of: id) }
    static var preferenceRole: PreferenceRole { .mergesChildren }
    static func label(_ node: Node, in graph: _ViewGraph) -> String? { nil }
}
