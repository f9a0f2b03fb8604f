/// The direction in which views are laid out, as SwiftUI's `LayoutDirection`:
/// left-to-right by default; set right-to-left for a view and its content
/// with `.environment(\.layoutDirection, .rightToLeft)`.
///
/// As Apple's `LayoutDirection` page says, SwiftUI "horizontally flips the
/// x position of each view within its parent": `leading` and `trailing`
/// trade places in alignments, frames, padding, stacks, grids and custom
/// layouts, and an `HStack` puts its first child on the right. FormLayout
/// does exactly that (see `LayoutDirectionNode`); what a view draws inside
/// its own frame (a text's characters, a shape's path) is not mirrored.
public enum LayoutDirection: Hashable, CaseIterable, Sendable {
    /// Leading is the left edge (the default).
    case leftToRight
    /// Leading is the right edge.
    case rightToLeft
}
