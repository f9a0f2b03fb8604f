import Foundation

/// `fixedSize`: offers its child nil (its ideal) on the fixed axes, and is
/// the child's size; the child is centred in whatever frame it is given.
enum FixedSizeNode: TransparentNodeRules {
    static var sizesAsItsChild: Bool { false }
    static var computesOwnSize: Bool { true }

    static func size(_ id: NodeID, _ node: Node, _ p: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        graph.size(of: graph.firstChild(of: id), childProposal(node, p))
    }

    static func place(_ id: NodeID, _ node: Node, in frame: CGRect, proposal: ProposedViewSize, graph: _ViewGraph) {
        graph.placeAligned(graph.firstChild(of: id), proposal: childProposal(node, ProposedViewSize(frame.size)), in: frame, .center)
    }

    static func childProposal(_ node: Node, _ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: node.isFixedHorizontally ? nil : p.width, height: node.isFixedVertically ? nil : p.height)
    }
}
