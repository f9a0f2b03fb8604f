/// The flat, arena-allocated tree the engine lays out: one `Node` per
/// primitive view or modifier, children as index ranges into one shared
/// array, and kind-specific data in typed side arrays. Keeping the tree flat
/// keeps layout free of per-node allocation and existential dispatch.
///
/// Views add themselves through `_makeView`; everything here is internal
/// to the engine apart from the type's name.
///
/// The graph's state is grouped by the phase that writes it: building
/// writes the arena (nodes, children, payloads, build state); sizing writes
/// only ``sizeCache`` and ``stackScratch``; placement writes only
/// ``frames`` (and builds the views it makes from geometry and preferences
/// into the arena); collecting preferences writes only ``preferenceMemo``.
///
/// The engine is single-threaded and touches its arrays in a strict stack
/// discipline, so the stored properties opt out of dynamic exclusivity
/// checks (`@exclusivity(unchecked)`), which cost about a third of layout
/// time under callgrind; this keeps the library free of unsafe build flags.
public final class _ViewGraph {
    // The arena, written while building.
    @exclusivity(unchecked) var nodes: [Node] = []
    @exclusivity(unchecked) var childIDs: [NodeID] = []
    /// Views being built push their top-level node ids here; containers
    /// take theirs off again.
    @exclusivity(unchecked) var output: [NodeID] = []

    // Kind-specific payloads, indexed by `Node.payload`.
    @exclusivity(unchecked) var texts: [TextPayload] = []
    @exclusivity(unchecked) var shapes: [ShapePayload] = []
    @exclusivity(unchecked) var controls: [ControlPayload] = []
    @exclusivity(unchecked) var stacks: [StackPayload] = []
    @exclusivity(unchecked) var fixedFrames: [FixedFramePayload] = []
    @exclusivity(unchecked) var flexFrames: [FlexFramePayload] = []
    @exclusivity(unchecked) var insets: [EdgeInsets] = []
    @exclusivity(unchecked) var points: [CGPoint] = []
    @exclusivity(unchecked) var alignments: [Alignment] = []
    @exclusivity(unchecked) var guides: [AlignmentGuidePayload] = []
    @exclusivity(unchecked) var writers: [AnyPreferenceWriter] = []
    @exclusivity(unchecked) var readers: [(GeometryProxy) -> AnyView] = []
    @exclusivity(unchecked) var preferenceViews: [AnyPreferenceView] = []
    @exclusivity(unchecked) var spaceNames: [AnyHashable] = []
    @exclusivity(unchecked) var identifiers: [String] = []
    @exclusivity(unchecked) var changeObservers: [AnyPreferenceObserver] = []

    // Build state.
    /// Builders of the views that `ViewModifier`s being applied stand
    /// around, innermost last.
    @exclusivity(unchecked) var modifiedContents: [(_ViewGraph) -> Void] = []
    @exclusivity(unchecked) var axisContext: AxisContext = .none
    @exclusivity(unchecked) var environment = EnvironmentValues()
    /// True once any view sets an explicit alignment guide; until then the
    /// stacks skip looking for them.
    @exclusivity(unchecked) var hasExplicitGuides = false
    let textMeasurer: any TextMeasurer

    // Sizing's state (`Layout/Sizing.swift`).
    @exclusivity(unchecked) var sizeCache = SizeCache()
    /// Stack-disciplined scratch space for stacks sharing out space, so
    /// that layout allocates nothing per node.
    @exclusivity(unchecked) var stackScratch = StackScratch()

    // Placement's state (`Layout/Placement.swift`): each node's frame in
    // window coordinates.
    @exclusivity(unchecked) var frames: [CGRect] = []

    // Collecting preferences' state (`Preferences/PreferenceValues.swift`).
    /// Preference values already computed for the host of an
    /// `overlayPreferenceValue`, reused when the root's value is collected.
    @exclusivity(unchecked) var preferenceMemo: [NodeID: AnyObject] = [:]

    init(textMeasurer: any TextMeasurer) {
        self.textMeasurer = textMeasurer
    }

    /// Builds `view` into the graph, pushing its top-level nodes to `output`.
    @inline(__always)
    func make<V: View>(_ view: V) {
        V._makeView(view, into: self)
    }

    /// Adds a node with no children and pushes it to `output`.
    @discardableResult
    func addLeaf(_ kind: NodeKind, payload: Int) -> NodeID {
        let id = NodeID(nodes.count)
        var node = Node(kind: kind, axis: axisContext, payload: Int32(payload), childStart: Int32(childIDs.count), childCount: 0)
        node.setSizeDependence(sizeDependence(node, content: .both))
        nodes.append(node)
        output.append(id)
        return id
    }

    /// What `node`'s size depends on, asked of its kind's rules.
    func sizeDependence(_ node: Node, content: SizeDependence) -> SizeDependence {
        struct Ask: NodeRulesVisitor {
            let graph: _ViewGraph, node: Node, content: SizeDependence
            func visit<Rules: NodeRules>(_ rules: Rules.Type) -> SizeDependence {
                Rules.sizeDependence(node, content: content, in: graph)
            }
        }
        return node.kind.visit(Ask(graph: self, node: node, content: content))
    }

