@usableFromInline
package struct FixedSizeModifier: GraphModifier {
    @usableFromInline let horizontal: Bool
    @usableFromInline let vertical: Bool

    @usableFromInline
    init(horizontal: Bool, vertical: Bool) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    @inlinable
    package func makeView<Content: View>(content: Content, into graph: _ViewGraph) {
        graph.wrapEach(content) { graph.addFixedSize(child: $0, horizontal: horizontal, vertical: vertical) }
    }
}

extension _ViewGraph {
    @usableFromInline
    func addFixedSize(child: NodeID, horizontal: Bool, vertical: Bool) -> NodeID {
        let id = addUnary(.fixedSize, payload: 0, child: child)
        nodes[Int(id)].isFixedHorizontally = horizontal
        nodes[Int(id)].isFixedVertically = vertical
        return id
    }
}

extension View {
    /// Gives the view its ideal size along the chosen axes, whatever it is offered.
    @inlinable
    public consuming func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        modified(FixedSizeModifier(horizontal: horizontal, vertical: vertical))
    }
    /// Gives the view its ideal size on both axes, whatever it is offered.
    @inlinable
    public consuming func fixedSize() -> some View { modified(FixedSizeModifier(horizontal: true, vertical: true)) }
}
