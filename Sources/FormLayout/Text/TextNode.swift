import Foundation

/// A run of text: wraps at the width offered, ignores the height offered,
/// and sets the first and last text baselines.
enum TextNode: LeafNodeRules {
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence {
        SizeDependence(width: true, height: false)
    }

    static func size(_ id: NodeID, _ node: Node, _ proposal: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        let index = Int(node.payload)
        // Offered at least its natural width (the stacks' largest and most
        // chosen sizes), text is its paragraphs on one line each: answered
        // from the layout's plain fields, as `TextLayout.size` answers it,
        // without copying the layout (its string and glyphs) out of the
        // payloads for the call. Empty text takes the general path.
        let naturalWidth = graph.texts[index].layout.naturalWidth
        let paragraphCount = graph.texts[index].layout.paragraphCount
        if naturalWidth > 0, !(proposal.width.map { $0 < naturalWidth } ?? false),
           graph.texts[index].layout.lineLimit.map({ paragraphCount <= $0 }) ?? true {
            return CGSize(width: naturalWidth, height: CGFloat(paragraphCount) * graph.texts[index].layout.font.lineHeight)
        }
        return graph.texts[index].layout.size(proposedWidth: proposal.width, measurer: graph.textMeasurer)
    }

    static func explicitGuide(_ id: NodeID, _ node: Node, _ key: AlignmentKey, size: CGSize, in graph: _ViewGraph) -> CGFloat? {
        let layout = graph.texts[Int(node.payload)].layout
        if key == VerticalAlignment.firstTextBaseline.key { return layout.baselineOffset }
        if key == VerticalAlignment.lastTextBaseline.key { return size.height - layout.font.lineHeight + layout.baselineOffset }
        return nil
    }

    static func label(_ node: Node, in graph: _ViewGraph) -> String? { graph.texts[Int(node.payload)].layout.string }

    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) {
        // The payload's parts read where they are: a copy of it retained
        // and released its string, its advances and its colour per text.
        let index = Int(node.payload)
        let frame = list.frame(of: id)
        let lines = list.graph.texts[index].layout.onlyLine(in: frame.width).map { [$0] }
            ?? list.graph.texts[index].layout.lines(in: frame.width, measurer: list.graph.textMeasurer)
        list.add(frame, .text(lines: lines, font: list.graph.texts[index].layout.font), fill: list.graph.texts[index].color)
    }
}

/// What a text node shows.
struct TextPayload {
    let layout: TextLayout
    /// Shared with everything drawn in the same colour (`ColorBoxCache`).
    let color: DisplayItem.ColorBox
}
