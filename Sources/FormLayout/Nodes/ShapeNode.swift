/// A filled shape (`Rectangle`, `Circle`, `Color`, …): it takes whatever
/// size it is offered, SwiftUI's ideal size where a dimension is left open.
enum ShapeNode: LeafNodeRules {
    static var sizesInConstantTime: Bool { true }
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence { .both }

    static func size(_ id: NodeID, _ node: Node, _ proposal: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        proposal.replacingUnspecifiedDimensions(by: SwiftUIConstants.shapeIdealSize)
    }

    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) {
        // Field by field rather than the payload as a whole, which would be
        // copied (and its references retained and released) for the call.
        let index = Int(node.payload)
        list.add(list.frame(of: id), list.graph.shapes[index].shape, fill: list.graph.shapes[index].fill)
    }
}

/// What a shape node draws.
struct ShapePayload {
    let shape: DisplayItem.Shape
    /// Shared with everything drawn in the same colour (`ColorBoxCache`).
    let fill: DisplayItem.ColorBox
}

extension _ViewGraph {
    /// Adds a shape leaf filled with the environment's foreground colour.
    @usableFromInline
    func addShape(_ shape: DisplayItem.Shape) {
        addShape(shape, fill: environment.resolvedForeground)
    }

    /// Adds a shape leaf filled with `fill`.
    @usableFromInline
    func addShape(_ shape: DisplayItem.Shape, fill: Color) {
        addLeaf(.shape, payload: shapes.appendIndex(ShapePayload(shape: shape, fill: colorBoxes.box(fill))))
    }
}
