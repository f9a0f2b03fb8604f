/// `id(_:)`: names the view so that a `RetainedLayout` can rebuild it alone.
/// It adds no node: the view lays out, draws and reports preferences as
/// it would without it. Only a layout that keeps its graph between updates
/// (`RetainedLayout`) records the name, with what the view was built in
/// (its environment and the axis of the stack around it).
@usableFromInline
package struct ExplicitIdentityModifier<ID: Hashable>: GraphModifier {
    @usableFromInline let id: ID

    @inlinable
    init(id: ID) { self.id = id }

    @inlinable
    package func makeView<Content: View>(content: Content, into graph: _ViewGraph) {
        guard graph.recordsIdentities else {
            graph.make(content)
            return
        }
        let context = graph.buildContext
        let mark = graph.outputMark
        graph.make(content)
        graph.recordIdentity(IdentityKey(id), context: context, builtFrom: mark)
    }
}

extension View {
    /// Gives the view an explicit identity, as SwiftUI's `id(_:)` does:
    /// `RetainedLayout.update(_:replacing:with:)` rebuilds the view with this
    /// id alone instead of the whole tree. Ids should be unique within a
    /// layout; one given to two views names neither.
    @inlinable
    public consuming func id<ID: Hashable>(_ id: ID) -> some View {
        modified(ExplicitIdentityModifier(id: id))
    }
}
