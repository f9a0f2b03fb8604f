/// `hidden()`: lays out as its child and draws nothing.
enum HiddenNode: TransparentNodeRules {
    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) {}
}

/// `coordinateSpace(name:)`: its child as it is; its frame is the origin
/// of the named space for `GeometryProxy.frame(in: .named(…))`.
enum CoordinateSpaceNode: TransparentNodeRules {
    /// Whether `node` (of this kind) names the space `name`.
    static func names(_ name: AnyHashable, _ node: Node, in graph: _ViewGraph) -> Bool {
        graph.spaceNames[Int(node.payload)] == name
    }
}

/// `accessibilityIdentifier`: its child as it is; what the child draws is
/// tagged with the identifier (renderers and tests find shapes by it).
enum IdentifierNode: TransparentNodeRules {
    static func label(_ node: Node, in graph: _ViewGraph) -> String? { graph.identifiers[Int(node.payload)] }

    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) {
        let outer = list.identifier
        list.identifier = list.graph.identifiers[Int(node.payload)]
        list.drawChildren(of: id)
        list.identifier = outer
    }
}
