/// Views side by side, as SwiftUI's `HStack`: space is shared out by
/// `layoutPriority`, then least flexible child first; children are aligned
/// vertically on `alignment`.
public struct HStack<Content: View>: _PrimitiveView {
    @usableFromInline let alignment: VerticalAlignment
    @usableFromInline let spacing: CGFloat?
    @usableFromInline let content: Content

    /// Children aligned on `alignment`, `spacing` points apart (8 when nil, SwiftUI's default).
    @inlinable
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    @inlinable

    public static func _makeView(_ view: Self, into graph: _ViewGraph) {
        graph.addStack(.hStack, spacing: view.spacing, crossAlignment: view.alignment.key, content: view.content)
    }
}

/// Views one above the other, as SwiftUI's `VStack`.
public struct VStack<Content: View>: _PrimitiveView {
    @usableFromInline let alignment: HorizontalAlignment
    @usableFromInline let spacing: CGFloat?
    @usableFromInline let content: Content

    /// Children aligned on `alignment`, `spacing` points apart (8 when nil, SwiftUI's default).
    @inlinable
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    @inlinable

    public static func _makeView(_ view: Self, into graph: _ViewGraph) {
        graph.addStack(.vStack, spacing: view.spacing, crossAlignment: view.alignment.key, content: view.content)
    }
}

/// Views on top of each other, as SwiftUI's `ZStack`: each child is offered
/// the stack's proposal, and the stack is as large as the union of its
/// aligned children.
public struct ZStack<Content: View>: _PrimitiveView {
    @usableFromInline let alignment: Alignment
    @usableFromInline let content: Content

    /// Children layered in code order, the first at the back, each placed by `alignment`.
    @inlinable
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    @inlinable

    public static func _makeView(_ view: Self, into graph: _ViewGraph) {
        graph.addContainer(.zStack, payload: graph.alignmentIndex(view.alignment), axis: .none, content: view.content)
    }
}
