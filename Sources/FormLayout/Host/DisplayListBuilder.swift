import Foundation

/// Walks the placed tree in drawing order and lists what is drawn; each
/// kind's rules say what it draws and in which order its children draw (a
/// background before its host, an overlay after; stack children in code
/// order).
/// A class, so that each kind's rules can add to the one list being built.
final class DisplayListBuilder {
    let graph: _ViewGraph
    @exclusivity(unchecked) private(set) var items: [DisplayItem] = []
    /// The innermost `accessibilityIdentifier` around what is being drawn.
    @exclusivity(unchecked) var identifier: String?
    /// The rotations around what is being drawn, combined.
    @exclusivity(unchecked) var transform = AffineTransform2D.identity
    /// Boxes for the colours drawn with that no payload boxed (controls).
    @exclusivity(unchecked) private var fills = ColorBoxCache()
    @exclusivity(unchecked) private var lastExtras: DisplayItem.Extras?

    init(graph: _ViewGraph) {
        self.graph = graph
        // A form draws about seven items per ten nodes (its minimap's
        // rectangles are one node each): room for three in four, so that
        // the list is not moved to a larger block half-way through.
        items.reserveCapacityInHugePages(graph.nodes.count / 4 * 3)
    }

    /// Draws `id` and its subtree.
    func draw(_ id: NodeID) {
        struct Ask: NodeRulesVisitor {
            let id: NodeID, node: Node, list: DisplayListBuilder
            func visit<Rules: NodeRules>(_ rules: Rules.Type) {
                Rules.draw(id, node, into: list)
            }
        }
        let node = graph.nodes[Int(id)]
        node.kind.visit(Ask(id: id, node: node, list: self))
    }

    /// Draws `id`'s children in code order, or by `zIndex` (then code
    /// order) when one of them sets it.
    func drawChildren(of id: NodeID) {
        let children = graph.children(of: id)
        if graph.zIndices.isEmpty {
            // By index, on this path every node takes: an iterator's extra
            // checks per step showed in a 10k-field picture's profile.
            for index in children.indices { draw(children[index]) }
            return
        }
        if children.contains(where: { graph.zIndices[$0] != nil }) {
            let ordered = children.enumerated().sorted { a, b in
                let za = graph.zIndices[a.element] ?? 0, zb = graph.zIndices[b.element] ?? 0
                return za != zb ? za < zb : a.offset < b.offset
            }
            for (_, child) in ordered { draw(child) }
            return
        }
        for child in children { draw(child) }
    }

    /// Adds one shape, in front of everything added so far.
    func add(_ frame: CGRect, _ shape: DisplayItem.Shape, _ fill: Color, stroke: Color? = nil) {
        add(frame, shape, fill: fills.box(fill), stroke: stroke)
    }

    /// Adds one shape filled with a colour already boxed (a payload's).
    @inline(__always)
    func add(_ frame: CGRect, _ shape: DisplayItem.Shape, fill: DisplayItem.ColorBox, stroke: Color? = nil) {
        let extras = stroke == nil && transform.isIdentity
            ? nil : sharedExtras(stroke: stroke, transform: transform.isIdentity ? nil : transform)
        items.append(DisplayItem(z: items.count, frame: frame, shape: shape, identifier: identifier, fillBox: fill, extras: extras))
    }

    /// The extras of the last item that had any, when they are the same.
    private func sharedExtras(stroke: Color?, transform: AffineTransform2D?) -> DisplayItem.Extras {
        if let last = lastExtras, last.stroke == stroke, last.transform == transform { return last }
        let extras = DisplayItem.Extras(stroke: stroke, transform: transform)
        lastExtras = extras
        return extras
    }

    /// The frame `id` was placed in.
    func frame(of id: NodeID) -> CGRect { graph.frames[Int(id)] }
}

extension _ViewGraph {
    func makeDisplayList(root: NodeID, windowSize: CGSize) -> DisplayList {
        let list = DisplayListBuilder(graph: self)
        list.draw(root)
        return DisplayList(size: windowSize, items: list.items)
    }
}
