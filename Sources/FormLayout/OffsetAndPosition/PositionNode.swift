import Foundation

/// `position`: takes all the space it is offered and centres its child on
/// a point of it; the child's guides do not show through.
enum PositionNode: NodeRules {
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence { .both }
    static var computesOwnSize: Bool { true }

    static func size(_ id: NodeID, _ node: Node, _ p: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        let child = graph.size(of: graph.firstChild(of: id), p)
        return CGSize(width: p.width ?? child.width, height: p.height ?? child.height)
    }

    static func place(_ id: NodeID, _ node: Node, in frame: CGRect, proposal: ProposedViewSize, graph: _ViewGraph) {
        let child = graph.firstChild(of: id)
        let childSize = graph.size(of: child, ProposedViewSize(frame.size))
        let center = graph.points[Int(node.payload)]
        graph.place(child, in: CGRect(x: frame.minX + center.x - childSize.width / 2, y: frame.minY + center.y - childSize.height / 2,
                                      width: childSize.width, height: childSize.height))
    }

    static func explicitGuide(_ id: NodeID, _ node: Node, _ key: AlignmentKey, size: CGSize, in graph: _ViewGraph) -> CGFloat? { nil }

    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) { list.drawChildren(of: id) }

    static var preferenceRole: PreferenceRole { .mergesChildren }
    static func label(_ node: Node, in graph: _ViewGraph) -> String? { nil }
}
