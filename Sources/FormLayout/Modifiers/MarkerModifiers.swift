/// `hidden()`: a node with no payload.
package struct HiddenModifier: UnaryNodeModifier {
    var kind: NodeKind { .hidden }
    func addPayload(to graph: _ViewGraph) -> Int { 0 }
}

package struct CoordinateSpaceModifier: UnaryNodeModifier {
    let name: AnyHashable
    var kind: NodeKind { .coordinateSpace }
    func addPayload(to graph: _ViewGraph) -> Int { graph.spaceNames.appendIndex(name) }
}

package struct IdentifierModifier: UnaryNodeModifier {
    let identifier: String
    var kind: NodeKind { .identifier }
    func addPayload(to graph: _ViewGraph) -> Int { graph.identifiers.appendIndex(identifier) }
}

/// Modifiers that leave the view as it is here (there is no safe area and
/// no interaction in a headless engine).
package struct IdentityModifier: GraphModifier {
    package func makeView<Content: View>(content: Content, into graph: _ViewGraph) { graph.make(content) }
}

extension View {
    /// Keeps the view's space but draws nothing of it.
    public func hidden() -> some View { modified(HiddenModifier()) }

    /// Names the view's bounds as a coordinate space for `GeometryProxy.frame(in: .named(name))`.
    public func coordinateSpace<N: Hashable>(name: N) -> some View {
        modified(CoordinateSpaceModifier(name: AnyHashable(name)))
    }

    /// Tags the view; the tag shows in the layout tree and on drawn items.
    public func accessibilityIdentifier(_ identifier: String) -> some View {
        modified(IdentifierModifier(identifier: identifier))
    }

    /// Accepted for source compatibility; a headless window has no safe area.
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> some View { modified(IdentityModifier()) }
    /// Accepted for source compatibility; a headless window has no safe area.
    public func ignoresSafeArea(_ regions: Edge.Set = .all, edges: Edge.Set = .all) -> some View { modified(IdentityModifier()) }
}