    /// Builds `content` and replaces each node it produced by `wrap(node)`:
    /// modifiers apply to every view of a group, as in SwiftUI.
    func wrapEach<V: View>(_ content: V, _ wrap: (NodeID) -> NodeID) {
        let mark = output.count
        make(content)
        var index = mark
        while index < output.count {
            output[index] = wrap(output[index])
            index += 1
        }
    }

    /// Adds a node around `child` (taken from nothing: the caller owns it).
    func addUnary(_ kind: NodeKind, payload: Int, child: NodeID) -> NodeID {
        let id = NodeID(nodes.count)
        let childNode = nodes[Int(child)]
        var node = Node(kind: kind, axis: childNode.axis, payload: Int32(payload), childStart: Int32(childIDs.count), childCount: 1)
        // Layout priority and writer flags travel up through modifiers.
        node.priority = childNode.priority
        node.subtreeWrites = childNode.subtreeWrites || kind.preferenceRole == .writes
        node.setSizeDependence(sizeDependence(node, content: childNode.sizeDependence))
        childIDs.append(child)
        nodes.append(node)
        nodes[Int(child)].parent = id
        return id
    }

    /// Builds `content` as the children of a new container node and pushes
    /// the container to `output`.
    @discardableResult
    func addContainer<V: View>(_ kind: NodeKind, payload: Int, axis: AxisContext, content: V) -> NodeID {
        let outer = axisContext
        let mark = output.count
        axisContext = axis
        make(content)
        axisContext = outer
        let id = adopt(kind, payload: payload, childrenFrom: mark)
        output.append(id)
        return id
    }

    /// Makes a node whose children are `output[mark...]`, removing them from `output`.
    func adopt(_ kind: NodeKind, payload: Int, childrenFrom mark: Int) -> NodeID {
        let id = NodeID(nodes.count)
        let start = childIDs.count
        var writes = kind.preferenceRole == .writes
        var content = SizeDependence.neither
        for index in mark..<output.count {
            let child = output[index]
            childIDs.append(child)
            nodes[Int(child)].parent = id
            writes = writes || nodes[Int(child)].subtreeWrites
            content.width = content.width || nodes[Int(child)].dependsOnWidth
            content.height = content.height || nodes[Int(child)].dependsOnHeight
        }
        var node = Node(kind: kind, axis: axisContext, payload: Int32(payload), childStart: Int32(start), childCount: Int32(output.count - mark))
        node.subtreeWrites = writes
        node.setSizeDependence(sizeDependence(node, content: content))
        nodes.append(node)
        output.removeSubrange(mark...)
        return id
    }

    /// Builds `content` inside an implicit `ZStack` with `alignment` (the
    /// content of overlays, backgrounds and geometry readers), outside any
    /// enclosing stack's axis, and returns it without pushing it to `output`.
    func makeImplicitZStack<V: View>(_ content: V, alignment: Alignment) -> NodeID {
        let outer = axisContext
        let mark = output.count
        axisContext = .none
        make(content)
        axisContext = outer
        if output.count == mark + 1 {
            // A single view aligned by its parent lays out exactly as it
            // would in a ZStack of one; the wrapper would only cost a node.
            return output.removeLast()
        }
        return adopt(.zStack, payload: alignmentIndex(alignment), childrenFrom: mark)
    }

    /// Replaces `node`'s children (used when a deferred child is built during placement).
    func setChildren(of node: NodeID, _ children: [NodeID]) {
        let start = childIDs.count
        var writes = nodes[Int(node)].kind.preferenceRole == .writes
        for child in children {
            childIDs.append(child)
            nodes[Int(child)].parent = node
            writes = writes || nodes[Int(child)].subtreeWrites
        }
        nodes[Int(node)].childStart = Int32(start)
        nodes[Int(node)].childCount = Int32(children.count)
        if writes && !nodes[Int(node)].subtreeWrites {
            // Preferences written inside the new content now flow up.
            var current = node
            while current >= 0, !nodes[Int(current)].subtreeWrites {
                nodes[Int(current)].subtreeWrites = true
                current = nodes[Int(current)].parent
            }
        }
    }

    @inline(__always)
    func children(of node: NodeID) -> ArraySlice<NodeID> {
        let n = nodes[Int(node)]
        return childIDs[Int(n.childStart)..<Int(n.childStart + n.childCount)]
    }

    @inline(__always)
    func firstChild(of node: NodeID) -> NodeID {
        childIDs[Int(nodes[Int(node)].childStart)]
    }

    /// The payload index of `alignment`: views repeat a handful of
    /// alignments thousands of times, so equal ones share one entry.
    func alignmentIndex(_ alignment: Alignment) -> Int {
        if let index = alignments.lastIndex(of: alignment), index >= alignments.count - 4 { return index }
        alignments.append(alignment)
        return alignments.count - 1
    }

    /// Runs `body` with the environment changed by `change`, restoring it after.
    func withEnvironment(_ change: (inout EnvironmentValues) -> Void, _ body: () -> Void) {
        let saved = environment
        change(&environment)
        body()
        environment = saved
    }
}

extension Array {
    /// Appends `element` and returns its index: how views and modifiers
    /// store a payload and give its index to their node.
    @inline(__always)
    mutating func appendIndex(_ element: Element) -> Int {
        append(element)
        return count - 1
    }
}
