/// Views on top of each other, as SwiftUI's `ZStack`: each child is offered
/// the stack's proposal, and the stack is as large as the union of its
/// aligned children.
public struct ZStack<Content: View>: _PrimitiveView {
    @usableFromInline let alignment: Alignment
    @usableFromInline let content: Content

    /// Children layered in code order, the first at the back, each placed by `alignment`.
    @inlinable
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    @inlinable

    public static func _makeView(_ view: Self, into graph: _ViewGraph) {
        graph.addContainer(.zStack, payload: graph.alignmentIndex(view.alignment), axis: .none, content: view.content)
    }
}

/// The implicit `ZStack` around the content of overlays, backgrounds,
/// geometry readers and the root view.
extension _ViewGraph {
    /// Builds `content` inside an implicit `ZStack` with `alignment` (the
    /// content of overlays, backgrounds and geometry readers), outside any
    /// enclosing stack's axis, and returns it without pushing it to `output`.
    @inlinable
    func makeImplicitZStack<V: View>(_ content: V, alignment: Alignment) -> NodeID {
        let scope = openChildScope(axis: .none)
        make(content)
        return closeImplicitZStack(alignment: alignment, scope)
    }

    @usableFromInline
    func closeImplicitZStack(alignment: Alignment, _ scope: ChildScope) -> NodeID {
        axisContext = scope.outerAxis
        isBuildingGridContent = scope.outerIsGridContent
        if output.count == scope.mark + 1 {
            // A single view aligned by its parent lays out exactly as it
            // would in a ZStack of one; the wrapper would only cost a node.
            return output.removeLast()
        }
        return adopt(.zStack, payload: alignmentIndex(alignment), childrenFrom: scope.mark)
    }
}
