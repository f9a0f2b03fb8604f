import Foundation

/// A container that sizes and places its subviews by rules you write, as
/// SwiftUI's `Layout` protocol: `sizeThatFits` answers the container's size
/// for a proposal, `placeSubviews` places each subview in the bounds the
/// container was given. Call a layout like a view builder to use it:
///
/// ```swift
/// FlowLayout(spacing: 8) {
///     ForEach(fields) { FieldView(field: $0) }
/// }
/// ```
public protocol Layout {
    /// Whatever the layout wants to keep between calls for one container
    /// (measurements it reuses). Made by `makeCache(subviews:)`.
    associatedtype Cache = Void

    /// The subviews a layout lays out.
    typealias Subviews = LayoutSubviews

    /// Properties of the container: whether spacers and dividers inside it
    /// run horizontally or vertically.
    static var layoutProperties: LayoutProperties { get }

    /// The container's size for `proposal`.
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize

    /// Places every subview (``LayoutSubview/place(at:anchor:proposal:)``)
    /// once the container's frame is `bounds`. A subview it does not place
    /// is placed at the centre of `bounds`.
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)

    /// Makes the cache, once per container.
    func makeCache(subviews: Subviews) -> Cache

    /// Brings the cache up to date when the subviews changed.
    func updateCache(_ cache: inout Cache, subviews: Subviews)

    /// The spacing the container wants around it.
    func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing

    /// The container's own value of a horizontal guide, or nil for the default.
    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Subviews, cache: inout Cache) -> CGFloat?

    /// The container's own value of a vertical guide, or nil for the default.
    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Subviews, cache: inout Cache) -> CGFloat?
}

extension Layout {
    /// No stack orientation: spacers inside expand both ways.
    public static var layoutProperties: LayoutProperties { LayoutProperties() }

    /// Makes the cache again.
    public func updateCache(_ cache: inout Cache, subviews: Subviews) {
        cache = makeCache(subviews: subviews)
    }

    /// The union of the subviews' spacing preferences.
    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing {
        var spacing = ViewSpacing.zero
        for subview in subviews { spacing.formUnion(subview.spacing) }
        return spacing
    }

    /// Nil: the guide's default value.
    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Cache) -> CGFloat? { nil }

    /// Nil: the guide's default value.
    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Cache) -> CGFloat? { nil }

    /// A container laid out by this layout around `content`.
    @inlinable
    public func callAsFunction<Content: View>(@ViewBuilder _ content: () -> Content) -> some View {
        LayoutContainer(layout: self, content: content())
    }
}

extension Layout where Cache == Void {
    /// No cache.
    public func makeCache(subviews: Subviews) -> Void { () }
}

/// Properties of a layout container (SwiftUI's `LayoutProperties`).
public struct LayoutProperties: Hashable, Sendable {
    /// The axis spacers and dividers inside run along, as in an `HStack`
    /// (horizontal) or a `VStack` (vertical); nil for neither.
    public var stackOrientation: Axis?

    /// No orientation.
    public init() {}
}

/// A view laid out by a ``Layout``.
@usableFromInline
struct LayoutContainer<L: Layout, Content: View>: _PrimitiveView {
    @usableFromInline let layout: L
    @usableFromInline let content: Content

    @inlinable
    init(layout: L, content: Content) {
        self.layout = layout
        self.content = content
    }

    @inlinable
    static func _makeView(_ view: Self, into graph: _ViewGraph) {
        // Grid and stack layouts (an `AnyLayout` of one too) build the
        // engine's own grid or stack, so they lay out as `Grid`, `HStack`
        // or `VStack` do, `GridRow`s and cell modifiers included.
        if let builtIn = BuiltInLayout.of(view.layout) {
            graph.addBuiltInLayout(builtIn, content: view.content)
            return
        }
        let axis: AxisContext = switch L.layoutProperties.stackOrientation {
        case .horizontal: .horizontal
        case .vertical: .vertical
        case nil: .none
        }
        graph.addContainer(.customLayout, payload: graph.addLayout(view.layout), axis: axis, content: view.content)
    }
}

/// A type-erased layout, so that one container can switch between layouts
/// (SwiftUI's `AnyLayout`).
///
/// Called as a view, an `AnyLayout` of a `GridLayout`, `HStackLayout` or
/// `VStackLayout` builds the grid or stack that layout stands for, so
/// switching the wrapped layout switches how the same subviews are laid
/// out. (FormLayout keeps no view state between layouts: the subviews are
/// built again from the same content, in the same order, either way.)
public struct AnyLayout: Layout {
    let box: AnyLayoutBox
    /// The grid or stack the wrapped layout builds as, if it is one.
    @usableFromInline let builtIn: BuiltInLayout?

    /// Wraps `layout`.
    public init<L: Layout>(_ layout: L) {
        box = LayoutBox(layout)
        builtIn = BuiltInLayout.of(layout)
    }

    /// The wrapped layout's cache, type-erased.
    public typealias Cache = Any?

    public func makeCache(subviews: Subviews) -> Any? { nil }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Any?) -> CGSize {
        box.sizeThatFits(proposal: proposal, subviews: subviews)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Any?) {
        box.placeSubviews(in: bounds, proposal: proposal, subviews: subviews)
    }

    public func spacing(subviews: Subviews, cache: inout Any?) -> ViewSpacing {
        box.spacing(subviews: subviews)
    }

    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Any?) -> CGFloat? {
        box.explicitAlignment(of: guide.key, in: bounds, proposal: proposal, subviews: subviews)
    }

    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Any?) -> CGFloat? {
        box.explicitAlignment(of: guide.key, in: bounds, proposal: proposal, subviews: subviews)
    }
}
