import Foundation

// CGFloat, CGPoint, CGSize and CGRect come from Foundation, which provides
// them on Linux with the same API Swift developers know from Apple platforms.
// FormLayout does not re-export it: a file that names them imports
// Foundation itself, as it would to use SwiftUI's (GettingStarted says so).

/// A normalised point in a view's bounds: (0, 0) is the top-leading corner,
/// (1, 1) the bottom-trailing one, as SwiftUI's `UnitPoint`.
public struct UnitPoint: Hashable, Sendable {
    /// Fraction of the width from the leading edge (0 leading, 1 trailing).
    public var x: CGFloat
    /// Fraction of the height from the top edge (0 top, 1 bottom).
    public var y: CGFloat
    /// A point at the given fractions; values outside 0…1 lie outside the bounds.
    public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }

    /// (0, 0): the top-leading corner, same as `topLeading`.
    public static let zero = UnitPoint(x: 0, y: 0)
    /// (0.5, 0.5): the middle of the bounds.
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// (0, 0.5): the middle of the leading edge.
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// (1, 0.5): the middle of the trailing edge.
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// (0.5, 0): the middle of the top edge.
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// (0.5, 1): the middle of the bottom edge.
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// (0, 0): the top-leading corner.
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// (1, 0): the top-trailing corner.
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// (0, 1): the bottom-leading corner.
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// (1, 1): the bottom-trailing corner.
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// The inset distances for the sides of a rectangle.
public struct EdgeInsets: Hashable, Sendable {
    /// Inset of the top edge, in points.
    public var top: CGFloat
    /// Inset of the leading edge, in points.
    public var leading: CGFloat
    /// Inset of the bottom edge, in points.
    public var bottom: CGFloat
    /// Inset of the trailing edge, in points.
    public var trailing: CGFloat
    /// Insets per edge; any edge not given is 0.
    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    @usableFromInline
    init(_ edges: Edge.Set, _ length: CGFloat) {
        self.init(
            top: edges.contains(.top) ? length : 0,
            leading: edges.contains(.leading) ? length : 0,
            bottom: edges.contains(.bottom) ? length : 0,
            trailing: edges.contains(.trailing) ? length : 0)
    }
    var horizontal: CGFloat { leading + trailing }
    var vertical: CGFloat { top + bottom }
}

/// An edge of a rectangle.
public enum Edge: Int8, CaseIterable, Sendable {
    case top, leading, bottom, trailing

    /// A set of edges, as SwiftUI's `Edge.Set`.
    public struct Set: OptionSet, Hashable, Sendable {
        /// Bit `1 << edge.rawValue` for each edge in the set.
        public let rawValue: Int8
        /// A set from its raw bits (`OptionSet` conformance).
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The set holding just `edge`.
        public init(_ edge: Edge) { self.rawValue = 1 << edge.rawValue }
        // Computed, not stored, as the built-in alignments are (`Alignment.swift`).

        /// The top edge alone.
        public static var top: Set { Set(.top) }
        /// The leading edge alone.
        public static var leading: Set { Set(.leading) }
        /// The bottom edge alone.
        public static var bottom: Set { Set(.bottom) }
        /// The trailing edge alone.
        public static var trailing: Set { Set(.trailing) }
        /// All four edges; what `padding()` insets by default.
        public static var all: Set { [.top, .leading, .bottom, .trailing] }
        /// Leading and trailing, as in `padding(.horizontal, 30)`.
        public static var horizontal: Set { [.leading, .trailing] }
        /// Top and bottom.
        public static var vertical: Set { [.top, .bottom] }
    }
}

/// The axes of a layout, as SwiftUI's `Axis`.
public enum Axis: Int8, CaseIterable, Sendable {
    case horizontal, vertical

    /// A set of axes.
    public struct Set: OptionSet, Hashable, Sendable {
        /// Bit 1 for horizontal, bit 2 for vertical.
        public let rawValue: Int8
        /// A set from its raw bits (`OptionSet` conformance).
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The horizontal axis alone.
        public static let horizontal = Set(rawValue: 1)
        /// The vertical axis alone.
        public static let vertical = Set(rawValue: 2)
    }
}

extension CGRect {
    /// The rectangle moved by `offset`; used to turn local frames into global ones.
    func offsetBy(_ offset: CGPoint) -> CGRect {
        CGRect(x: origin.x + offset.x, y: origin.y + offset.y, width: size.width, height: size.height)
    }
}
