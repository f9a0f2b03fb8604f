import Foundation

/// Views in rows and columns, as SwiftUI's `Grid`: each `GridRow` is a row
/// and each view in it a cell; a column is as wide as its widest cell and a
/// row as tall as its tallest. A view in the content outside any `GridRow`
/// spans the whole width of the grid (a `Divider` between rows, say).
///
/// Columns share the width offered as a stack's children share it (least
/// flexible first), each column as flexible as its most flexible cell;
/// rows share the height the same way. See <doc:DifferencesFromSwiftUI> for
/// what is not supported yet.
public struct Grid<Content: View>: _PrimitiveView {
    @usableFromInline let payload: GridPayload
    @usableFromInline let content: Content

    /// Cells aligned in their cell by `alignment`, `horizontalSpacing`
    /// points between columns and `verticalSpacing` between rows (SwiftUI's
    /// defaults, `SwiftUIConstants.defaultGridSpacing`, when nil).
    @inlinable
    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
                @ViewBuilder content: () -> Content) {
        self.payload = GridPayload(alignment: alignment,
                                   horizontalSpacing: horizontalSpacing ?? SwiftUIConstants.defaultGridSpacing,
                                   verticalSpacing: verticalSpacing ?? SwiftUIConstants.defaultGridSpacing)
        self.content = content()
    }

    @inlinable
    public static func _makeView(_ view: Self, into graph: _ViewGraph) {
        graph.addGrid(view.payload, content: view.content)
    }
}

/// A grid's alignment and spacings.
@usableFromInline
struct GridPayload {
    @usableFromInline let alignment: Alignment
    @usableFromInline let horizontalSpacing: CGFloat
    @usableFromInline let verticalSpacing: CGFloat

    @usableFromInline
    init(alignment: Alignment, horizontalSpacing: CGFloat, verticalSpacing: CGFloat) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
    }
}

extension _ViewGraph {
    /// Builds a grid: its content's `GridRow`s become rows, anything else a
    /// row of one cell spanning every column.
    @inlinable
    func addGrid<V: View>(_ payload: GridPayload, content: V) {
        let index = grids.appendIndex(payload)
        let scope = openChildScope(axis: .vertical)
        isBuildingGridContent = true
        make(content)
        closeContainer(.grid, payload: index, scope)
    }
}
