package struct AlignmentGuideModifier: UnaryNodeModifier {
    let key: AlignmentKey
    let compute: (ViewDimensions) -> CGFloat
    var kind: NodeKind { .alignmentGuide }
    func addPayload(to graph: _ViewGraph) -> Int {
        graph.hasExplicitGuides = true
        graph.guides.append(AlignmentGuidePayload(key: key, compute: compute))
        return graph.guides.count - 1
    }
}

extension View {
    /// Overrides the view's horizontal alignment guide `guide`.
    public func alignmentGuide(_ guide: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        modified(AlignmentGuideModifier(key: guide.key, compute: computeValue))
    }
    /// Overrides the view's vertical alignment guide `guide`.
    public func alignmentGuide(_ guide: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        modified(AlignmentGuideModifier(key: guide.key, compute: computeValue))
    }
}
