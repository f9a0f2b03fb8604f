import Foundation

/// Where the layout direction changes (`.environment(\.layoutDirection, …)`
/// giving its content another direction than the view around it): its
/// content is laid out as in its parent's direction, then every frame
/// inside is mirrored across this node's frame.
///
/// Apple's `LayoutDirection` page: SwiftUI "horizontally flips the x
/// position of each view within its parent, so layout calculations
/// automatically produce the desired effect for both modes"; its
/// `LayoutSubviews.layoutDirection` page says the same of custom layouts.
/// Flipping each view within its parent, all the way down, is one mirror
/// of the whole subtree across the frame where the direction changes, so
/// trees that never change direction hold no such node and pay nothing.
/// A direction changed again further in is a second mirror of that part,
/// which puts it back the right way round inside its mirrored frame.
///
/// Offsets and positions are mirrored with the rest: Apple's "Making fine
/// adjustments to a view's position" says x "starts at 0 at the leading
/// edge of a view", and "when the layout direction is set to
/// right-to-left, the 0 horizontal value is on the right side of the view".
enum LayoutDirectionNode: TransparentNodeRules {
    static func place(_ id: NodeID, _ node: Node, in frame: CGRect, proposal: ProposedViewSize, graph: _ViewGraph) {
        graph.mirrorsInProgress += 1
        graph.place(graph.firstChild(of: id), in: frame, proposal: proposal)
        graph.mirrorsInProgress -= 1
        graph.mirrorDescendants(of: id, across: frame)
    }

    static func label(_ node: Node, in graph: _ViewGraph) -> String? {
        node.payload == 0 ? "leftToRight" : "rightToLeft"
    }
}

extension _ViewGraph {
    /// Mirrors the frame of every node under `id` (views built during
    /// placement included) across the vertical line through `frame`'s middle.
    ///
    /// A host's preference value kept while an `overlayPreferenceValue`
    /// built its view (`preferenceMemo`) holds anchors made before this
    /// mirror: it is dropped, so the value collected after layout (the
    /// root's, `LayoutResult.preference`) is made from the mirrored frames,
    /// as `.bounds` anchors are everywhere else.
    func mirrorDescendants(of id: NodeID, across frame: CGRect) {
        let sum = frame.minX + frame.maxX
        let dropsMemos = !preferenceMemo.isEmpty
        var pending: [NodeID] = Array(children(of: id))
        while let next = pending.popLast() {
            let old = frames[Int(next)]
            if !old.isNull { frames[Int(next)].origin.x = sum - old.maxX }
            if dropsMemos { preferenceMemo[next] = nil }
            pending.append(contentsOf: children(of: next))
        }
    }
}
