import Foundation

/// A ``Layout`` the graph builds as one of its own containers rather than
/// as a custom-layout node: `GridLayout` as a grid, `HStackLayout` and
/// `VStackLayout` as stacks, and an ``AnyLayout`` wrapping one of them.
///
/// So there is one grid and one stack implementation: `GridLayout { … }`
/// lays out exactly as `Grid { … }` (its `GridRow`s are rows, the cell
/// modifiers work), which a custom-layout node could not do, since a
/// layout only sees flat subviews. It also keeps the graph's fast paths
/// (stack shares, size dependence) for the stacks of a conditional layout.
@usableFromInline
enum BuiltInLayout {
    case grid(GridPayload)
    case stack(NodeKind, spacing: CGFloat?, crossAlignment: AlignmentKey)

    /// What `layout` builds as, or nil for a layout of the user's own.
    /// Specialised for a concrete layout, the casts fold away.
    @inlinable
    static func of<L: Layout>(_ layout: L) -> BuiltInLayout? {
        if let grid = layout as? GridLayout { return .grid(grid.payload) }
        if let stack = layout as? HStackLayout { return .stack(.hStack, spacing: stack.spacing, crossAlignment: stack.alignment.key) }
        if let stack = layout as? VStackLayout { return .stack(.vStack, spacing: stack.spacing, crossAlignment: stack.alignment.key) }
        if let erased = layout as? AnyLayout { return erased.builtIn }
        return nil
    }
}

extension _ViewGraph {
    /// Builds `content` in the container `layout` stands for, exactly as
    /// `Grid`, `HStack` or `VStack` with the same settings would.
    @inlinable
    func addBuiltInLayout<Content: View>(_ layout: BuiltInLayout, content: Content) {
        switch layout {
        case .grid(let payload):
            addGrid(payload, content: content)
        case .stack(let kind, let spacing, let crossAlignment):
            addStack(kind, spacing: spacing, crossAlignment: crossAlignment, content: content)
        }
    }
}
