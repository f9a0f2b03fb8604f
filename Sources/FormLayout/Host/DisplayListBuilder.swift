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

    init(graph: _ViewGraph) {
        self.graph = graph
        items.reserveCapacity(graph.nodes.count / 2)
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

    /// Draws `id`'s children in code order.
    func drawChildren(of id: NodeID) {
        for child in graph.children(of: id) { draw(child) }
    }

    /// Adds one shape, in front of everything added so far.
    func add(_ frame: CGRect, _ shape: DisplayItem.Shape, _ fill: Color, stroke: Color? = nil) {
        items.append(DisplayItem(z: items.count, frame: frame, shape: shape, fill: fill, stroke: stroke, identifier: identifier))
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
