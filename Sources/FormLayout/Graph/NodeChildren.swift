/// A node's children: the run of `_ViewGraph.childIDs` that lists them,
/// indexed as that array is (the first child's index is the node's
/// `childStart`, as in a slice of it).
///
/// Read through the graph at each access: `childIDs` is memory the graph
/// owns (`UniqueArray`), so a read retains nothing, where a slice of an
/// array retained the array's buffer for each stack sized or placed and
/// each node whose preferences were collected. Reading through the graph
/// also sees the ids as they are when views built during placement have
/// grown the array.
///
/// The graph is not retained: a value lives only within a call on the
/// graph (`LayoutSubviews`, which a layout may keep, holds the range and
/// reaches the graph through its own checked reference).
struct NodeChildren: RandomAccessCollection {
    /// Unmanaged, and read through `_withUnsafeGuaranteedRef`: an
    /// `unowned(unsafe)` reference was still retained at each read.
    let graph: Unmanaged<_ViewGraph>
    let startIndex: Int
    let endIndex: Int

    init(graph: _ViewGraph, range: Range<Int>) {
        self.init(graph: .passUnretained(graph), range: range)
    }

    private init(graph: Unmanaged<_ViewGraph>, range: Range<Int>) {
        self.graph = graph
        (startIndex, endIndex) = (range.lowerBound, range.upperBound)
    }

    @inline(__always)
    subscript(position: Int) -> NodeID {
        precondition(position >= startIndex && position < endIndex, "child \(position) outside \(startIndex)..<\(endIndex)")
        return graph._withUnsafeGuaranteedRef { $0.childIDs[position] }
    }

    subscript(bounds: Range<Int>) -> NodeChildren {
        precondition(bounds.lowerBound >= startIndex && bounds.upperBound <= endIndex,
                     "children \(bounds) outside \(startIndex)..<\(endIndex)")
        return NodeChildren(graph: graph, range: bounds)
    }

    var indices: Range<Int> { startIndex..<endIndex }
    @inline(__always) func index(after i: Int) -> Int { i + 1 }
    @inline(__always) func index(before i: Int) -> Int { i - 1 }
}
