/// A trait a container reads of each of its children, set on each view of
/// the modifier's content rather than as a node of its own (SwiftUI's
/// `_TraitWritingModifier`): stacks read the layout priority when sharing
/// out space, containers the zIndex when drawing.
@usableFromInline
package enum ViewTrait {
    case layoutPriority(Double)
    case zIndex(Double)
    case gridCellColumns(Int)
    case gridColumnAlignment(HorizontalAlignment)
    case gridCellUnsizedAxes(Axis.Set)
    case gridCellAnchor(UnitPoint)
}

@usableFromInline
package struct TraitModifier: GraphModifier {
    @usableFromInline let trait: ViewTrait

    @usableFromInline
    init(_ trait: ViewTrait) { self.trait = trait }

    @inlinable
    package func makeView<Content: View>(content: Content, into graph: _ViewGraph) {
        graph.wrapEach(content) { graph.setTrait(trait, of: $0) }
    }
}

extension _ViewGraph {
    @usableFromInline
    func setTrait(_ trait: ViewTrait, of node: NodeID) -> NodeID {
        nodes[Int(node)].hasTraits = true
        switch trait {
        case .layoutPriority(let priority):
            priorities[node] = priority
        case .zIndex(let value): zIndices[node] = value
        case .gridCellColumns(let count): gridCellSpans[node] = min(max(1, count), GridLayoutLimits.largestCellSpan)
        case .gridColumnAlignment(let alignment): gridColumnAlignments[node] = alignment
        case .gridCellUnsizedAxes(let axes): gridCellUnsizedAxes[node] = axes
        case .gridCellAnchor(let anchor): gridCellAnchors[node] = anchor
        }
        return node
    }
}

extension View {
    /// Stacks offer space to higher priorities first (default 0).
    @inlinable
    public consuming func layoutPriority(_ value: Double) -> some View {
        modified(TraitModifier(.layoutPriority(value)))
    }

    /// The view's place in the drawing order among its siblings: higher in
    /// front (default 0; equal values keep code order). Layout is unchanged.
    @inlinable
    public consuming func zIndex(_ value: Double) -> some View {
        modified(TraitModifier(.zIndex(value)))
    }
}
