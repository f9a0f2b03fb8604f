/// Sets the layout priority of each view of its content: a trait the
/// stacks read, not a node of its own.
@usableFromInline
package struct LayoutPriorityModifier: GraphModifier {
    @usableFromInline let priority: Double

    @usableFromInline
    init(priority: Double) { self.priority = priority }

    @inlinable
    package func makeView<Content: View>(content: Content, into graph: _ViewGraph) {
        graph.wrapEach(content) { graph.setLayoutPriority(of: $0, priority) }
    }
}

extension _ViewGraph {
    @usableFromInline
    func setLayoutPriority(of node: NodeID, _ priority: Double) -> NodeID {
        nodes[Int(node)].priority = priority
        return node
    }
}

extension View {
    /// Stacks offer space to higher priorities first (default 0).
    @inlinable
    public func layoutPriority(_ value: Double) -> some View {
        modified(LayoutPriorityModifier(priority: value))
    }
}
