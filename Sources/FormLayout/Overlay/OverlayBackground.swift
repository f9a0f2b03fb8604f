import Foundation

/// Puts `secondary` over or behind each view of its content. The secondary
/// view is offered the host's size, aligned to it, and never changes the
/// composite's size (seed 004).
///
/// Several secondary views form an implicit `ZStack` with centre alignment,
/// and `alignment` positions that stack as a unit: Apple's
/// `overlay(alignment:content:)` page ("the star remains centered on the
/// circle") and `background(alignment:content:)` page ("the vertical bar
/// remains centered on the circle"). To align the views to each other, put
/// an explicit `ZStack(alignment:)` in the content.
@usableFromInline
package struct SecondaryViewModifier<Secondary: View>: GraphModifier {
    @usableFromInline let kind: NodeKind
    @usableFromInline let alignment: Alignment
    @usableFromInline let secondary: Secondary

    @inlinable
    init(kind: NodeKind, alignment: Alignment, secondary: Secondary) {
        self.kind = kind
        self.alignment = alignment
        self.secondary = secondary
    }

    @inlinable
    package func makeView<Content: View>(content: Content, into graph: _ViewGraph) {
        let payload = graph.alignmentIndex(alignment)
        graph.wrapEach(content) { host in
            // Centre inside; the modifier's alignment places the group.
            let secondaryID = graph.makeImplicitZStack(secondary, alignment: .center)
            return graph.addBinary(kind, payload: payload, host: host, secondary: secondaryID)
        }
    }
}

extension View {
    /// Draws `content` in front of the view; several views form an
    /// implicit centred `ZStack` that `alignment` positions as a unit.
    @inlinable
    public consuming func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        modified(SecondaryViewModifier(kind: .overlay, alignment: alignment, secondary: content()))
    }
    /// Draws `overlay` in front of the view (the older form).
    @inlinable
    public consuming func overlay<V: View>(_ overlay: consuming V, alignment: Alignment = .center) -> some View {
        modified(SecondaryViewModifier(kind: .overlay, alignment: alignment, secondary: overlay))
    }
    /// Draws `content` behind the view; several views form an implicit
    /// centred `ZStack` that `alignment` positions as a unit.
    @inlinable
    public consuming func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        modified(SecondaryViewModifier(kind: .background, alignment: alignment, secondary: content()))
    }
    /// Draws `background` behind the view (the older form).
    @inlinable
    public consuming func background<V: View>(_ background: consuming V, alignment: Alignment = .center) -> some View {
        modified(SecondaryViewModifier(kind: .background, alignment: alignment, secondary: background))
    }
    /// Fills the view's bounds behind it with `color` (a `ShapeStyle` background).
    @inlinable
    public consuming func background(_ color: Color) -> some View {
        modified(SecondaryViewModifier(kind: .background, alignment: .center, secondary: color))
    }
    /// Draws a `width`-wide border of `color` over the view's edges.
    @inlinable
    public consuming func border(_ color: Color, width: CGFloat = 1) -> some View {
        overlay(_Border(color: color, width: width))
    }
}

/// Four strips along the edges of the space offered.
@usableFromInline
struct _Border: View {
    let color: Color
    let width: CGFloat
    @usableFromInline init(color: Color, width: CGFloat) {
        self.color = color
        self.width = width
    }
    @usableFromInline var body: some View {
        ZStack {
            color.frame(height: width).frame(maxHeight: .infinity, alignment: .top)
            color.frame(height: width).frame(maxHeight: .infinity, alignment: .bottom)
            color.frame(width: width).frame(maxWidth: .infinity, alignment: .leading)
            color.frame(width: width).frame(maxWidth: .infinity, alignment: .trailing)
        }
    }
}
