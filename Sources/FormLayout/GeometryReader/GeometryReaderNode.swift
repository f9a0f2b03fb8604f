import Foundation

/// `GeometryReader`: takes all the space it is offered; once placed, builds
/// its content from a proxy of its own frame and places it at its top
/// leading corner.
enum GeometryReaderNode: LeafNodeRules {
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence { .both }

    static func size(_ id: NodeID, _ node: Node, _ proposal: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        proposal.replacingUnspecifiedDimensions(by: SwiftUIConstants.shapeIdealSize)
    }

    static func place(_ id: NodeID, _ node: Node, in frame: CGRect, proposal: ProposedViewSize, graph: _ViewGraph) {
        let proxy = GeometryProxy(graph: graph, node: id)
        let content = graph.readers[Int(node.payload)](proxy)
        // Built in the direction around the reader (as SwiftUI's content
        // inherits its environment), with no direction node of its own:
        // the frames are mirrored with the rest where the direction changed.
        var contentID = NodeID(0)
        graph.withEnvironment({ $0.layoutDirection = graph.readerDirections[Int(node.payload)] }) {
            contentID = graph.makeImplicitZStack(content, alignment: .topLeading)
        }
        graph.setChildren(of: id, [contentID])
        graph.growLayoutState()
        let contentSize = graph.size(of: contentID, ProposedViewSize(frame.size))
        graph.place(contentID, in: CGRect(origin: frame.origin, size: contentSize))
    }

    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) { list.drawChildren(of: id) }
}
