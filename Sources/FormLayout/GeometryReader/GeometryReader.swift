import Foundation

/// A view that takes all the space it is offered and builds its content
/// from its own geometry, as SwiftUI's `GeometryReader`. The content is
/// built during placement, once the reader's frame is known, and placed at
/// the reader's top-leading corner.
public struct GeometryReader<Content: View>: _PrimitiveView {
    /// Builds the content from the reader's proxy, once the reader's frame is known.
    public var content: (GeometryProxy) -> Content

    /// A reader whose `content` is built during placement from its own geometry.
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }

    @inlinable
    public static func _makeView(_ view: Self, into graph: _ViewGraph) {
        let content = view.content
        graph.addGeometryReader { proxy in AnyView(content(proxy)) }
    }
}

/// A coordinate space for `GeometryProxy.frame(in:)`.
public enum CoordinateSpace: Hashable {
    /// The window.
    case global
    /// The view's own bounds.
    case local
    /// The bounds of the nearest ancestor marked `.coordinateSpace(name:)`.
    case named(AnyHashable)

    /// Named spaces are equal when their names are equal.
    public static func == (a: CoordinateSpace, b: CoordinateSpace) -> Bool {
        switch (a, b) {
        case (.global, .global), (.local, .local): true
        case (.named(let x), .named(let y)): x == y
        default: false
        }
    }

    /// Hashes a named space by its name, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .global: hasher.combine(0)
        case .local: hasher.combine(1)
        case .named(let name): hasher.combine(name)
        }
    }
}

/// The size and coordinates of a `GeometryReader`, and the key to resolving
/// anchors in them.
public struct GeometryProxy {
    unowned let graph: _ViewGraph
    let node: NodeID

    /// The reader's size.
    public var size: CGSize { graph.frames[Int(node)].size }

    /// A headless window has no safe area.
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }

    /// The reader's frame in `space`.
    public func frame(in space: CoordinateSpace) -> CGRect {
        let frame = graph.frames[Int(node)]
        let origin = graph.origin(of: space, from: node)
        return CGRect(x: frame.minX - origin.x, y: frame.minY - origin.y, width: frame.width, height: frame.height)
    }

    /// The anchor's value in the reader's own coordinate space.
    public subscript<T>(anchor: Anchor<T>) -> T {
        anchor.converted(toSpaceAt: graph.frames[Int(node)].origin)
    }
}

extension _ViewGraph {
    /// Adds a geometry reader whose content `read` builds once it is placed.
    @usableFromInline
    func addGeometryReader(_ read: @escaping (GeometryProxy) -> AnyView) {
        readerDirections.append(environment.layoutDirection)
        addLeaf(.geometryReader, payload: readers.appendIndex(read))
    }

    /// Where `space` has its origin in the window, seen from `node`.
    func origin(of space: CoordinateSpace, from node: NodeID) -> CGPoint {
        switch space {
        case .global:
            return .zero
        case .local:
            return frames[Int(node)].origin
        case .named(let name):
            var current = nodes[Int(node)].parent
            while current >= 0 {
                let candidate = nodes[Int(current)]
                if candidate.kind == .coordinateSpace, CoordinateSpaceNode.names(name, candidate, in: self) {
                    return frames[Int(current)].origin
                }
                current = candidate.parent
            }
            // An unknown name falls back to the window, as SwiftUI does.
            return .zero
        }
    }
}
