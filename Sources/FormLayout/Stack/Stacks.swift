import Foundation

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
