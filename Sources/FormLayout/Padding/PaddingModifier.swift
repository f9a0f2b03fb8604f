import Foundation

@usableFromInline
package struct PaddingModifier: UnaryNodeModifier {
    let insets: EdgeInsets

    @usableFromInline
    init(insets: EdgeInsets) { self.insets = insets }

    @usableFromInline var kind: NodeKind { .padding }
    @usableFromInline func addPayload(to graph: _ViewGraph) -> Int { graph.insets.appendIndex(insets) }
}

extension View {
    /// Insets the view by `insets`.
    @inlinable
    public consuming func padding(_ insets: EdgeInsets) -> some View {
        modified(PaddingModifier(insets: insets))
    }
    /// Insets the given edges by `length` (`SwiftUIConstants.defaultPadding` when nil).
    @inlinable
    public consuming func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        modified(PaddingModifier(insets: EdgeInsets(edges, length ?? SwiftUIConstants.defaultPadding)))
    }
    /// Insets every edge by `length`.
    @inlinable
    public consuming func padding(_ length: CGFloat) -> some View {
        modified(PaddingModifier(insets: EdgeInsets(.all, length)))
    }
}
