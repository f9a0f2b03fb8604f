@usableFromInline
package struct FixedFrameModifier: UnaryNodeModifier {
    let width: CGFloat?
    let height: CGFloat?
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
