/// The flat, arena-allocated tree the engine lays out: one `Node` per
/// primitive view or modifier, children as index ranges into one shared
/// array, and kind-specific data in typed side arrays. Keeping the tree flat
/// keeps layout free of per-node allocation and existential dispatch.
///
/// Views add themselves through `_makeView`; everything here is internal
/// to the engine apart from the type's name.
public final class _ViewGraph {
    var nodes: [Node] = []
    var childIDs: [NodeID] = []
    /// Views being built push their top-level node ids here; containers
    /// take theirs off again.
    var output: [NodeID] = []

    // Kind-specific payloads, indexed by `Node.payload`.
    var texts: [TextPayload] = []
    var shapes: [ShapePayload] = []
    var controls: [ControlPayload] = []
    var stacks: [StackPayload] = []
    var fixedFrames: [FixedFramePayload] = []
    var flexFrames: [FlexFramePayload] = []
    var insets: [EdgeInsets] = []
    var points: [CGPoint] = []
    var alignments: [Alignment] = []
    var guides: [AlignmentGuidePayload] = []
    var writers: [AnyPreferenceWriter] = []
    var readers: [(GeometryProxy) -> AnyView] = []
    var preferenceViews: [AnyPreferenceView] = []
    var spaceNames: [AnyHashable] = []
    var identifiers: [String] = []
    var changeObservers: [AnyPreferenceObserver] = []
    /// Builders of the views that `ViewModifier`s being applied stand
    /// around, innermost last.
    var modifiedContents: [(_ViewGraph) -> Void] = []

    // Layout state, one entry per node.
    var frames: [CGRect] = []
    /// Four remembered (proposal, size) answers per node, flat (node × 4 +
    /// slot): stacks ask each child for its smallest, largest and chosen
    /// sizes and place it with a fourth, and the cache keeps that from
    /// growing exponentially with the nesting depth. Proposals are keyed by
    /// bit pattern, nil as NaN.
    var cacheWidths: [UInt] = []
    var cacheHeights: [UInt] = []
    var cacheSizes: [CGSize] = []
    var cacheNext: [UInt8] = []
    /// Each node's cache block, or -1: leaves and modifiers that hand the
    /// proposal to their child answer faster than a cache lookup, so only
    /// stacks, frames and padding get one (which also keeps the memory
    /// touched per layout, and so page faults, down).
    var cacheBlock: [Int32] = []
    /// Preference values already computed for the host of an
    /// `overlayPreferenceValue`, reused when the root's value is collected.
    var preferenceMemo: [NodeID: AnyObject] = [:]
    /// Stack-disciplined scratch space for stacks sharing out space, so
    /// that layout allocates nothing per node.
    var scratchSizes: [CGSize] = []
    var scratchFlexibility: [StackFlexibility] = []

    // Build state.
    var axisContext: AxisContext = .none
    var environment = EnvironmentValues()
    /// True once any view sets an explicit alignment guide; until then the
    /// stacks skip looking for them.
    var hasExplicitGuides = false
    let textMeasurer: any TextMeasurer
    let isDefaultMeasurer: Bool

    init(textMeasurer: any TextMeasurer) {
        self.textMeasurer = textMeasurer
        self.isDefaultMeasurer = textMeasurer is SystemTextMeasurer
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
        switch kind {
        case .text, .textField, .slider:
            node.dependsOnHeight = false
        case .toggleSwitch:
            node.dependsOnWidth = false
            node.dependsOnHeight = false
        case .divider:
            node.dependsOnWidth = axisContext != .horizontal
            node.dependsOnHeight = axisContext == .horizontal
        case .spacer:
            node.dependsOnWidth = axisContext != .vertical
            node.dependsOnHeight = axisContext != .horizontal
        default:
            break
        }
        nodes.append(node)
        output.append(id)
        return id
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
        var node = Node(kind: kind, axis: nodes[Int(child)].axis, payload: Int32(payload), childStart: Int32(childIDs.count), childCount: 1)
        // Layout priority and writer flags travel up through modifiers.
        node.priority = nodes[Int(child)].priority
        node.subtreeWrites = nodes[Int(child)].subtreeWrites || kind.writesPreferences
        node.dependsOnWidth = nodes[Int(child)].dependsOnWidth
        node.dependsOnHeight = nodes[Int(child)].dependsOnHeight
        switch kind {
        case .fixedFrame:
            let frame = fixedFrames[payload]
            if frame.width != nil { node.dependsOnWidth = false }
            if frame.height != nil { node.dependsOnHeight = false }
        case .flexFrame:
            let frame = flexFrames[payload]
            if frame.minWidth != nil || frame.idealWidth != nil || frame.maxWidth != nil { node.dependsOnWidth = true }
            if frame.minHeight != nil || frame.idealHeight != nil || frame.maxHeight != nil { node.dependsOnHeight = true }
        case .position, .geometryReader:
            node.dependsOnWidth = true
            node.dependsOnHeight = true
        default:
            break
        }
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
        var writes = kind.writesPreferences
        var dependsOnWidth = false
        var dependsOnHeight = false
        for index in mark..<output.count {
            let child = output[index]
            childIDs.append(child)
            nodes[Int(child)].parent = id
            writes = writes || nodes[Int(child)].subtreeWrites
            dependsOnWidth = dependsOnWidth || nodes[Int(child)].dependsOnWidth
            dependsOnHeight = dependsOnHeight || nodes[Int(child)].dependsOnHeight
        }
        var node = Node(kind: kind, axis: axisContext, payload: Int32(payload), childStart: Int32(start), childCount: Int32(output.count - mark))
        node.subtreeWrites = writes
        node.dependsOnWidth = dependsOnWidth
        node.dependsOnHeight = dependsOnHeight
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
        var writes = nodes[Int(node)].kind.writesPreferences
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
