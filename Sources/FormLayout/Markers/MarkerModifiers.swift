/// `hidden()`: a node with no payload.
@usableFromInline
package struct HiddenModifier: UnaryNodeModifier {
    @usableFromInline init() {}
    @usableFromInline var kind: NodeKind { .hidden }
    @usableFromInline func addPayload(to graph: _ViewGraph) -> Int { 0 }
}

@usableFromInline
package struct CoordinateSpaceModifier: UnaryNodeModifier {
    let name: AnyHashable
    @usableFromInline init(name: AnyHashable) { self.name = name }
    @usableFromInline var kind: NodeKind { .coordinateSpace }
    @usableFromInline func addPayload(to graph: _ViewGraph) -> Int { graph.spaceNames.appendIndex(name) }
}

@usableFromInline
package struct IdentifierModifier: UnaryNodeModifier {
    let identifier: String
    @usableFromInline init(identifier: String) { self.identifier = identifier }
    @usableFromInline var kind: NodeKind { .identifier }
    @usableFromInline func addPayload(to graph: _ViewGraph) -> Int { graph.identifiers.appendIndex(identifier) }
}

/// Modifiers that leave the view as it is here (there is no safe area and
/// no interaction in a headless engine).
@usableFromInline
package struct IdentityModifier: GraphModifier {
    @usableFromInline init() {}
    @inlinable
    package func makeView<Content: View>(content: Content, into graph: _ViewGraph) { graph.make(content) }
}

extension View {
    /// Keeps the view's space but draws nothing of it.
    @inlinable
    public consuming func hidden() -> some View { modified(HiddenModifier()) }

    /// Names the view's bounds as a coordinate space for `GeometryProxy.frame(in: .named(name))`.
    @inlinable
    public consuming func coordinateSpace<N: Hashable>(name: N) -> some View {
        modified(CoordinateSpaceModifier(name: AnyHashable(name)))
    }

    /// Tags the view; the tag shows in the layout tree and on drawn items.
    @inlinable
    public consuming func accessibilityIdentifier(_ identifier: String) -> some View {
        modified(IdentifierModifier(identifier: identifier))
    }

    /// Accepted for source compatibility; a headless window has no safe area.
    @inlinable
    public consuming func edgesIgnoringSafeArea(_ edges: Edge.Set) -> some View { modified(IdentityModifier()) }
    /// Accepted for source compatibility; a headless window has no safe area.
    @inlinable
    public consuming func ignoresSafeArea(_ regions: Edge.Set = .all, edges: Edge.Set = .all) -> some View { modified(IdentityModifier()) }
}
