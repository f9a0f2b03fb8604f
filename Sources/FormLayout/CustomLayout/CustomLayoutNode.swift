import Foundation

/// A container laid out by a ``Layout`` you write: its size and its
/// subviews' frames come from the layout; its guides from the layout's
/// `explicitAlignment`.
enum CustomLayoutNode: NodeRules {
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence { .both }
    static var computesOwnSize: Bool { true }

    static func size(_ id: NodeID, _ node: Node, _ proposal: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        graph.layouts[Int(node.payload)].sizeThatFits(proposal: proposal, subviews: subviews(id, in: graph))
    }

    static func place(_ id: NodeID, _ node: Node, in frame: CGRect, proposal: ProposedViewSize, graph: _ViewGraph) {
        let subviews = subviews(id, in: graph)
        let mark = graph.placedSubviews.count
        graph.layouts[Int(node.payload)].placeSubviews(in: frame, proposal: proposal, subviews: subviews)
        let placed = Set(graph.placedSubviews[mark...])
        graph.placedSubviews.removeSubrange(mark...)
        for child in subviews.nodeIDs where !placed.contains(child) {
            // A subview the layout did not place goes to the centre.
            graph.placeSubview(child, at: CGPoint(x: frame.midX, y: frame.midY), anchor: .center, proposal: proposal)
            graph.placedSubviews.removeLast()
        }
    }

    static func explicitGuide(_ id: NodeID, _ node: Node, _ key: AlignmentKey, size: CGSize, in graph: _ViewGraph) -> CGFloat? {
        graph.layouts[Int(node.payload)].explicitAlignment(
            of: key, in: CGRect(origin: .zero, size: size), proposal: ProposedViewSize(size), subviews: subviews(id, in: graph))
    }

    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) { list.drawChildren(of: id) }
    static var preferenceRole: PreferenceRole { .mergesChildren }
    static func label(_ node: Node, in graph: _ViewGraph) -> String? { nil }

    static func subviews(_ id: NodeID, in graph: _ViewGraph) -> LayoutSubviews {
        LayoutSubviews(graph: graph, children: graph.children(of: id))
    }
}

extension _ViewGraph {
    /// Places subview `id` of a custom layout with its `anchor` at `position`.
    func placeSubview(_ id: NodeID, at position: CGPoint, anchor: UnitPoint, proposal: ProposedViewSize) {
        let size = size(of: id, proposal)
        place(id, in: CGRect(x: position.x - anchor.x * size.width, y: position.y - anchor.y * size.height,
                             width: size.width, height: size.height), proposal: proposal)
        placedSubviews.append(id)
    }
}
