/// Building views into the arena. The generic entry points are
/// `@inlinable`, so that a module that builds views (FormModel, an app)
/// specialises them for its concrete view types instead of instantiating
/// type metadata at run time for every view; what they call is non-generic
/// and stays inside the engine (`@usableFromInline`).
extension _ViewGraph {
    /// Builds `view` into the graph, pushing its top-level nodes to `output`.
    @inlinable @inline(__always)
    func make<V: View>(_ view: V) {
        V._makeView(view, into: self)
    }

    /// Builds `content` and replaces each node it produced by `wrap(node)`:
    /// modifiers apply to every view of a group, as in SwiftUI.
    @inlinable
    func wrapEach<V: View>(_ content: V, _ wrap: (NodeID) -> NodeID) {
        let mark = outputMark
        make(content)
        wrapOutput(from: mark, wrap)
    }

    /// Builds `content` as the children of a new container node and pushes
    /// the container to `output`.
    @inlinable @discardableResult
    func addContainer<V: View>(_ kind: NodeKind, payload: Int, axis: AxisContext, content: V) -> NodeID {
        let scope = openChildScope(axis: axis)
        make(content)
        return closeContainer(kind, payload: payload, scope)
    }

    /// Where the views built inside a container start in `output`, and the
    /// axis to restore after them.
    @usableFromInline
    struct ChildScope {
        let mark: Int
        let outerAxis: AxisContext
        let outerIsGridContent: Bool
    }

    @usableFromInline
    var outputMark: Int { output.count }

    @usableFromInline
    func wrapOutput(from mark: Int, _ wrap: (NodeID) -> NodeID) {
        var index = mark
        while index < output.count {
            output[index] = wrap(output[index])
            index += 1
        }
    }

    /// Wraps each of `output[mark...]` in a node of `kind` carrying
    /// `payload`: `wrapEach` for the modifiers whose node is all they add,
    /// without a closure (it was called through a thunk for each modifier
    /// of each view built, three per field of a form).
    @usableFromInline
    func wrapOutput(from mark: Int, in kind: NodeKind, payload: Int) {
        var index = mark
        while index < output.count {
            output[index] = addUnary(kind, payload: payload, child: output[index])
            index += 1
        }
    }

    /// Wraps each of `output[mark...]` in a node of `kind`, except the ones
    /// `folds` takes the modifier into (a bare shape takes a fixed frame or
    /// an offset): one payload, made by `makePayload` when the first node
    /// needs it, shared by all.
    @inline(__always)
    func wrapOutput(from mark: Int, in kind: NodeKind, payload makePayload: () -> Int, unlessFolded folds: (NodeID) -> Bool) {
        var payload: Int?
        var index = mark
        while index < output.count {
            let child = output[index]
            if !folds(child) {
                let shared = payload ?? makePayload()
                payload = shared
                output[index] = addUnary(kind, payload: shared, child: child)
            }
            index += 1
        }
    }

    @usableFromInline
    func openChildScope(axis: AxisContext) -> ChildScope {
        let scope = ChildScope(mark: output.count, outerAxis: axisContext, outerIsGridContent: isBuildingGridContent)
        axisContext = axis
        isBuildingGridContent = false
        return scope
    }

    @usableFromInline
    func closeContainer(_ kind: NodeKind, payload: Int, _ scope: ChildScope) -> NodeID {
        axisContext = scope.outerAxis
        isBuildingGridContent = scope.outerIsGridContent
        let id = adopt(kind, payload: payload, childrenFrom: scope.mark)
        output.append(id)
        return id
    }

    /// Adds a node with no children and pushes it to `output`.
    @usableFromInline @discardableResult
    func addLeaf(_ kind: NodeKind, payload: Int) -> NodeID {
        let id = NodeID(nodes.count)
        var node = Node(kind: kind, axis: axisContext, payload: Int32(payload), childStart: Int32(childIDs.count), childCount: 0)
        node.setSizeDependence(sizeDependence(node, content: .both))
        node.widthOfferedInfinity = widthOfferedInfinity(kind, payload: payload, children: EmptyCollection())
        nodes.append(node)
        output.append(id)
        return id
    }

    /// Adds a node around `child` (taken from nothing: the caller owns it).
    @usableFromInline
    func addUnary(_ kind: NodeKind, payload: Int, child: NodeID) -> NodeID {
        let id = NodeID(nodes.count)
        let childNode = nodes[Int(child)]
        var node = Node(kind: kind, axis: childNode.axis, payload: Int32(payload), childStart: Int32(childIDs.count), childCount: 1)
        // Traits and writer flags travel up through modifiers.
        if childNode.hasTraits {
            node.hasTraits = true
            copyTraits(from: child, to: id)
        }
        node.subtreeWrites = childNode.subtreeWrites || kind.preferenceRole == .writes
        node.setSizeDependence(sizeDependence(node, content: childNode.sizeDependence))
        node.widthOfferedInfinity = widthOfferedInfinity(kind, payload: payload, children: CollectionOfOne(child))
        childIDs.append(child)
        nodes.append(node)
        nodes[Int(child)].parent = id
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
        node.widthOfferedInfinity = widthOfferedInfinity(kind, payload: payload, children: NodeChildren(graph: self, range: start..<childIDs.count))
        nodes.append(node)
        output.removeSubrange(mark...)
        return id
    }

    /// The traits `child` carries (`Node.hasTraits`), given to the modifier
    /// `id` around it.
    private func copyTraits(from child: NodeID, to id: NodeID) {
        if let priority = priorities[child] { priorities[id] = priority }
        if let zIndex = zIndices[child] { zIndices[id] = zIndex }
        if let span = gridCellSpans[child] { gridCellSpans[id] = span }
        if let alignment = gridColumnAlignments[child] { gridColumnAlignments[id] = alignment }
        if let axes = gridCellUnsizedAxes[child] { gridCellUnsizedAxes[id] = axes }
        if let anchor = gridCellAnchors[child] { gridCellAnchors[id] = anchor }
    }

    /// What `node`'s size depends on, asked of its kind's rules. Inlined:
    /// every node is built through here, and out of line (the rules'
    /// switch grew with Grid and ViewThatFits) it cost 2% of a layout.
    @inline(__always)
    func sizeDependence(_ node: Node, content: SizeDependence) -> SizeDependence {
        struct Ask: NodeRulesVisitor {
            let graph: _ViewGraph, node: Node, content: SizeDependence
            func visit<Rules: NodeRules>(_ rules: Rules.Type) -> SizeDependence {
                Rules.sizeDependence(node, content: content, in: graph)
            }
        }
        return node.kind.visit(Ask(graph: self, node: node, content: content))
    }

    /// The payload index of `alignment`: views repeat a handful of
    /// alignments thousands of times, so equal ones share one entry.
    @usableFromInline
    func alignmentIndex(_ alignment: Alignment) -> Int {
        if let index = alignments.lastIndex(of: alignment), index >= alignments.count - 4 { return index }
        alignments.append(alignment)
        return alignments.count - 1
    }

    /// Runs `body` with the environment changed by `change`, restoring it after.
    @usableFromInline
    func withEnvironment(_ change: (inout EnvironmentValues) -> Void, _ body: () -> Void) {
        let saved = environment
        change(&environment)
        body()
        environment = saved
    }
}
