import Foundation

/// A type that names an alignment guide and gives its value for views that
/// do not set one explicitly, as SwiftUI's `AlignmentID`.
public protocol AlignmentID {
    static func defaultValue(in context: ViewDimensions) -> CGFloat
}

/// Identifies an alignment guide; the built-in edges and centres carry the
/// fraction of the view's length they sit at, so stacks can place views
/// without evaluating anything.
@usableFromInline
struct AlignmentKey: Hashable {
    let id: ObjectIdentifier
    let type: any AlignmentID.Type
    /// 0 for leading/top, 0.5 for centre, 1 for trailing/bottom; nil otherwise.
    let fraction: CGFloat?
    let isVertical: Bool

    init(_ type: any AlignmentID.Type, fraction: CGFloat?, isVertical: Bool) {
        self.id = ObjectIdentifier(type)
        self.type = type
        self.fraction = fraction
        self.isVertical = isVertical
    }

    @usableFromInline static func == (a: AlignmentKey, b: AlignmentKey) -> Bool { a.id == b.id }
    @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// An alignment position along the horizontal axis.
public struct HorizontalAlignment: Equatable, Sendable {
    @usableFromInline nonisolated(unsafe) let key: AlignmentKey
    /// A custom alignment identified by `id`.
    public init(_ id: any AlignmentID.Type) { key = AlignmentKey(id, fraction: nil, isVertical: false) }
    init(builtin id: any AlignmentID.Type, fraction: CGFloat) { key = AlignmentKey(id, fraction: fraction, isVertical: false) }
    init(key: AlignmentKey) { self.key = key }
    /// Equal when both name the same `AlignmentID` type.
    public static func == (a: HorizontalAlignment, b: HorizontalAlignment) -> Bool { a.key == b.key }

    // The built-in guides here and below are computed, not stored: a
    // stored static is initialised lazily and checked (`swift_once`) at
    // every read, and building a form reads them for each view it makes.

    /// The leading edge: 0 of the view's width.
    public static var leading: HorizontalAlignment { HorizontalAlignment(builtin: LeadingID.self, fraction: 0) }
    /// The middle: half the view's width.
    public static var center: HorizontalAlignment { HorizontalAlignment(builtin: HCenterID.self, fraction: 0.5) }
    /// The trailing edge: the view's full width.
    public static var trailing: HorizontalAlignment { HorizontalAlignment(builtin: TrailingID.self, fraction: 1) }

    enum LeadingID: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
    enum HCenterID: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width / 2 } }
    enum TrailingID: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width } }
}

/// An alignment position along the vertical axis.
public struct VerticalAlignment: Equatable, Sendable {
    @usableFromInline nonisolated(unsafe) let key: AlignmentKey
    /// A custom alignment identified by `id`.
    public init(_ id: any AlignmentID.Type) { key = AlignmentKey(id, fraction: nil, isVertical: true) }
    init(builtin id: any AlignmentID.Type, fraction: CGFloat?) { key = AlignmentKey(id, fraction: fraction, isVertical: true) }
    init(key: AlignmentKey) { self.key = key }
    /// Equal when both name the same `AlignmentID` type.
    public static func == (a: VerticalAlignment, b: VerticalAlignment) -> Bool { a.key == b.key }

    /// The top edge: 0 of the view's height.
    public static var top: VerticalAlignment { VerticalAlignment(builtin: TopID.self, fraction: 0) }
    /// The middle: half the view's height.
    public static var center: VerticalAlignment { VerticalAlignment(builtin: VCenterID.self, fraction: 0.5) }
    /// The bottom edge: the view's full height.
    public static var bottom: VerticalAlignment { VerticalAlignment(builtin: BottomID.self, fraction: 1) }
    /// The baseline of the first line of text; the bottom for views without text.
    public static var firstTextBaseline: VerticalAlignment { VerticalAlignment(builtin: FirstBaselineID.self, fraction: nil) }
    /// The baseline of the last line of text; the bottom for views without text.
    public static var lastTextBaseline: VerticalAlignment { VerticalAlignment(builtin: LastBaselineID.self, fraction: nil) }

