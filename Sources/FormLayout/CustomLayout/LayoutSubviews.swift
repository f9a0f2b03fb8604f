import Foundation

/// The subviews of a ``Layout`` container, in code order (SwiftUI's
/// `LayoutSubviews`).
public struct LayoutSubviews: RandomAccessCollection, Equatable {
    unowned let graph: _ViewGraph
    /// Where the container's children are listed in the graph's
    /// `childIDs`, and the 0-based positions of those in this collection
    /// (a slice of it keeps its indices). A range, not the children
    /// themselves: a layout may keep its subviews, and they are read
    /// through `graph`, whose reference is checked.
    let childIndices: Range<Int>
    let positions: Range<Int>

    init(graph: _ViewGraph, children: NodeChildren) {
        self.init(graph: graph, childIndices: children.indices, positions: 0..<children.count)
    }

    private init(graph: _ViewGraph, childIndices: Range<Int>, positions: Range<Int>) {
        self.graph = graph
        self.childIndices = childIndices
        self.positions = positions
    }

    /// The first subview's position: 0 for a container's subviews.
    public var startIndex: Int { positions.lowerBound }
    public var endIndex: Int { positions.upperBound }

    /// The subview at `index`.
    public subscript(index: Int) -> LayoutSubview {
        precondition(positions.contains(index), "subview index \(index) out of range \(positions)")
        let graph = self.graph
        return LayoutSubview(graph: graph, id: graph.childIDs[childIndices.lowerBound + index])
    }

    /// The subviews in `bounds`, keeping their indices.
    public subscript(bounds: Range<Int>) -> LayoutSubviews {
        LayoutSubviews(graph: graph, childIndices: childIndices, positions: bounds.clamped(to: positions))
    }

    /// The node ids of these subviews.
    var nodeIDs: NodeChildren {
        NodeChildren(graph: graph, range: (childIndices.lowerBound + positions.lowerBound)..<(childIndices.lowerBound + positions.upperBound))
    }

    /// Equal when they are the same subviews of the same layout pass.
    public static func == (a: LayoutSubviews, b: LayoutSubviews) -> Bool {
        a.graph === b.graph && a.nodeIDs.elementsEqual(b.nodeIDs)
    }
}

/// One subview of a ``Layout`` container (SwiftUI's `LayoutSubview`): ask
/// it its size for a proposal, read its guides and traits, and place it.
public struct LayoutSubview: Equatable {
    unowned let graph: _ViewGraph
    let id: NodeID

    /// The size the subview chooses for `proposal`.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        graph.size(of: id, proposal)
    }

    /// The subview's size and guides for `proposal`.
    public func dimensions(in proposal: ProposedViewSize) -> ViewDimensions {
        graph.dimensions(id, graph.size(of: id, proposal))
    }

    /// Its `layoutPriority` (default 0).
    public var priority: Double { graph.priority(of: id) }

    /// The spacing it wants from its neighbours (the engine's uniform
    /// default spacing on every edge).
    public var spacing: ViewSpacing { ViewSpacing(uniform: SwiftUIConstants.defaultStackSpacing) }

    /// Places the subview so that its `anchor` point sits at `position`
    /// (window coordinates), at the size it chooses for `proposal`.
    public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {
        graph.placeSubview(id, at: position, anchor: anchor, proposal: proposal)
    }

    /// Equal when they are the same subview of the same layout pass.
    public static func == (a: LayoutSubview, b: LayoutSubview) -> Bool { a.graph === b.graph && a.id == b.id }
}

/// The space a view wants between itself and its neighbours, edge by edge
/// (SwiftUI's `ViewSpacing`). The engine gives every view the same spacing,
/// so distances are the larger of the two edges' values.
public struct ViewSpacing: Hashable, Sendable {
    var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat

    /// No spacing.
    public static let zero = ViewSpacing(uniform: 0)

    /// No spacing.
    public init() { self.init(uniform: 0) }

    init(uniform length: CGFloat) {
        (top, leading, bottom, trailing) = (length, length, length, length)
    }

    /// The distance between this view and `next` placed after it along `axis`.
    public func distance(to next: ViewSpacing, along axis: Axis) -> CGFloat {
        axis == .horizontal ? max(trailing, next.leading) : max(bottom, next.top)
    }

    /// Takes, on `edges`, the larger of this spacing and `other`.
    public mutating func formUnion(_ other: ViewSpacing, edges: Edge.Set = .all) {
        if edges.contains(.top) { top = max(top, other.top) }
        if edges.contains(.leading) { leading = max(leading, other.leading) }
        if edges.contains(.bottom) { bottom = max(bottom, other.bottom) }
        if edges.contains(.trailing) { trailing = max(trailing, other.trailing) }
    }

    /// This spacing with `other` taken on `edges` where it is larger.
    public func union(_ other: ViewSpacing, edges: Edge.Set = .all) -> ViewSpacing {
        var copy = self
        copy.formUnion(other, edges: edges)
        return copy
    }
}
