import Foundation

/// `offset` and `position`: a point the node moves or centres its child by.
@usableFromInline
package struct PointModifier: UnaryNodeModifier {
    @usableFromInline let kind: NodeKind
    let point: CGPoint

    @usableFromInline
    init(kind: NodeKind, point: CGPoint) {
        self.kind = kind
        self.point = point
    }

    @usableFromInline func addPayload(to graph: _ViewGraph) -> Int { graph.points.appendIndex(point) }

    /// Wraps each view of `content` in the node, except that an offset is
    /// folded into a bare shape (`_ViewGraph.wrapOutput(from:in:)`).
    @inlinable
    package func makeView<Content: View>(content: Content, into graph: _ViewGraph) {
        let mark = graph.outputMark
        graph.make(content)
        graph.wrapOutput(from: mark, in: self)
    }
}

extension _ViewGraph {
    /// Wraps `output[mark...]` in `modifier`'s node (one payload shared by
    /// all), or folds an offset into the bare shapes among them.
    @usableFromInline
    func wrapOutput(from mark: Int, in modifier: PointModifier) {
        wrapOutput(from: mark, in: modifier.kind, payload: { modifier.addPayload(to: self) }) { child in
            modifier.kind == .offset && fold(offset: modifier.point, intoShape: child)
        }
    }

    /// Folds `offset` into `node` when `node` is a shape with no modifier
    /// yet (a folded frame aside), and says whether it did. An offset
    /// changes no size and no guide; it only moves where its child is put,
    /// which the shape can do itself (`ShapeNode.place`, the offset node's
    /// arithmetic first). A minimap of ten thousand fields draws twenty
    /// thousand shapes, each framed and then offset: one node each, not two.
    func fold(offset: CGPoint, intoShape node: NodeID) -> Bool {
        let shape = nodes[Int(node)]
        guard shape.kind == .shape, !shape.hasTraits, shapes[Int(shape.payload)].foldedOffset == nil
        else { return false }
        shapes[Int(shape.payload)].foldedOffset = offset
        return true
    }
}

extension View {
    /// Draws the view moved by `offset` without changing its layout.
    @inlinable
    public consuming func offset(_ offset: CGSize) -> some View {
        modified(PointModifier(kind: .offset, point: CGPoint(x: offset.width, y: offset.height)))
    }
    /// Draws the view moved by `x` and `y` without changing its layout.
    @inlinable
    public consuming func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        modified(PointModifier(kind: .offset, point: CGPoint(x: x, y: y)))
    }

    /// Centres the view at `position` in the space it is offered, taking all of it.
    @inlinable
    public consuming func position(_ position: CGPoint) -> some View {
        modified(PointModifier(kind: .position, point: position))
    }
    /// Centres the view at (`x`, `y`) in the space it is offered, taking all of it.
    @inlinable
    public consuming func position(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        modified(PointModifier(kind: .position, point: CGPoint(x: x, y: y)))
    }
}
