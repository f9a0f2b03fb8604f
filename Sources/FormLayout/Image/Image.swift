import Foundation

/// An image, as SwiftUI's `Image`, headless: it has a name and a size in
/// points but no pixels. Not resizable, it keeps its size whatever it is
/// offered; `resizable()` makes it take the size offered, and
/// `scaledToFit()` / `scaledToFill()` keep its proportions.
public struct Image: _PrimitiveView, Hashable, Sendable {
    /// What the image is called; drawn items and the layout tree show it.
    public let name: String
    /// Its intrinsic size in points.
    public let size: CGSize
    /// Whether it takes the size it is offered.
    public let isResizable: Bool

    /// An image called `name` of `size` points (a headless stand-in for
    /// `Image(name)` loading an asset of that size).
    public init(_ name: String, size: CGSize) {
        self.init(name: name, size: size, isResizable: false)
    }

    /// An image called `name`, `width` × `height` points.
    public init(_ name: String, width: CGFloat, height: CGFloat) {
        self.init(name: name, size: CGSize(width: width, height: height), isResizable: false)
    }

    init(name: String, size: CGSize, isResizable: Bool) {
        self.name = name
        self.size = CGSize(width: max(0, size.width), height: max(0, size.height))
        self.isResizable = isResizable
    }

    /// The same image, taking the size it is offered (its own where a
    /// dimension is left open).
    public func resizable() -> Image {
        Image(name: name, size: size, isResizable: true)
    }

    public static func _makeView(_ view: Image, into graph: _ViewGraph) {
        graph.addLeaf(.image, payload: graph.images.appendIndex(ImagePayload(name: view.name, size: view.size, isResizable: view.isResizable)))
    }
}
