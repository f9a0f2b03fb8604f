/// What a cell of a `GridRow` tells its grid: traits, as SwiftUI's are,
/// read by the grid of each of its cells.
extension View {
    /// Makes the view, a cell of a `GridRow`, span `count` columns.
    @inlinable
    public consuming func gridCellColumns(_ count: Int) -> some View {
        modified(TraitModifier(.gridCellColumns(count)))
    }

    /// Aligns every cell of the view's grid column horizontally on `guide`
    /// instead of the grid's alignment. Set it on one cell of the column;
    /// where cells disagree (undefined in SwiftUI), the topmost wins.
    @inlinable
    public consuming func gridColumnAlignment(_ guide: HorizontalAlignment) -> some View {
        modified(TraitModifier(.gridColumnAlignment(guide)))
    }

    /// Asks the grid not to size the view's row (column) by it along
    /// `axes`: the view is offered the cell the other cells make (Apple's
    /// `Grid` page: a `Divider` with `.horizontal` no longer widens the grid).
    @inlinable
    public consuming func gridCellUnsizedAxes(_ axes: Axis.Set) -> some View {
        modified(TraitModifier(.gridCellUnsizedAxes(axes)))
    }

    /// Aligns the view in its grid cell by `anchor` instead of alignment
    /// guides: the anchor's point of the view meets the same point of the
    /// cell (Apple's `gridCellAnchor(_:)` page).
    @inlinable
    public consuming func gridCellAnchor(_ anchor: UnitPoint) -> some View {
        modified(TraitModifier(.gridCellAnchor(anchor)))
    }
}
