import Foundation

@usableFromInline
package struct AlignmentGuideModifier: UnaryNodeModifier {
    let guide: AlignmentGuidePayload

    @usableFromInline
    init(horizontal: HorizontalAlignment, compute: @escaping (ViewDimensions) -> CGFloat) {
        guide = AlignmentGuidePayload(key: horizontal.key, compute: compute)
    }

    @usableFromInline
    init(vertical: VerticalAlignment, compute: @escaping (ViewDimensions) -> CGFloat) {
        guide = AlignmentGuidePayload(key: vertical.key, compute: compute)
    }

    @usableFromInline var kind: NodeKind { .alignmentGuide }
    @usableFromInline func addPayload(to graph: _ViewGraph) -> Int {
        graph.hasExplicitGuides = true
        return graph.guides.appendIndex(guide)
    }
}

extension View {
    /// Overrides the view's horizontal alignment guide `guide`.
    @inlinable
    public consuming func alignmentGuide(_ guide: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        modified(AlignmentGuideModifier(horizontal: guide, compute: computeValue))
    }
    /// Overrides the view's vertical alignment guide `guide`.
    @inlinable
    public consuming func alignmentGuide(_ guide: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        modified(AlignmentGuideModifier(vertical: guide, compute: computeValue))
    }
}
