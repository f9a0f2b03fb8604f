import Foundation

/// `offset`: draws its child moved by a distance; layout, and the guides
/// its parent sees, are the child's as if it had not moved.
enum OffsetNode: TransparentNodeRules {
    static func place(_ id: NodeID, _ node: Node, in frame: CGRect, proposal: ProposedViewSize, graph: _ViewGraph) {
        graph.place(graph.firstChild(of: id), in: frame.offsetBy(graph.points[Int(node.payload)]), proposal: proposal)
    }
}
