import Foundation

/// Two children, the host and a secondary view (`overlay`, `background`,
/// `overlayPreferenceValue`, `backgroundPreferenceValue`). The composite is
/// the host's size and frame (the secondary never changes it, seed 004);
/// the secondary is offered the host's size and aligned on it; a
/// background draws, and writes its preferences, before its host, an
/// overlay after.
protocol SecondaryViewRules: TransparentNodeRules {
    /// True for a background: the secondary view is behind the host.
    static var secondaryIsBehind: Bool { get }
    /// True when the secondary view is built from the host's preferences
    /// once the host is placed (`overlayPreferenceValue`), false when it
    /// was built with the host.
    static var secondaryIsBuiltFromPreferences: Bool { get }
}

extension SecondaryViewRules {
    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) {
        if secondaryIsBehind {
            // Secondary, then host.
            for child in list.graph.children(of: id).reversed() { list.draw(child) }
        } else {
            list.drawChildren(of: id)
        }
    }

    static var preferenceRole: PreferenceRole { secondaryIsBehind ? .secondaryFirst : .hostFirst }
}

extension SecondaryViewRules {
    static func place(_ id: NodeID, _ node: Node, in frame: CGRect, proposal: ProposedViewSize, graph: _ViewGraph) {
        let host = graph.firstChild(of: id)
        graph.place(host, in: frame, proposal: proposal)
        if secondaryIsBuiltFromPreferences && graph.placingAgain != nil {
            // Placing a part of the tree again: the view is built from the
            // host's value the next time the tree is drawn, once, however
            // many changes come first (`refreshStaleSecondaries`).
            graph.markStale(id)
            return
        }
        if secondaryIsBuiltFromPreferences {
            // The host is laid out first: its preferences (and the anchors
            // in them) are what the secondary view is built from.
            // Built in the direction around the modifier, as a reader's content is.
            var secondary = NodeID(0)
            graph.withEnvironment({ $0.layoutDirection = graph.preferenceViewDirections[Int(node.payload)] }) {
                secondary = graph.preferenceViews[Int(node.payload)].makeView(graph: graph, host: host)
            }
            graph.setChildren(of: id, [host, secondary])
            graph.growLayoutState()
            graph.placeSecondary(secondary, over: frame, alignment: .center)
        } else {
            graph.placeSecondary(graph.childIDs[Int(node.childStart) + 1], over: frame, alignment: graph.alignments[Int(node.payload)])
        }
    }
}

/// `overlay`: the secondary view in front of the host.
enum OverlayNode: SecondaryViewRules {
    static var secondaryIsBehind: Bool { false }
    static var secondaryIsBuiltFromPreferences: Bool { false }
}

/// `background`: the secondary view behind the host.
enum BackgroundNode: SecondaryViewRules {
    static var secondaryIsBehind: Bool { true }
    static var secondaryIsBuiltFromPreferences: Bool { false }
}

/// `overlayPreferenceValue`: in front of the host, a view built from the
/// host's value of a preference key once the host is laid out.
enum PreferenceOverlayNode: SecondaryViewRules {
    static var secondaryIsBehind: Bool { false }
    static var secondaryIsBuiltFromPreferences: Bool { true }
}

/// `backgroundPreferenceValue`: behind the host, a view built from the
/// host's value of a preference key once the host is laid out.
enum PreferenceBackgroundNode: SecondaryViewRules {
    static var secondaryIsBehind: Bool { true }
    static var secondaryIsBuiltFromPreferences: Bool { true }
}

extension _ViewGraph {
    /// Places the secondary view of an overlay or background over its
    /// host's frame.
    func placeSecondary(_ secondary: NodeID, over frame: CGRect, alignment: Alignment) {
        placeAligned(secondary, proposal: ProposedViewSize(frame.size), in: frame, alignment)
    }
}
