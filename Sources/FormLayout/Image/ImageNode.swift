import Foundation

/// An image of a given size in points. Headless, so it has no pixels: it
/// lays out by its size and draws as a placeholder shape the renderers fill.
/// Not resizable, it is its own size whatever it is offered; resizable, it
/// takes the size offered, its own where a dimension is left open.
enum ImageNode: LeafNodeRules {
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence {
        graph.images[Int(node.payload)].isResizable ? .both : .neither
    }

    static func size(_ id: NodeID, _ node: Node, _ proposal: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        let image = graph.images[Int(node.payload)]
        return image.isResizable ? proposal.replacingUnspecifiedDimensions(by: image.size) : image.size
    }

    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) {
        let image = list.graph.images[Int(node.payload)]
        list.add(list.frame(of: id), .image(name: image.name), SwiftUIConstants.ControlAppearance.imagePlaceholder)
    }

    static func label(_ node: Node, in graph: _ViewGraph) -> String? { graph.images[Int(node.payload)].name }
}

/// What an image node shows.
struct ImagePayload {
    let name: String
    let size: CGSize
    let isResizable: Bool
}
