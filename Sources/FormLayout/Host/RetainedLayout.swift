import Foundation

/// A layout kept between updates, so that a change costs what it reaches
/// rather than a whole layout: what an editor holds while someone types.
///
/// Name the views that change alone with `id(_:)` (a form's fields by
/// key). `updateInPlace(replacing:with:in:)` then builds only that view again, in
/// the environment it was first built in, and compares it node for node
/// with the one it replaces. When every node sizes and places as before
/// (the same kinds, stacks, frames, paddings and texts; a text field's
/// text, colours and preference writes may differ), nothing is sized or
/// placed again: the old nodes take what the new ones draw and write, and
/// the views built from a preference value above them
/// (`overlayPreferenceValue`) are built again the next time `result` is
/// read (preference values themselves are collected when asked for). Any other change is laid out from scratch
/// (`update(_:)`). Either way the result is the same as `ViewHost`'s for the
/// new root, bit for bit.
///
/// The caller vouches that the new root is the old one with the named
/// view replaced and nothing else that lays out or draws changed: the
/// engine cannot see what the rest of a view's `body` read.
public final class RetainedLayout<Root: View> {
    /// The window the root is offered (see `ViewHost.windowSize`).
    public let windowSize: CGSize
    /// Whether the window grows to the root's ideal size (see `ViewHost.growsToFit`).
    public let growsToFit: Bool
    let textMeasurer: any TextMeasurer

    /// Makes the root laid out now: kept unmade after an update in place
    /// (the caller's root may be costly to make), made if `result` has to
    /// lay out from scratch after all.
    var currentRoot: () -> Root
    var graph: _ViewGraph
    var rootID: NodeID
    var window: CGSize
    var cachedResult: LayoutResult?
    /// Nodes replaced or built again since the last layout from scratch:
    /// the old ones stay in the arena, so once they outnumber a layout's
    /// nodes the next update lays out from scratch, which frees them.
    var replacedNodes = 0
    var laidOutNodes = 0

    /// How many updates were made in place, how many sized and placed
    /// again what they reached (`update(replacing:with:in:)`, `insert`,
    /// `remove`), and how many laid out from scratch (the first layout included).
    public internal(set) var counts = (inPlace: 0, resized: 0, relaidOut: 0)

    /// How many times a long stack sized again by a change asked only the
    /// child that changed, its other children's answers kept from the
    /// climb before (`ClimbedStack`), since the layout was made.
    public var stacksSizedFromKeptAnswers: Int { graph.keptAnswerReuses }

    /// How many times a long stack placed again by a change, where and as
    /// it was, placed only the child that changed, its other children
    /// left where they were, since the layout was made.
    public var stacksPlacedAroundTheirChange: Int { graph.keptPlacementReuses }

    /// The names of the views whose geometry changed since the last
    /// `takeMovedViews()` (`ViewGraph+Resize.swift`): see that method.
    var movedViews: [AnyHashable] = []

    /// Lays `root` out, keeping what it computed for later updates.
    public init(_ root: Root, windowSize: CGSize, growsToFit: Bool = false, textMeasurer: any TextMeasurer = SystemTextMeasurer()) {
        currentRoot = { root }
        self.windowSize = windowSize
        self.growsToFit = growsToFit
        self.textMeasurer = textMeasurer
        (graph, rootID, window) = _ViewGraph.laidOut(root, windowSize: windowSize, growsToFit: growsToFit,
                                                     textMeasurer: textMeasurer, recordsIdentities: true)
        laidOutNodes = graph.nodes.count
        counts.relaidOut = 1
    }

    /// The layout of `root`: the same as `ViewHost(root, …).layout()`. Views
    /// built from preference values that changed in place are built again
    /// first, and the display list is drawn once per change.
    public var result: LayoutResult {
        if let cachedResult { return cachedResult }
        let before = graph.nodes.count
        if graph.refreshStaleSecondaries() {
            replacedNodes += graph.nodes.count - before
        } else {
            // A view built from a changed value inside a direction change:
            // only a new layout gives its frames to the last bit.
            relayOut(currentRoot())
        }
        let result = LayoutResult(graph: graph, root: rootID, displayList: graph.makeDisplayList(root: rootID, windowSize: window))
        cachedResult = result
        return result
    }

    /// Replaces the view named `id` with `view` in place, and returns
    /// true, when `view` lays out as the view it replaces; otherwise
    /// returns false and changes nothing: lay the new root out with
    /// `update(_:)`. The caller vouches that `newRoot` is the root laid
    /// out so far with that view replaced and nothing else changed (see
    /// the type's documentation); it is made only if drawing the result
    /// needs a layout from scratch after all (a view built from a changed
    /// preference value inside a direction change).
    public func updateInPlace<ID: Hashable, V: View>(replacing id: ID, with view: V,
                                                     in newRoot: @escaping @autoclosure () -> Root) -> Bool {
        guard replacedNodes <= laidOutNodes, let rebuilt = graph.rebuildInPlace(AnyHashable(id), with: view) else {
            return false
        }
        currentRoot = newRoot
        replacedNodes += rebuilt
        cachedResult = nil
        counts.inPlace += 1
        movedViews.append(AnyHashable(id))
        return true
    }

    /// Lays `newRoot` out from scratch: for changes no named view stands for.
    public func update(_ newRoot: Root) {
        currentRoot = { newRoot }
        relayOut(newRoot)
    }

    /// An anchor's value in window coordinates (as `LayoutResult.resolve`).
    public func resolve<T>(_ anchor: Anchor<T>) -> T {
        anchor.converted(toSpaceAt: .zero)
    }

    /// The value of `key` that the view named `id` produces (nil when it
    /// writes none or the id names no single view), without collecting
    /// anything else: after an update in place, what changed.
    public func preference<K: PreferenceKey, ID: Hashable>(_ key: K.Type, ofViewWithID id: ID) -> K.Value? {
        guard let record = graph.namedView(AnyHashable(id)) else { return nil }
        var merged = Merged<K>(in: graph, siblings: record.nodes.count)
        for node in record.nodes { merged.add(graph.preferenceValue(key, of: node)) }
        return merged.result
    }

    func relayOut(_ root: Root) {
        (graph, rootID, window) = _ViewGraph.laidOut(root, windowSize: windowSize, growsToFit: growsToFit,
                                                     textMeasurer: textMeasurer, recordsIdentities: true)
        (laidOutNodes, replacedNodes, cachedResult) = (graph.nodes.count, 0, nil)
        counts.relaidOut += 1
        movedViews = []
    }
}
