import Foundation

/// Changes that resize, made in a `RetainedLayout` without laying the
/// whole tree out again (`ViewGraph+Resize.swift` says how).
extension RetainedLayout {
    /// Replaces the view named `id` with `view`: in place when it lays out
    /// as the view it replaces (as `updateInPlace(replacing:with:in:)`),
    /// otherwise by sizing again the view and its ancestors up to the first
    /// whose size stays the same, and placing again what moved. Returns
    /// false, changing nothing, when neither can be done (the id names no
    /// single view; an ancestor lines views up by explicit guides, sizes
    /// by a closure or changes direction; a change observer sits above;
    /// the arena holds more replaced nodes than a layout's): lay the new
    /// root out with `update(_:)`. The caller vouches for `newRoot` as for
    /// `updateInPlace(replacing:with:in:)`.
    public func update<ID: Hashable, V: View>(replacing id: ID, with view: V,
                                              in newRoot: @escaping @autoclosure () -> Root) -> Bool {
        guard replacedNodes <= laidOutNodes else { return false }
        let before = graph.nodes.count
        switch graph.rebuild(IdentityKey(id), with: view) {
        case .unknown:
            return false
        case .inPlace(let count):
            replacedNodes += count
            counts.inPlace += 1
            movedViews.append(AnyHashable(id))
        case .differs(let built, let record, let nodeMark, let childMark, let names):
            guard let (parent, position) = graph.position(of: record) else {
                graph.dropBuiltNodes(from: nodeMark, childMark)
                return false
            }
            let outcome = graph.splice(built, replacing: record.nodes.count, at: position, of: parent,
                                       builtFrom: nodeMark, childMark, names: names)
            guard finish(outcome, nodesBefore: before) else { return false }
            // The name now names the new view.
            graph.namedViews.upsert(IdentityKey(id), _ViewGraph.IdentityRecord(first: built.first ?? -1, others: Array(built.dropFirst()),
                                                                               context: record.context))
            movedViews.append(AnyHashable(id))
        }
        currentRoot = newRoot
        cachedResult = nil
        return true
    }

    /// Inserts `view` into the stack that holds the view named `id`, just
    /// after it, built in what that view was built in; sizes and places
    /// again what that reaches. Returns false, changing nothing, when the
    /// view named `id` is not a child of an `HStack`, `VStack` or `ZStack`
    /// or the change cannot be made incrementally (see
    /// `update(replacing:with:in:)`). A repeat's new instance goes in this
    /// way, after the last one.
    public func insert<ID: Hashable, V: View>(_ view: V, after id: ID, in newRoot: @escaping @autoclosure () -> Root) -> Bool {
        insert(view, beside: IdentityKey(id), after: true, newRoot)
    }

    /// Inserts `view` just before the view named `id` (see `insert(_:after:in:)`).
    public func insert<ID: Hashable, V: View>(_ view: V, before id: ID, in newRoot: @escaping @autoclosure () -> Root) -> Bool {
        insert(view, beside: IdentityKey(id), after: false, newRoot)
    }

    /// Takes the view named `id` out of the stack that holds it; sizes and
    /// places again what that reaches. Returns false, changing nothing,
    /// when it cannot (see `insert(_:after:in:)`).
    public func remove<ID: Hashable>(viewWithID id: ID, in newRoot: @escaping @autoclosure () -> Root) -> Bool {
        guard replacedNodes <= laidOutNodes, let record = graph.namedView(IdentityKey(id)),
              let (parent, position) = graph.position(of: record) else { return false }
        let before = graph.nodes.count
        let mark = (graph.nodes.count, graph.childIDs.count)
        let outcome = graph.splice([], replacing: record.nodes.count, at: position, of: parent,
                                   builtFrom: mark.0, mark.1, names: [:])
        guard finish(outcome, nodesBefore: before) else { return false }
        (currentRoot, cachedResult) = (newRoot, nil)
        return true
    }

    /// The names (as given to `id(_:)`) of the views whose frame, or whose
    /// content's frames, changed since the last call, or that were
    /// replaced or inserted; what a caller that keeps values computed from
    /// the views' geometry (a minimap) computes again. A view named above
    /// a moved one, whose own frame stayed, is not listed. A name may be
    /// listed more than once.
    public func takeMovedViews() -> [AnyHashable] {
        defer { movedViews = [] }
        return movedViews
    }

    /// The frame (window coordinates) of the view named `id`: its first
    /// node's; nil when the id names no single view in the tree.
    public func frame<ID: Hashable>(ofViewWithID id: ID) -> CGRect? {
        graph.namedView(IdentityKey(id)).map { graph.frames[Int($0.first)] }
    }

    private func insert<V: View>(_ view: V, beside key: IdentityKey, after: Bool, _ newRoot: @escaping () -> Root) -> Bool {
        guard replacedNodes <= laidOutNodes, let record = graph.namedView(key), record.context.isRebuildable,
              let (parent, position) = graph.position(of: record) else { return false }
        let before = graph.nodes.count
        let (nodeMark, childMark) = (graph.nodes.count, graph.childIDs.count)
        let (built, names) = graph.build(view, in: record.context)
        let outcome = graph.splice(built, replacing: 0, at: after ? position + record.nodes.count : position, of: parent,
                                   builtFrom: nodeMark, childMark, names: names)
        guard finish(outcome, nodesBefore: before) else { return false }
        (currentRoot, cachedResult) = (newRoot, nil)
        return true
    }

    /// Places again what a splice's sizing reached, and notes what moved.
    private func finish(_ outcome: _ViewGraph.ResizeOutcome, nodesBefore: Int) -> Bool {
        let again: PlacingAgain
        switch outcome {
        case .refused:
            return false
        case .placed(let stop):
            let (frame, proposal) = graph.placement(of: stop)
            again = graph.placeAgain(stop, in: frame, proposal: proposal)
        case .reachedRoot:
            // As a first layout sizes and places the root (`laidOut`).
            var size = windowSize
            if growsToFit {
                let needed = graph.size(of: rootID, ProposedViewSize(width: size.width, height: nil))
                size = CGSize(width: max(size.width, needed.width), height: max(size.height, needed.height))
            }
            let rootSize = graph.size(of: rootID, ProposedViewSize(size))
            let origin = CGPoint(x: (size.width - rootSize.width) / 2, y: (size.height - rootSize.height) / 2)
            again = graph.placeAgain(rootID, in: CGRect(origin: origin, size: rootSize), proposal: ProposedViewSize(size))
            window = size
        }
        movedViews.append(contentsOf: graph.namesMoved(by: again).map(\.value))
        replacedNodes += graph.nodes.count - nodesBefore
        counts.resized += 1
        return true
    }
}

extension _ViewGraph {
    /// The parent of a named view's nodes and where they start among its
    /// children; nil unless they are all its children, one after another.
    func position(of record: IdentityRecord) -> (parent: NodeID, position: Int)? {
        guard record.first >= 0 else { return nil }
        let parent = nodes[Int(record.first)].parent
        guard parent >= 0 else { return nil }
        let children = self.children(of: parent)
        guard let start = children.firstIndex(of: record.first) else { return nil }
        let position = start - children.startIndex
        let nodes = record.nodes
        guard position + nodes.count <= children.count,
              zip(children[start...], nodes).allSatisfy({ $0 == $1 }) else { return nil }
        return (parent, position)
    }
}
