/// `aspectRatio(_:contentMode:)`, `scaledToFit()`, `scaledToFill()`: offers
/// its child the size of the given ratio (width / height; the child's ideal
/// size's when nil) that fits in the proposal (`.fit`) or fills it
/// (`.fill`), and is the size the child chooses.
enum AspectRatioNode: TransparentNodeRules {
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence { .both }
    static var computesOwnSize: Bool { true }

    static func size(_ id: NodeID, _ node: Node, _ p: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        graph.size(of: graph.firstChild(of: id), childProposal(id, node, p, in: graph))
    }

    static func place(_ id: NodeID, _ node: Node, in frame: CGRect, proposal: ProposedViewSize, graph: _ViewGraph) {
        graph.placeAligned(graph.firstChild(of: id), proposal: childProposal(id, node, ProposedViewSize(frame.size), in: graph), in: frame, .center)
    }

    /// The size of the ratio that fits in (or fills) the proposal; a
    /// dimension left open follows from the other; both open: the child's
    /// ideal size brought to the ratio.
    static func childProposal(_ id: NodeID, _ node: Node, _ p: ProposedViewSize, in graph: _ViewGraph) -> ProposedViewSize {
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
        switch (p.width, p.height) {
        case let (width?, height?):
            let byWidth = CGSize(width: width, height: width / ratio)
            let byHeight = CGSize(width: height * ratio, height: height)
            let fitsByWidth = byWidth.height <= height
            let size = (payload.contentMode == .fit) == fitsByWidth ? byWidth : byHeight
            return ProposedViewSize(width: size.width, height: size.height)
        case let (width?, nil):
            return ProposedViewSize(width: width, height: width / ratio)
        case let (nil, height?):
            return ProposedViewSize(width: height * ratio, height: height)
        case (nil, nil):
            let ideal = graph.size(of: graph.firstChild(of: id), .unspecified)
            let byWidth = CGSize(width: ideal.width, height: ideal.width / ratio)
            let byHeight = CGSize(width: ideal.height * ratio, height: ideal.height)
            let fitsByWidth = byWidth.height <= ideal.height
            let size = (payload.contentMode == .fit) == fitsByWidth ? byWidth : byHeight
            return ProposedViewSize(width: size.width, height: size.height)
        }
    }
}

/// An `aspectRatio` modifier's ratio and content mode.
struct AspectRatioPayload {
    let ratio: CGFloat?
    let contentMode: ContentMode
}
