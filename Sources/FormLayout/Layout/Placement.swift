import Foundation

/// The third step of layout: top-down, every node gets its frame in window
/// coordinates, and views built from geometry or preferences are built.
/// Each kind's rules (`Stack/StackNode.swift` and the like) say where its
/// children go.
extension _ViewGraph {
    /// Gives `id` its frame (window coordinates) and places its children.
    /// `proposal` is what the parent proposed when it sized the node (a
    /// stack shares out the length it was offered, not the length it chose,
    /// as SwiftUI's `placeSubviews` gets the proposal besides the bounds).
    func place(_ id: NodeID, in frame: CGRect, proposal: ProposedViewSize) {
        if recordsPlacement && !recordPlacement(id, in: frame, proposal: proposal) { return }
        frames[Int(id)] = frame
        struct Ask: NodeRulesVisitor {
            let graph: _ViewGraph, id: NodeID, node: Node, frame: CGRect, proposal: ProposedViewSize
            @inline(__always)
            func visit<Rules: NodeRules>(_ rules: Rules.Type) {
                Rules.place(id, node, in: frame, proposal: proposal, graph: graph)
            }
        }
        let node = nodes[Int(id)]
        node.kind.visit(Ask(graph: self, id: id, node: node, frame: frame, proposal: proposal))
    }

    /// Places `id` in `frame` as sized for a proposal of `frame`'s size.
    func place(_ id: NodeID, in frame: CGRect) {
        place(id, in: frame, proposal: ProposedViewSize(frame.size))
    }

    /// Places `child` at the size it chooses for `proposal`, its guides on
    /// `alignment`'s within `frame` (frames, padding, fixedSize).
    func placeAligned(_ child: NodeID, proposal: ProposedViewSize, in frame: CGRect, _ alignment: Alignment) {
        let childSize = size(of: child, proposal)
        place(child, in: CGRect(origin: alignedOrigin(childSize, in: frame, alignment, child: child), size: childSize), proposal: proposal)
    }
}
