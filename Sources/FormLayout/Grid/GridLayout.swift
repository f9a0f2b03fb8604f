import Foundation

/// A ``Grid`` as a ``Layout`` (SwiftUI's `GridLayout`): "a grid that you
/// can use in conditional layouts". Call it like a view builder, or wrap
/// it in ``AnyLayout`` to switch a container between a grid and another
/// layout:
///
/// ```swift
/// let layout = isNarrow ? AnyLayout(VStackLayout(alignment: .leading)) : AnyLayout(GridLayout(alignment: .leading))
/// layout {
///     GridRow { Text("Name"); TextField("Name", text: name) }
///     GridRow { Text("Email"); TextField("Email", text: email) }
/// }
/// ```
///
/// Called as a view (directly or through `AnyLayout`), it builds the very
/// grid a `Grid` with the same alignment and spacings builds: `GridRow`s
/// are rows, any other view a row spanning the grid, and
/// `gridCellColumns(_:)`, `gridColumnAlignment(_:)`, `gridCellAnchor(_:)`
/// and `gridCellUnsizedAxes(_:)` work as in a `Grid`. Under another layout
/// (a `VStackLayout`, say) the same `GridRow`s act like groups, as a
/// `GridRow` outside a grid does, so their views become that layout's
/// subviews.
///
/// Its `Layout` methods, called directly on another layout's subviews,
/// lay each subview out as a row of one cell spanning the grid, which is
/// what a `Grid` does with a view outside any `GridRow`: a layout's
/// subviews are single views, never rows (a `GridRow` among them has
/// already been flattened into its views, as `LayoutSubviews` flattens a
/// group), and Apple documents no other reading. Those subviews are
/// stacked top to bottom, `verticalSpacing` apart, as wide as the widest
/// (or the width offered, for one that fills it) and aligned in that width
/// by `alignment`.
public struct GridLayout: Layout, Equatable, Sendable {
    /// How cells are aligned in their cell (a `GridRow`'s alignment and
    /// `gridColumnAlignment(_:)` override it for a row or a column).
    public var alignment: Alignment
    /// The distance between adjacent columns; nil for
    /// `SwiftUIConstants.defaultGridSpacing`, as a `Grid`'s.
    public var horizontalSpacing: CGFloat?
    /// The distance between adjacent rows; nil for
    /// `SwiftUIConstants.defaultGridSpacing`, as a `Grid`'s.
    public var verticalSpacing: CGFloat?

    /// A grid whose cells are aligned by `alignment`, `horizontalSpacing`
    /// points between columns and `verticalSpacing` between rows.
    @inlinable
    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
    }

    /// The alignment and spacings as the grid node stores them.
    @usableFromInline
    var payload: GridPayload {
        GridPayload(alignment: alignment,
                    horizontalSpacing: horizontalSpacing ?? SwiftUIConstants.defaultGridSpacing,
                    verticalSpacing: verticalSpacing ?? SwiftUIConstants.defaultGridSpacing)
    }

    /// The grid's size for `proposal`, each subview one row spanning it.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        subviews.graph.gridLayout(rows: Array(subviews.nodeIDs), payload, proposal, placingIn: nil)
    }

    /// Places each subview as a row spanning the grid in `bounds`.
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        let graph = subviews.graph
        _ = graph.gridLayout(rows: Array(subviews.nodeIDs), payload, proposal, placingIn: bounds)
        // The grid placed them itself; the container asking must know.
        graph.placedSubviews.append(contentsOf: subviews.nodeIDs)
    }
}
