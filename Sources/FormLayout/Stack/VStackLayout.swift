import Foundation

/// A ``VStack`` as a ``Layout`` (SwiftUI's `VStackLayout`): "a vertical
/// container that you can use in conditional layouts". Wrap it in
/// ``AnyLayout`` to switch a container between a column and another layout:
///
/// ```swift
/// let layout = isNarrow ? AnyLayout(VStackLayout()) : AnyLayout(HStackLayout())
/// layout {
///     Text("First label")
///     Text("Second label")
/// }
/// ```
///
/// Called as a view, it builds the very stack a `VStack` with the same
/// alignment and spacing builds, so the two lay out alike; its `Layout`
/// methods, called on another layout's subviews, run the same algorithm.
public struct VStackLayout: Layout, Equatable, Sendable {
    /// The guide the subviews line up on horizontally.
    public var alignment: HorizontalAlignment
    /// The distance between adjacent subviews; nil for
    /// `SwiftUIConstants.defaultStackSpacing`, as a `VStack`'s.
    public var spacing: CGFloat?

    /// A column aligned on `alignment` with `spacing` between subviews.
    @inlinable
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }

    /// Spacers and dividers inside run vertically, as in a `VStack`.
    public static var layoutProperties: LayoutProperties {
        var properties = LayoutProperties()
        properties.stackOrientation = .vertical
        return properties
    }

    var payload: StackPayload {
        StackPayload(spacing: spacing ?? SwiftUIConstants.defaultStackSpacing, crossAlignment: alignment.key)
    }

    /// The column's size for `proposal`, shared out as a `VStack` shares it.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        subviews.graph.stackSize(of: subviews.nodeIDs, .vertical, payload, proposal)
    }

    /// Places the subviews top to bottom in `bounds`, as a `VStack` does.
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        subviews.graph.placeStack(of: subviews.nodeIDs, .vertical, payload, in: bounds, proposal: proposal)
    }

    /// A `VStack`'s value of `guide`: its subviews' explicit values combined.
    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Void) -> CGFloat? {
        subviews.graph.stackExplicitGuide(of: subviews.nodeIDs, .vertical, payload, guide.key, in: bounds)
    }

    /// A `VStack`'s value of `guide`: its subviews' explicit values combined.
    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Void) -> CGFloat? {
        subviews.graph.stackExplicitGuide(of: subviews.nodeIDs, .vertical, payload, guide.key, in: bounds)
    }
}
