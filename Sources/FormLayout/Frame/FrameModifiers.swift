import Foundation

@usableFromInline
package struct FixedFrameModifier: UnaryNodeModifier {
    @usableFromInline let width: CGFloat?
    @usableFromInline let height: CGFloat?
    let alignment: Alignment

    @usableFromInline
    init(width: CGFloat?, height: CGFloat?, alignment: Alignment) {
        self.width = width
        self.height = height
        self.alignment = alignment
    }

    @usableFromInline var kind: NodeKind { .fixedFrame }
    @usableFromInline func addPayload(to graph: _ViewGraph) -> Int {
        let alignment = Int32(graph.alignmentIndex(alignment))
        return graph.fixedFrames.appendIndex(FixedFramePayload(width: width, height: height, alignment: alignment))
    }

    /// Wraps each view of `content` in a fixed frame, as any unary
    /// modifier does, except that a frame of both dimensions around a bare
    /// shape is folded into the shape (`_ViewGraph.fold(_:intoShape:)`).
    @inlinable
    package func makeView<Content: View>(content: Content, into graph: _ViewGraph) {
        let mark = graph.outputMark
        graph.make(content)
        graph.wrapOutput(from: mark, inFrame: self)
    }
}

extension _ViewGraph {
    /// Wraps `output[mark...]` in `frame`'s fixed frame (one payload shared
    /// by all), or folds the frame into the bare shapes among them when it
    /// gives both dimensions.
    @usableFromInline
    func wrapOutput(from mark: Int, inFrame frame: FixedFrameModifier) {
        wrapOutput(from: mark, in: .fixedFrame, payload: { frame.addPayload(to: self) }) { child in
            guard let width = frame.width, let height = frame.height else { return false }
            return fold(FoldedFrame(size: CGSize(width: width, height: height), alignment: Int32(alignmentIndex(frame.alignment))),
                        intoShape: child)
        }
    }

    /// Folds `frame` into `node` when `node` is a shape with no modifier
    /// yet, and says whether it did. A fixed frame of both dimensions around
    /// such a shape lays out and draws as the shape alone does once it
    /// keeps that size whatever it is offered: the frame would propose its
    /// size, a shape takes what it is offered, and the shape is then put
    /// where the frame would have aligned it (`ShapeNode.place`). The frame
    /// node would only cost time in every phase, and a minimap of ten
    /// thousand fields draws twenty thousand such shapes.
    func fold(_ frame: FoldedFrame, intoShape node: NodeID) -> Bool {
        let shape = nodes[Int(node)]
        // Not around an offset already folded in: the frame goes outside it.
        guard shape.kind == .shape, !shape.hasTraits, shapes[Int(shape.payload)].foldedFrame == nil,
              shapes[Int(shape.payload)].foldedOffset == nil
        else { return false }
        shapes[Int(shape.payload)].foldedFrame = frame
        nodes[Int(node)].setSizeDependence(.neither)
        return true
    }
}

@usableFromInline
package struct FlexFrameModifier: UnaryNodeModifier {
    let payload: FlexFramePayload

    @usableFromInline
    init(minWidth: CGFloat?, idealWidth: CGFloat?, maxWidth: CGFloat?,
         minHeight: CGFloat?, idealHeight: CGFloat?, maxHeight: CGFloat?, alignment: Alignment) {
        payload = FlexFramePayload(minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth,
                                   minHeight: minHeight, idealHeight: idealHeight, maxHeight: maxHeight, alignment: alignment)
    }

    @usableFromInline var kind: NodeKind { .flexFrame }
    @usableFromInline func addPayload(to graph: _ViewGraph) -> Int { graph.flexFrames.appendIndex(payload) }
}

extension View {
    /// Proposes a fixed size to the view (nil dimensions pass the proposal
    /// through) and aligns it inside.
    @inlinable
    public consuming func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        modified(FixedFrameModifier(width: width, height: height, alignment: alignment))
    }

    /// A frame that clamps the proposal to its limits, as SwiftUI's flexible
    /// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
    @inlinable
    public consuming func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
        minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
        alignment: Alignment = .center
    ) -> some View {
        modified(FlexFrameModifier(minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth,
                                   minHeight: minHeight, idealHeight: idealHeight, maxHeight: maxHeight, alignment: alignment))
    }
}
