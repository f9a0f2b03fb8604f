import Foundation

/// A view that fills the space it is offered with a shape, as SwiftUI's
/// `Shape`; its ideal size (no proposal) is 10×10. The fill comes from
/// `.fill(_:)`, else from `.foregroundColor(_:)`/`.foregroundStyle(_:)`.
public protocol Shape: _PrimitiveView {
    /// How the display list draws the shape.
    var _displayShape: DisplayItem.Shape { get }
}

extension Shape {
    @inlinable
    public static func _makeView(_ view: Self, into graph: _ViewGraph) {
        graph.addShape(view._displayShape)
    }

    /// The shape filled with `color`.
    @inlinable
    public consuming func fill(_ color: Color) -> some View { FilledShape(shape: self, fill: color) }
    /// The shape filled with `color` (SwiftUI's `foregroundStyle` on a shape).
    @inlinable
    public consuming func foregroundStyle(_ color: Color) -> some View { FilledShape(shape: self, fill: color) }
}

/// A shape with its own fill.
@usableFromInline
struct FilledShape<S: Shape>: _PrimitiveView {
    @usableFromInline let shape: S
    @usableFromInline let fill: Color
    @inlinable init(shape: S, fill: Color) {
        self.shape = shape
        self.fill = fill
    }
    @inlinable
    public static func _makeView(_ view: Self, into graph: _ViewGraph) {
        graph.addShape(view.shape._displayShape, fill: view.fill)
    }
}

/// A rectangle filling its frame.
public struct Rectangle: Shape {
    /// A rectangle; it fills the frame it is given.
    public init() {}
    /// Engine plumbing: draws `.rectangle`; public only because `Shape` requires it.
    public var _displayShape: DisplayItem.Shape { .rectangle }
}

/// A rectangle with rounded corners.
public struct RoundedRectangle: Shape {
    /// Radius of each corner, in points.
    public var cornerRadius: CGFloat
    /// A rounded rectangle with corners of `cornerRadius` points.
    public init(cornerRadius: CGFloat) { self.cornerRadius = cornerRadius }
    /// Engine plumbing: draws `.roundedRectangle`; public only because `Shape` requires it.
    public var _displayShape: DisplayItem.Shape { .roundedRectangle(cornerRadius: cornerRadius) }
}

/// A circle centred in its frame, as wide as the frame's shorter side.
public struct Circle: Shape {
    /// A circle, centred, as wide as its frame's shorter side.
    public init() {}
    /// Engine plumbing: draws `.circle`; public only because `Shape` requires it.
    public var _displayShape: DisplayItem.Shape { .circle }
}

/// A rectangle whose shorter sides are half circles.
public struct Capsule: Shape {
    /// A capsule; it fills the frame it is given.
    public init() {}
    /// Engine plumbing: draws `.capsule`; public only because `Shape` requires it.
    public var _displayShape: DisplayItem.Shape { .capsule }
}

extension Color: _PrimitiveView {
    /// A colour as a view fills all the space it is offered.
    @inlinable
    public static func _makeView(_ view: Color, into graph: _ViewGraph) {
        graph.addShape(.rectangle, fill: view)
    }
}
