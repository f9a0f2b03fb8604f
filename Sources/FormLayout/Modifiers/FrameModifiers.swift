package struct FixedFrameModifier: UnaryNodeModifier {
    let payload: FixedFramePayload
    var kind: NodeKind { .fixedFrame }
    func addPayload(to graph: _ViewGraph) -> Int { graph.fixedFrames.appendIndex(payload) }
}

package struct FlexFrameModifier: UnaryNodeModifier {
    let payload: FlexFramePayload
    var kind: NodeKind { .flexFrame }
    func addPayload(to graph: _ViewGraph) -> Int { graph.flexFrames.appendIndex(payload) }
}

extension View {
    /// Proposes a fixed size to the view (nil dimensions pass the proposal
    /// through) and aligns it inside.
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        modified(FixedFrameModifier(payload: FixedFramePayload(width: width, height: height, alignment: alignment)))
    }

    /// A frame that clamps the proposal to its limits, as SwiftUI's flexible
    /// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
        minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
        alignment: Alignment = .center
    ) -> some View {
        modified(FlexFrameModifier(payload: FlexFramePayload(
            minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth,
            minHeight: minHeight, idealHeight: idealHeight, maxHeight: maxHeight, alignment: alignment)))
    }
}
