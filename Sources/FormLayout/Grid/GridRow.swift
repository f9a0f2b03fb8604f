/// One row of a `Grid`: each view of its content is a cell. Outside a
/// grid, its views are laid out as if written without it (SwiftUI: a
/// `GridRow` outside a `Grid` acts like a `Group`).
public struct GridRow<Content: View>: _PrimitiveView {
    @usableFromInline let alignment: VerticalAlignment?
    @usableFromInline let content: Content

    /// Cells aligned vertically by `alignment`, or by the grid's alignment when nil.
    @inlinable
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    @inlinable
    public static func _makeView(_ view: Self, into graph: _ViewGraph) {
        guard graph.isBuildingGridContent else {
            graph.make(view.content)
            return
        }
        let payload = view.alignment.map { graph.alignmentIndex(Alignment(horizontal: .center, vertical: $0)) } ?? -1
        graph.addContainer(.gridRow, payload: payload, axis: .horizontal, content: view.content)
    }
}
