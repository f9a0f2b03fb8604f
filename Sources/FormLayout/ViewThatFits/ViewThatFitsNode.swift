import Foundation

/// `ViewThatFits`: sized and placed as the child it chooses for the
/// proposal. Once placed, its only child is the one chosen: the others
/// are cut off, so that drawing, preferences and `frame(of:)` see only
/// what is shown.
enum ViewThatFitsNode: NodeRules {
    /// What the children's sizes depend on, and the constrained axes
    /// besides: which child fits changes with the length offered there,
    /// even when no child's size does.
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence {
        let axes = axes(node)
        return SizeDependence(width: content.width || axes.contains(.horizontal),
                              height: content.height || axes.contains(.vertical))
    }
    static var computesOwnSize: Bool { true }

    static func size(_ id: NodeID, _ node: Node, _ proposal: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        guard let child = chosenChild(id, node, proposal, in: graph) else { return .zero }
        return graph.size(of: child, proposal)
    }

    static func place(_ id: NodeID, _ node: Node, in frame: CGRect, proposal: ProposedViewSize, graph: _ViewGraph) {
        guard let chosen = chosenChild(id, node, proposal, in: graph) else { return }
        for child in graph.children(of: id) where child != chosen {
            graph.nodes[Int(child)].parent = _ViewGraph.discardedParent
        }
        graph.setChildren(of: id, [chosen])
        graph.place(chosen, in: frame, proposal: proposal)
    }

    /// The chosen child's guides, choosing for a proposal of `size` (the
    /// proposal itself is not known here; once placed there is one child).
    static func explicitGuide(_ id: NodeID, _ node: Node, _ key: AlignmentKey, size: CGSize, in graph: _ViewGraph) -> CGFloat? {
        guard let child = chosenChild(id, node, ProposedViewSize(size), in: graph) else { return nil }
        return graph.explicitGuide(child, key, size)
    }

    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) { list.drawChildren(of: id) }
    static var preferenceRole: PreferenceRole { .mergesChildren }
    static func label(_ node: Node, in graph: _ViewGraph) -> String? { nil }

    static func axes(_ node: Node) -> Axis.Set { Axis.Set(rawValue: Int8(truncatingIfNeeded: node.payload)) }

    /// The first child whose ideal size along the constrained axes fits
    /// `proposal` there (SwiftUI's `ViewThatFits` page: "the first child
    /// whose ideal size on the constrained axes fits within the proposed
    /// size"), else the last; nil when there is none. An axis left
    /// unconstrained is offered as proposed; a nil length fits anything.
    static func chosenChild(_ id: NodeID, _ node: Node, _ proposal: ProposedViewSize, in graph: _ViewGraph) -> NodeID? {
        let children = graph.children(of: id)
        guard let last = children.last else { return nil }
        let axes = axes(node)
        let horizontal = axes.contains(.horizontal), vertical = axes.contains(.vertical)
        let probe = ProposedViewSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
        for child in children.dropLast() {
            let ideal = graph.size(of: child, probe)
            if (!horizontal || fits(ideal.width, proposal.width)) && (!vertical || fits(ideal.height, proposal.height)) {
                return child
            }
        }
        return last
    }

    private static func fits(_ length: CGFloat, _ proposed: CGFloat?) -> Bool {
        guard let proposed else { return true }
        return length <= proposed
    }
}

extension _ViewGraph {
    /// The parent given to the alternatives a `ViewThatFits` did not show:
    /// nodes under it are out of the laid-out tree.
    static let discardedParent: NodeID = -2

    /// Whether `id` is in the laid-out tree (not under an alternative a
    /// `ViewThatFits` left out).
    func isShown(_ id: NodeID) -> Bool {
        var current = id
        while current >= 0 { current = nodes[Int(current)].parent }
        return current != Self.discardedParent
    }
}
