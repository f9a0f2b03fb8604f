import Foundation

/// An ``HStack`` as a ``Layout`` (SwiftUI's `HStackLayout`): "a horizontal
/// container that you can use in conditional layouts". Wrap it in
/// ``AnyLayout`` to switch a container between a row and another layout:
///
/// ```swift
/// let layout = isNarrow ? AnyLayout(VStackLayout()) : AnyLayout(HStackLayout())
/// layout {
///     Text("First label")
///     Text("Second label")
/// }
/// ```
///
/// Called as a view, it builds the very stack an `HStack` with the same
/// alignment and spacing builds, so the two lay out alike; its `Layout`
/// methods, called on another layout's subviews, run the same algorithm.
public struct HStackLayout: Layout, Equatable, Sendable {
    /// The guide the subviews line up on vertically.
    public var alignment: VerticalAlignment
    /// The distance between adjacent subviews; nil for
    /// `SwiftUIConstants.defaultStackSpacing`, as an `HStack`'s.
    public var spacing: CGFloat?

    /// A row aligned on `alignment` with `spacing` between subviews.
    @inlinable
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }

    /// Spacers and dividers inside run horizontally, as in an `HStack`.
    public static var layoutProperties: LayoutProperties {
        var properties = LayoutProperties()
        properties.stackOrientation = .horizontal
        return properties
    }

    var payload: StackPayload {
        StackPayload(spacing: spacing ?? SwiftUIConstants.defaultStackSpacing, crossAlignment: alignment.key)
    }

    /// The row's size for `proposal`, shared out as an `HStack` shares it.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        subviews.graph.stackSize(of: subviews.nodeIDs, .horizontal, payload, proposal)
    }

    /// Places the subviews left to right in `bounds`, as an `HStack` does.
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        subviews.graph.placeStack(of: subviews.nodeIDs, .horizontal, payload, in: bounds, proposal: proposal)
    }

    /// An `HStack`'s value of `guide`: its subviews' explicit values combined.
    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Void) -> CGFloat? {
        subviews.graph.stackExplicitGuide(of: subviews.nodeIDs, .horizontal, payload, guide.key, in: bounds)
    }

    /// An `HStack`'s value of `guide`: its subviews' explicit values combined.
    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Void) -> CGFloat? {
        subviews.graph.stackExplicitGuide(of: subviews.nodeIDs, .horizontal, payload, guide.key, in: bounds)
    }
}
