import Foundation

/// A geometric value captured in one view that another view resolves in its
/// own coordinate space through `GeometryProxy[anchor]`, as SwiftUI's
/// `Anchor`. Only `CGRect` and `CGPoint` anchors exist.
public struct Anchor<Value>: Equatable where Value: Equatable {
    /// The value in window coordinates.
    let globalValue: Value

    /// Equal when they capture the same value in window coordinates.
    public static func == (a: Anchor, b: Anchor) -> Bool { a.globalValue == b.globalValue }

    /// The value in a space whose origin is at `origin` in the window.
    ///
    /// Rectangles and points (the only anchors `Source` makes) move by the
    /// origin. The type is tested here rather than a conversion kept in each
    /// anchor: a stored closure made every anchor 16 bytes larger and cost
    /// a retain and a release at each copy, and a form's preferences copy
    /// tens of thousands of anchors up the tree. The test folds away where
    /// `Value` is known.
    func converted(toSpaceAt origin: CGPoint) -> Value {
        if Value.self == CGRect.self {
            let rect = unsafeBitCast(globalValue, to: CGRect.self)
            return unsafeBitCast(CGRect(x: rect.minX - origin.x, y: rect.minY - origin.y, width: rect.width, height: rect.height), to: Value.self)
        }
        if Value.self == CGPoint.self {
            let point = unsafeBitCast(globalValue, to: CGPoint.self)
            return unsafeBitCast(CGPoint(x: point.x - origin.x, y: point.y - origin.y), to: Value.self)
        }
        return globalValue
    }

    /// What an anchor captures of the view it is created on.
    public struct Source {
        /// Resolves the source against the view's frame in the window.
        let resolve: @Sendable (CGRect) -> Value

        /// The anchor of a view whose frame in the window is `frame`.
        /// `flipped`: the view's own x axis runs from its right edge, as
        /// under right-to-left (`point`, `rect` and unit points then count
        /// from the right; Apple's "Making fine adjustments to a view's
        /// position": under right-to-left "the 0 horizontal value is on the
        /// right side of the view").
        @inline(__always)
        func anchor(in frame: CGRect, flipped: Bool) -> Anchor<Value> {
            guard flipped else { return Anchor(globalValue: resolve(frame)) }
            // In the mirror image of the window (x → −x) the view's axis
            // runs left to right again: resolve there, mirror back.
            let mirrored = CGRect(x: -frame.maxX, y: frame.minY, width: frame.width, height: frame.height)
            return Anchor(globalValue: Anchor.mirroredAcrossZero(resolve(mirrored)))
        }
    }

    /// `value` mirrored across the line x = 0 (rectangles and points;
    /// tested by type for `converted(toSpaceAt:)`'s reason).
    static func mirroredAcrossZero(_ value: Value) -> Value {
        if Value.self == CGRect.self {
            let rect = unsafeBitCast(value, to: CGRect.self)
            return unsafeBitCast(CGRect(x: -rect.maxX, y: rect.minY, width: rect.width, height: rect.height), to: Value.self)
        }
        if Value.self == CGPoint.self {
            let point = unsafeBitCast(value, to: CGPoint.self)
            return unsafeBitCast(CGPoint(x: -point.x, y: point.y), to: Value.self)
        }
        return value
    }
}

extension Anchor.Source where Value == CGRect {
    /// The view's bounds.
    public static var bounds: Anchor<CGRect>.Source {
        // A closure that captures nothing: every text field and container
        // of a form asks for its bounds, and a capturing closure is an
        // allocation per view (and a release when the layout is freed).
        Anchor<CGRect>.Source(resolve: { frame in frame })
    }
    /// A rectangle in the view's own coordinates.
    public static func rect(_ rect: CGRect) -> Anchor<CGRect>.Source { self.rect(Optional(rect)) }

    static func rect(_ local: CGRect?) -> Anchor<CGRect>.Source {
        Anchor<CGRect>.Source(
            resolve: { frame in
                guard let local else { return frame }
                return CGRect(x: frame.minX + local.minX, y: frame.minY + local.minY, width: local.width, height: local.height)
            })
    }

}

extension Anchor.Source where Value == CGPoint {
    /// A point in the view's own coordinates.
    public static func point(_ point: CGPoint) -> Anchor<CGPoint>.Source {
        Anchor<CGPoint>.Source(resolve: { frame in CGPoint(x: frame.minX + point.x, y: frame.minY + point.y) })
    }
    /// A point given as a fraction of the view's size (values outside 0…1 lie outside it).
    public static func unitPoint(_ unit: UnitPoint) -> Anchor<CGPoint>.Source {
        Anchor<CGPoint>.Source(resolve: { frame in CGPoint(x: frame.minX + unit.x * frame.width, y: frame.minY + unit.y * frame.height) })
    }
    /// The view's top-leading corner.
    public static var topLeading: Anchor<CGPoint>.Source { unitPoint(.topLeading) }
    /// The middle of the view's top edge.
    public static var top: Anchor<CGPoint>.Source { unitPoint(.top) }
    /// The view's top-trailing corner.
    public static var topTrailing: Anchor<CGPoint>.Source { unitPoint(.topTrailing) }
    /// The middle of the view's leading edge.
    public static var leading: Anchor<CGPoint>.Source { unitPoint(.leading) }
    /// The view's centre.
    public static var center: Anchor<CGPoint>.Source { unitPoint(.center) }
    /// The middle of the view's trailing edge.
    public static var trailing: Anchor<CGPoint>.Source { unitPoint(.trailing) }
    /// The view's bottom-leading corner.
    public static var bottomLeading: Anchor<CGPoint>.Source { unitPoint(.bottomLeading) }
    /// The middle of the view's bottom edge.
    public static var bottom: Anchor<CGPoint>.Source { unitPoint(.bottom) }
    /// The view's bottom-trailing corner.
    public static var bottomTrailing: Anchor<CGPoint>.Source { unitPoint(.bottomTrailing) }
}

extension Anchor: Sendable where Value: Sendable {}
