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
