import Foundation

/// Alignment guides: the values stacks and frames line their children up
/// by, explicit where a view sets one, default otherwise. Which guides a
/// kind sets, or shows through from its content, is in its rules.
extension _ViewGraph {
    /// The value of guide `key` in a child of `size`: explicit if the view
    /// sets one, else the guide's default.
    func guideValue(_ id: NodeID, _ key: AlignmentKey, _ size: CGSize) -> CGFloat {
        let length = key.isVertical ? size.height : size.width
        if let fraction = key.fraction, !hasExplicitGuides { return fraction * length }
        if let explicit = explicitGuide(id, key, size) { return explicit }
        if let fraction = key.fraction { return fraction * length }
        return key.type.defaultValue(in: dimensions(id, size))
    }

    /// The view's dimensions as `alignmentGuide` closures see them.
    func dimensions(_ id: NodeID, _ size: CGSize) -> ViewDimensions {
        ViewDimensions(size: size) { [unowned self] key in self.explicitGuide(id, key, size) }
    }

    /// The guide the view sets itself (or a text baseline), or nil.
    func explicitGuide(_ id: NodeID, _ key: AlignmentKey, _ size: CGSize) -> CGFloat? {
        struct Ask: NodeRulesVisitor {
            let graph: _ViewGraph, id: NodeID, node: Node, key: AlignmentKey, size: CGSize
            func visit<Rules: NodeRules>(_ rules: Rules.Type) -> CGFloat? {
                Rules.explicitGuide(id, node, key, size: size, in: graph)
            }
        }
        let node = nodes[Int(id)]
        return node.kind.visit(Ask(graph: self, id: id, node: node, key: key, size: size))
    }

    /// Where a child of `size` goes inside `frame` so that its guides meet the frame's.
    func alignedOrigin(_ size: CGSize, in frame: CGRect, _ alignment: Alignment, child: NodeID) -> CGPoint {
        let hx = alignment.horizontal.key.fraction ?? 0.5
        let vy = alignment.vertical.key.fraction ?? 0.5
        let x = frame.minX + hx * frame.width - guideValue(child, alignment.horizontal.key, size)
        let y = frame.minY + vy * frame.height - guideValue(child, alignment.vertical.key, size)
        return CGPoint(x: x, y: y)
    }
}
