/// The size a parent offers a child, as SwiftUI's `ProposedViewSize`: a
/// nil dimension asks for the child's ideal size, 0 for its smallest and
/// `.infinity` for its largest.
public struct ProposedViewSize: Hashable, Sendable {
    public var width: CGFloat?
    public var height: CGFloat?

    public init(width: CGFloat?, height: CGFloat?) {
        self.width = width
        self.height = height
    }

    public init(_ size: CGSize) { self.init(width: size.width, height: size.height) }

    public static let zero = ProposedViewSize(width: 0, height: 0)
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)
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
