package struct PaddingModifier: UnaryNodeModifier {
    let insets: EdgeInsets
    var kind: NodeKind { .padding }
    func addPayload(to graph: _ViewGraph) -> Int { graph.insets.appendIndex(insets) }
}

extension View {
    /// Insets the view by `insets`.
    public func padding(_ insets: EdgeInsets) -> some View {
        modified(PaddingModifier(insets: insets))
    }
    /// Insets the given edges by `length` (`SwiftUIConstants.defaultPadding` when nil).
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        modified(PaddingModifier(insets: EdgeInsets(edges, length ?? SwiftUIConstants.defaultPadding)))
    }
    /// Insets every edge by `length`.
    public func padding(_ length: CGFloat) -> some View {
        modified(PaddingModifier(insets: EdgeInsets(.all, length)))
    }
}
