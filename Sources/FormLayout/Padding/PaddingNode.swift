import Foundation

/// `padding`: offers its child the proposal less the insets, is the child's
/// size plus the insets, and shifts the child's guides by the leading and
/// top insets.
enum PaddingNode: NodeRules {
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence { content }
    static var computesOwnSize: Bool { true }

    static func size(_ id: NodeID, _ node: Node, _ p: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        let inset = graph.insets[Int(node.payload)]
        let child = graph.size(of: graph.firstChild(of: id), ProposedViewSize(
            width: p.width.map { max(0, $0 - inset.horizontal) },
            height: p.height.map { max(0, $0 - inset.vertical) }))
        return CGSize(width: child.width + inset.horizontal, height: child.height + inset.vertical)
    }

    static func place(_ id: NodeID, _ node: Node, in frame: CGRect, proposal: ProposedViewSize, graph: _ViewGraph) {
        let inset = graph.insets[Int(node.payload)]
        let inner = CGRect(x: frame.minX + inset.leading, y: frame.minY + inset.top,
                           width: max(0, frame.width - inset.horizontal), height: max(0, frame.height - inset.vertical))
        graph.placeAligned(graph.firstChild(of: id), proposal: ProposedViewSize(inner.size), in: inner, .center)
    }

    static func explicitGuide(_ id: NodeID, _ node: Node, _ key: AlignmentKey, size: CGSize, in graph: _ViewGraph) -> CGFloat? {
        let inset = graph.insets[Int(node.payload)]
        let childSize = CGSize(width: max(0, size.width - inset.horizontal), height: max(0, size.height - inset.vertical))
        return graph.explicitGuide(graph.firstChild(of: id), key, childSize).map { $0 + (key.isVertical ? inset.top : inset.leading) }
    }

    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) { list.drawChildren(of: id) }

    static var preferenceRole: PreferenceRole { .mergesChildren }
    static func label(_ node: Node, in graph: _ViewGraph) -> String? { nil }
}