    enum TopID: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
    enum VCenterID: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height / 2 } }
    enum BottomID: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }
    enum FirstBaselineID: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }
    enum LastBaselineID: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }
}

/// A horizontal and a vertical alignment together, as SwiftUI's `Alignment`.
public struct Alignment: Equatable, Sendable {
    /// The guide children line up on across the width.
    public var horizontal: HorizontalAlignment
    /// The guide children line up on across the height.
    public var vertical: VerticalAlignment
    /// Pairs any two guides, custom ones included.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Centred on both axes (the default of frames, overlays and `ZStack`).
    public static var center: Alignment { Alignment(horizontal: .center, vertical: .center) }
    /// The leading edge, centred vertically.
    public static var leading: Alignment { Alignment(horizontal: .leading, vertical: .center) }
    /// The trailing edge, centred vertically.
    public static var trailing: Alignment { Alignment(horizontal: .trailing, vertical: .center) }
    /// The top edge, centred horizontally.
    public static var top: Alignment { Alignment(horizontal: .center, vertical: .top) }
    /// The bottom edge, centred horizontally.
    public static var bottom: Alignment { Alignment(horizontal: .center, vertical: .bottom) }
    /// The top-leading corner.
    public static var topLeading: Alignment { Alignment(horizontal: .leading, vertical: .top) }
    /// The top-trailing corner.
    public static var topTrailing: Alignment { Alignment(horizontal: .trailing, vertical: .top) }
    /// The bottom-leading corner.
    public static var bottomLeading: Alignment { Alignment(horizontal: .leading, vertical: .bottom) }
    /// The bottom-trailing corner.
    public static var bottomTrailing: Alignment { Alignment(horizontal: .trailing, vertical: .bottom) }
    /// Leading, on the first text baseline (a form's labels and fields in a `Grid`).
    public static var leadingFirstTextBaseline: Alignment { Alignment(horizontal: .leading, vertical: .firstTextBaseline) }
    /// Centred, on the first text baseline.
    public static var centerFirstTextBaseline: Alignment { Alignment(horizontal: .center, vertical: .firstTextBaseline) }
    /// Trailing, on the first text baseline.
    public static var trailingFirstTextBaseline: Alignment { Alignment(horizontal: .trailing, vertical: .firstTextBaseline) }
    /// Leading, on the last text baseline.
    public static var leadingLastTextBaseline: Alignment { Alignment(horizontal: .leading, vertical: .lastTextBaseline) }
    /// Centred, on the last text baseline.
    public static var centerLastTextBaseline: Alignment { Alignment(horizontal: .center, vertical: .lastTextBaseline) }
    /// Trailing, on the last text baseline.
    public static var trailingLastTextBaseline: Alignment { Alignment(horizontal: .trailing, vertical: .lastTextBaseline) }
}

/// A view's size and alignment guides, handed to `alignmentGuide` closures.
public struct ViewDimensions {
    /// The view's width in points, as laid out.
    public let width: CGFloat
    /// The view's height in points, as laid out.
    public let height: CGFloat
    let explicitGuide: (AlignmentKey) -> CGFloat?

    init(size: CGSize, explicitGuide: @escaping (AlignmentKey) -> CGFloat?) {
        self.width = size.width
        self.height = size.height
        self.explicitGuide = explicitGuide
    }

    /// The guide's value: the view's explicit one, else the guide's default.
    public subscript(guide: HorizontalAlignment) -> CGFloat {
        explicitGuide(guide.key) ?? guide.key.type.defaultValue(in: self)
    }
    /// The vertical guide's value: the view's explicit one, else the guide's default.
    public subscript(guide: VerticalAlignment) -> CGFloat {
        explicitGuide(guide.key) ?? guide.key.type.defaultValue(in: self)
    }
    /// The guide's explicit value, or nil when the view does not set it.
    public subscript(explicit guide: HorizontalAlignment) -> CGFloat? { explicitGuide(guide.key) }
    /// The vertical guide's explicit value, or nil when the view does not set it.
    public subscript(explicit guide: VerticalAlignment) -> CGFloat? { explicitGuide(guide.key) }
}
