import Foundation

/// `aspectRatio(_:contentMode:)`, `scaledToFit()`, `scaledToFill()`: offers
/// its child the size of the given ratio (width / height; the child's ideal
/// size's when nil) that fits in the proposal (`.fit`) or fills it
/// (`.fill`), and is the size the child chooses.
enum AspectRatioNode: TransparentNodeRules {
    static var sizesAsItsChild: Bool { false }
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence { .both }
    static var computesOwnSize: Bool { true }

    static func size(_ id: NodeID, _ node: Node, _ p: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        graph.size(of: graph.firstChild(of: id), childProposal(id, node, p, in: graph))
    }

    static func place(_ id: NodeID, _ node: Node, in frame: CGRect, proposal: ProposedViewSize, graph: _ViewGraph) {
        graph.placeAligned(graph.firstChild(of: id), proposal: childProposal(id, node, ProposedViewSize(frame.size), in: graph), in: frame, .center)
    }

    /// The size of the ratio that fits in (`.fit`, the smaller scale) or
    /// fills (`.fill`, the larger) the proposal: the rectangle ratio × 1
    /// scaled by the proposal's width / ratio or its height, a dimension
    /// left open scaling without bound (so `.fit` follows the other one and
    /// `.fill` proposes infinity). A proposal open in both is passed on
    /// unchanged: the child answers its ideal size (objc.io, "Aspect Ratios
    /// in SwiftUI"; OpenSwiftUI's AspectRatioLayout).
    static func childProposal(_ id: NodeID, _ node: Node, _ p: ProposedViewSize, in graph: _ViewGraph) -> ProposedViewSize {
        if p.width == nil && p.height == nil { return p }
        let payload = graph.aspectRatios[Int(node.payload)]
        let ratio: CGFloat
        if let given = payload.ratio {
            ratio = given
        } else {
            let ideal = graph.size(of: graph.firstChild(of: id), .unspecified)
            guard ideal.width > 0, ideal.height > 0, ideal.width.isFinite, ideal.height.isFinite else { return p }
            ratio = ideal.width / ideal.height
        }
        guard ratio > 0, ratio.isFinite else { return p }
        let byWidth = p.width.map { $0 / ratio } ?? .infinity
        let byHeight = p.height ?? .infinity
        let scale = payload.contentMode == .fit ? min(byWidth, byHeight) : max(byWidth, byHeight)
        guard scale.isFinite else { return .infinity }
        return ProposedViewSize(width: ratio * scale, height: scale)
    }
}

/// An `aspectRatio` modifier's ratio and content mode.
struct AspectRatioPayload {
    let ratio: CGFloat?
    let contentMode: ContentMode
}
