import Foundation

/// The size a parent offers a child, as SwiftUI's `ProposedViewSize`: a
/// nil dimension asks for the child's ideal size, 0 for its smallest and
/// `.infinity` for its largest.
public struct ProposedViewSize: Hashable, Sendable {
    /// The offered width; nil asks for the ideal width.
    public var width: CGFloat?
    /// The offered height; nil asks for the ideal height.
    public var height: CGFloat?

    /// A proposal; either dimension may be nil (ideal), 0 (smallest) or `.infinity` (largest).
    public init(width: CGFloat?, height: CGFloat?) {
        self.width = width
        self.height = height
    }

    /// A proposal of exactly `size`, both dimensions given.
    public init(_ size: CGSize) { self.init(width: size.width, height: size.height) }

    /// Asks for the smallest size on both axes.
    public static let zero = ProposedViewSize(width: 0, height: 0)
    /// Asks for the largest size on both axes.
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)
    /// Asks for the ideal size on both axes.
    public static let unspecified = ProposedViewSize(width: nil, height: nil)

    /// The proposal with nil dimensions replaced by `size`'s.
    public func replacingUnspecifiedDimensions(by size: CGSize = CGSize(width: 10, height: 10)) -> CGSize {
        CGSize(width: width ?? size.width, height: height ?? size.height)
    }

    @inline(__always)
    func along(_ axis: AxisContext) -> CGFloat? { axis == .horizontal ? width : height }
    @inline(__always)
    func across(_ axis: AxisContext) -> CGFloat? { axis == .horizontal ? height : width }
    @inline(__always)
    static func axis(_ axis: AxisContext, main: CGFloat?, cross: CGFloat?) -> ProposedViewSize {
        axis == .horizontal ? ProposedViewSize(width: main, height: cross) : ProposedViewSize(width: cross, height: main)
    }
}

extension CGSize {
    @inline(__always)
    func along(_ axis: AxisContext) -> CGFloat { axis == .horizontal ? width : height }
    @inline(__always)
    func across(_ axis: AxisContext) -> CGFloat { axis == .horizontal ? height : width }
}
