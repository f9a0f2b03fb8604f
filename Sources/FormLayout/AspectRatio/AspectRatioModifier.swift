import Foundation

@usableFromInline
package struct AspectRatioModifier: UnaryNodeModifier {
    let payload: AspectRatioPayload

    @usableFromInline
    init(ratio: CGFloat?, contentMode: ContentMode) {
        payload = AspectRatioPayload(ratio: ratio, contentMode: contentMode)
    }

    @usableFromInline var kind: NodeKind { .aspectRatio }
    @usableFromInline func addPayload(to graph: _ViewGraph) -> Int { graph.aspectRatios.appendIndex(payload) }
}

extension View {
    /// Offers the view the size of ratio `aspectRatio` (width / height; the
    /// view's ideal size's when nil) that fits in the space offered (`.fit`)
    /// or covers it (`.fill`).
    @inlinable
    public consuming func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
        modified(AspectRatioModifier(ratio: aspectRatio, contentMode: contentMode))
    }

    /// `aspectRatio(_:contentMode:)` with the ratio of `aspectRatio`'s width to its height.
    @inlinable
    public consuming func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> some View {
        modified(AspectRatioModifier(ratio: aspectRatio.height > 0 ? aspectRatio.width / aspectRatio.height : nil, contentMode: contentMode))
    }

    /// The largest size with the view's own proportions that fits in the space offered.
    @inlinable
    public consuming func scaledToFit() -> some View { modified(AspectRatioModifier(ratio: nil, contentMode: .fit)) }

    /// The smallest size with the view's own proportions that covers the space offered.
    @inlinable
    public consuming func scaledToFill() -> some View { modified(AspectRatioModifier(ratio: nil, contentMode: .fill)) }
}
