/// A modifier the engine knows how to build into its graph. SwiftUI's
/// modifier methods on `View` create them; they are hidden behind
/// `some View`, as SwiftUI's own are.
@usableFromInline
package protocol GraphModifier {
    func makeView<Content: View>(content: Content, into graph: _ViewGraph)
}

/// A view with a modifier applied.
@usableFromInline
package struct ModifiedContent<Content: View, Modifier: GraphModifier>: _PrimitiveView {
    @usableFromInline var content: Content
    @usableFromInline var modifier: Modifier

    @inlinable
    init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }

    @inlinable
    public static func _makeView(_ view: Self, into graph: _ViewGraph) {
        view.modifier.makeView(content: view.content, into: graph)
    }
}

extension View {
    /// Consuming, as are the public modifiers that call it: a chain of
    /// modifiers then moves the view it wraps into each new layer instead of
    /// copying it (a copy of a view holding a `TupleView` goes through the
    /// runtime's value witnesses, the costliest part of building a form).
    @inlinable
    consuming func modified<M: GraphModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// A modifier that wraps each view of its content in one node of `kind`
/// carrying the payload appended by `addPayload`.
@usableFromInline
protocol UnaryNodeModifier: GraphModifier {
    var kind: NodeKind { get }
    func addPayload(to graph: _ViewGraph) -> Int
}

extension UnaryNodeModifier {
    @inlinable
    package func makeView<Content: View>(content: Content, into graph: _ViewGraph) {
        let payload = addPayload(to: graph)
        let mark = graph.outputMark
        graph.make(content)
        graph.wrapOutput(from: mark, in: kind, payload: payload)
    }
}

extension _ViewGraph {
    /// A node with two children: the host view and a secondary one (an
    /// overlay, a background, or content built from preferences).
    @usableFromInline
    func addBinary(_ kind: NodeKind, payload: Int, host: NodeID, secondary: NodeID) -> NodeID {
        let id = addUnary(kind, payload: payload, child: host)
        childIDs.append(secondary)
        nodes[Int(id)].childCount = 2
        nodes[Int(secondary)].parent = id
        if nodes[Int(secondary)].subtreeWrites { nodes[Int(id)].subtreeWrites = true }
        return id
    }
}
