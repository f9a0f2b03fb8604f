import Foundation

/// A filled shape (`Rectangle`, `Circle`, `Color`, …): it takes whatever
/// size it is offered, SwiftUI's ideal size where a dimension is left open.
enum ShapeNode: LeafNodeRules {
    static var sizesInConstantTime: Bool { true }
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence {
        graph.shapes[Int(node.payload)].foldedFrame == nil ? .both : .neither
    }

    static func size(_ id: NodeID, _ node: Node, _ proposal: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        if let frame = graph.shapes[Int(node.payload)].foldedFrame { return frame.size }
        return proposal.replacingUnspecifiedDimensions(by: SwiftUIConstants.shapeIdealSize)
    }

    static func place(_ id: NodeID, _ node: Node, in frame: CGRect, proposal: ProposedViewSize, graph: _ViewGraph) {
        // Where the folded offset and frame would have put the shape: the
        // same arithmetic, so that the result is the same to the last bit.
        let index = Int(node.payload)
        var frame = frame
        if let offset = graph.shapes[index].foldedOffset {
            frame = frame.offsetBy(offset)
            graph.frames[Int(id)] = frame
        }
        guard let folded = graph.shapes[index].foldedFrame else { return }
        let alignment = graph.alignments[Int(folded.alignment)]
        let origin: CGPoint
        if let hx = alignment.horizontal.key.fraction, let vy = alignment.vertical.key.fraction {
            // `alignedOrigin` for guides at fractions of the size, which a
            // shape's guides are, written out (it is a fifth of a minimap's
            // placement otherwise).
            origin = CGPoint(x: frame.minX + hx * frame.width - hx * folded.size.width,
                             y: frame.minY + vy * frame.height - vy * folded.size.height)
        } else {
            origin = graph.alignedOrigin(folded.size, in: frame, alignment, child: id)
        }
        graph.frames[Int(id)] = CGRect(origin: origin, size: folded.size)
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
    /// The fixed frame of both dimensions this shape was given, folded
    /// into it (`_ViewGraph.fold(_:intoShape:)`); nil for a shape that
    /// takes what it is offered.
    var foldedFrame: FoldedFrame? = nil
    /// The `offset` this shape (or its folded frame) was moved by, folded
    /// into it (`_ViewGraph.fold(offset:intoShape:)`); nil when not moved.
    var foldedOffset: CGPoint? = nil
}

/// A fixed frame folded into the shape it frames: the shape's size
/// whatever it is offered, and the frame's alignment (an index into the
/// graph's `alignments`).
struct FoldedFrame {
    let size: CGSize
    let alignment: Int32
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
