import Foundation

/// `alignmentGuide`: sets one guide of its child to a computed value; other
/// guides show through.
enum AlignmentGuideNode: TransparentNodeRules {
    static func explicitGuide(_ id: NodeID, _ node: Node, _ key: AlignmentKey, size: CGSize, in graph: _ViewGraph) -> CGFloat? {
        let guide = graph.guides[Int(node.payload)]
        let child = graph.firstChild(of: id)
        if guide.key == key { return guide.compute(graph.dimensions(child, size)) }
        return graph.explicitGuide(child, key, size)
    }
}

/// The guide an `alignmentGuide` sets and how its value is computed.
struct AlignmentGuidePayload {
    let key: AlignmentKey
    let compute: (ViewDimensions) -> CGFloat
}
