import Foundation

/// Runs a root view headlessly in a window of a given size, as a hosting
/// controller would: the root is offered the window's size and centred in
/// it. The result holds the display list, every view's frame and the root's
/// preference values.
public struct ViewHost<Root: View> {
    /// The view laid out; offered the whole window and centred in it.
    public var root: Root
    /// The window's size; the root is offered exactly this (see `growsToFit`).
    public var windowSize: CGSize
    /// Measures every text; replace it to match a real font.
    public var textMeasurer: any TextMeasurer
    /// When true, a root whose ideal size is larger than `windowSize` gets a
    /// window that large (as a window resized to fit its content).
    public var growsToFit: Bool

    /// A host for `root`; nothing is computed until `layout()`.
    public init(_ root: Root, windowSize: CGSize, growsToFit: Bool = false, textMeasurer: any TextMeasurer = SystemTextMeasurer()) {
        self.root = root
        self.windowSize = windowSize
        self.growsToFit = growsToFit
        self.textMeasurer = textMeasurer
    }

    /// Builds, lays out and draws the root view.
    public func layout() -> LayoutResult {
        let (graph, rootID, window) = _ViewGraph.laidOut(root, windowSize: windowSize, growsToFit: growsToFit, textMeasurer: textMeasurer)
        return LayoutResult(graph: graph, root: rootID, displayList: graph.makeDisplayList(root: rootID, windowSize: window))
    }
}

extension _ViewGraph {
    /// A new graph of `root`, laid out in a window of `windowSize` (grown
    /// to fit the root's ideal size when `growsToFit`): the graph, the
    /// root's node and the window used. `recordsIdentities` records the
    /// views named with `id(_:)` (for `RetainedLayout`).
    static func laidOut<Root: View>(_ root: Root, windowSize: CGSize, growsToFit: Bool, textMeasurer: any TextMeasurer,
                                    recordsIdentities: Bool = false) -> (graph: _ViewGraph, root: NodeID, window: CGSize) {
        let graph = _ViewGraph(textMeasurer: textMeasurer)
        graph.recordsIdentities = recordsIdentities
        // A layout that names views keeps what placing again needs.
        graph.recordsPlacement = recordsIdentities
        // The root is wrapped in a ZStack so that several top-level views
        // and an empty body lay out like any content.
        let rootID = graph.makeImplicitZStack(root, alignment: .center)
        // Views built during placement (from geometry or preferences) are
        // not named: they are built again with whatever they are built from.
        graph.recordsIdentities = false
        graph.growLayoutState()
        var windowSize = windowSize
        if growsToFit {
            // The height the root wants at the window's width (and the width
            // it insists on): one sizing pass whose width-bound answers the
            // final pass then finds in the cache.
            let needed = graph.size(of: rootID, ProposedViewSize(width: windowSize.width, height: nil))
            windowSize = CGSize(width: max(windowSize.width, needed.width), height: max(windowSize.height, needed.height))
        }
        let size = graph.size(of: rootID, ProposedViewSize(windowSize))
        let origin = CGPoint(x: (windowSize.width - size.width) / 2, y: (windowSize.height - size.height) / 2)
        graph.place(rootID, in: CGRect(origin: origin, size: size), proposal: ProposedViewSize(windowSize))
        if !graph.changeObservers.isEmpty { graph.notifyObservers(from: rootID) }
        return (graph, rootID, windowSize)
    }
}

/// What a layout produced.
public final class LayoutResult {
    let graph: _ViewGraph
    let root: NodeID
    /// Everything drawn, back to front.
    public let displayList: DisplayList

    init(graph: _ViewGraph, root: NodeID, displayList: DisplayList) {
        self.graph = graph
        self.root = root
        self.displayList = displayList
    }

    /// The root's value for `key` (the key's default when nothing writes it).
    public func preference<K: PreferenceKey>(_ key: K.Type) -> K.Value {
        graph.preferenceValue(key, of: root) ?? K.defaultValue
    }

    /// An anchor's value in window coordinates (as a `GeometryProxy` at the
    /// window's origin would see it).
    public func resolve<T>(_ anchor: Anchor<T>) -> T {
        anchor.converted(toSpaceAt: .zero)
    }

    /// Whether any view writes `key` at all.
    public func hasPreference<K: PreferenceKey>(_ key: K.Type) -> Bool {
        graph.preferenceValue(key, of: root) != nil
    }

    /// The frame (window coordinates) of the first view tagged with
    /// `accessibilityIdentifier(identifier)`.
    public func frame(of identifier: String) -> CGRect? {
        for index in 0..<graph.nodes.count where graph.nodes[index].kind == .identifier {
            let node = graph.nodes[index]
            if graph.identifiers[Int(node.payload)] == identifier, graph.isShown(NodeID(index)) { return graph.frames[index] }
        }
        return nil
    }

    /// How many nodes the layout graph holds (primitive views and modifiers;
    /// a `frame(width:height:)` giving both dimensions to a shape with no
    /// other modifier is folded into the shape, one node, and so is an
    /// `offset` around such a shape or a bare one).
    public var nodeCount: Int { graph.nodes.count }

    /// The resolved tree with every node's frame, for debugging and tests.
    /// A `frame(width:height:)` giving both dimensions to a shape with no
    /// other modifier appears as the shape alone, at the frame's place; an
    /// `offset` around such a shape (or a bare one) as the shape alone,
    /// where it is drawn.
    public var tree: LayoutTree { LayoutTree(graph: graph, id: root) }
}

/// One node of the resolved tree: what it is and where it ended up.
public struct LayoutTree: CustomStringConvertible {
    /// The kind of node: `hStack`, `text`, `padding`, `overlay` …
    public let kind: String
    /// Its frame in window coordinates.
    public let frame: CGRect
    /// The tag given with `accessibilityIdentifier`, or the text shown.
    public let label: String?
    /// The node's children; a modifier node's child is the view it wraps.
    public let children: [LayoutTree]

    init(graph: _ViewGraph, id: NodeID) {
        let node = graph.nodes[Int(id)]
        kind = "\(node.kind)"
        frame = graph.frames[Int(id)]
        label = graph.label(of: node)
        children = graph.children(of: id).map { LayoutTree(graph: graph, id: $0) }
    }

    /// An indented outline: one line per node with its frame.
    public var description: String {
        var lines: [String] = []
        func visit(_ tree: LayoutTree, _ depth: Int) {
            let f = tree.frame
            var line = String(repeating: "  ", count: depth) + tree.kind
            line += " (\(format(f.minX)), \(format(f.minY)), \(format(f.width))×\(format(f.height)))"
            if let label = tree.label { line += " \"\(label)\"" }
            lines.append(line)
            for child in tree.children { visit(child, depth + 1) }
        }
        visit(self, 0)
        return lines.joined(separator: "\n")
    }

    private func format(_ value: CGFloat) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", Double(value))
    }
}
