package struct FixedSizeModifier: GraphModifier {
    let horizontal: Bool
    let vertical: Bool
    package func makeView<Content: View>(content: Content, into graph: _ViewGraph) {
        graph.wrapEach(content) { child in
            let id = graph.addUnary(.fixedSize, payload: 0, child: child)
            graph.nodes[Int(id)].isFixedHorizontally = horizontal
            graph.nodes[Int(id)].isFixedVertically = vertical
            return id
        }
    }
}

extension View {
    /// Gives the view its ideal size along the chosen axes, whatever it is offered.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        modified(FixedSizeModifier(horizontal: horizontal, vertical: vertical))
    }
    /// Gives the view its ideal size on both axes, whatever it is offered.
    public func fixedSize() -> some View { modified(FixedSizeModifier(horizontal: true, vertical: true)) }
}
