/// Sets the layout priority of each view of its content: a trait the
/// stacks read, not a node of its own.
package struct LayoutPriorityModifier: GraphModifier {
    let priority: Double
    package func makeView<Content: View>(content: Content, into graph: _ViewGraph) {
        graph.wrapEach(content) { child in
            graph.nodes[Int(child)].priority = priority
            return child
        }
    }
}

extension View {
    /// Stacks offer space to higher priorities first (default 0).
    public func layoutPriority(_ value: Double) -> some View {
        modified(LayoutPriorityModifier(priority: value))
    }
}
