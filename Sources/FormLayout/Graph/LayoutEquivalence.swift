import Foundation

/// Whether a view built again lays out as the one it replaces, so that it
/// may take its place without sizing or placing anything again
/// (`ViewGraph+InPlaceUpdate.swift`).
extension _ViewGraph {
    /// Whether the node `new` (built again, not yet in the tree) and the
    /// node `old` it would replace are of one kind, with the same flags,
    /// number of children, and whatever of their payloads decides sizes
    /// and placement. What only decides drawing or preference values may
    /// differ: a text field's text, a shape's or a text's colour, a
    /// preference write, a tag. Then every size `old` and its subtree gave
    /// (the size cache's answers, the frames) is also `new`'s.
    ///
    /// The kinds whose size or placement depend on what cannot be compared
    /// (a closure: geometry readers, preference views, custom layouts) or
    /// that are rare in forms answer false: the caller lays out again.
    func laysOutAlike(_ old: NodeID, _ new: NodeID) -> Bool {
        let a = nodes[Int(old)], b = nodes[Int(new)]
        guard a.kind == b.kind, a.axis == b.axis, a.childCount == b.childCount,
              a.subtreeWrites == b.subtreeWrites, !a.hasTraits, !b.hasTraits,
              a.isFixedHorizontally == b.isFixedHorizontally, a.isFixedVertically == b.isFixedVertically,
              a.dependsOnWidth == b.dependsOnWidth, a.dependsOnHeight == b.dependsOnHeight,
              a.widthOfferedInfinity == b.widthOfferedInfinity else { return false }
        let (p, q) = (Int(a.payload), Int(b.payload))
        switch a.kind {
        case .text:
            // The colour only draws.
            let (x, y) = (texts[p].layout, texts[q].layout)
            return x.string == y.string && x.font == y.font && x.lineLimit == y.lineLimit
        case .textField, .textEditor, .slider, .toggleSwitch:
            // Sized by the proposal and the font alone; the text, value
            // and state only draw.
            return controls[p].font == controls[q].font && controls[p].isRightToLeft == controls[q].isRightToLeft
        case .shape:
            // Every shape takes what it is offered unless a frame was
            // folded into it, and is put there unless moved by an offset.
            guard shapes[p].foldedOffset == shapes[q].foldedOffset else { return false }
            switch (shapes[p].foldedFrame, shapes[q].foldedFrame) {
            case (nil, nil): return true
            case let (x?, y?): return x.size == y.size && alignments[Int(x.alignment)] == alignments[Int(y.alignment)]
            default: return false
            }
        case .spacer, .offset, .position:
            return points[p] == points[q]
        case .divider, .hidden, .fixedSize, .identifier:
            return true
        case .hStack, .vStack:
            return stacks[p].spacing == stacks[q].spacing && stacks[p].crossAlignment == stacks[q].crossAlignment
        case .zStack, .overlay, .background:
            return alignments[p] == alignments[q]
        case .fixedFrame:
            let (x, y) = (fixedFrames[p], fixedFrames[q])
            return x.width == y.width && x.height == y.height && alignments[Int(x.alignment)] == alignments[Int(y.alignment)]
        case .flexFrame:
            return flexFrames[p] == flexFrames[q]
        case .padding:
            return insets[p] == insets[q]
        case .preferenceWriter:
            // The value written may differ: that is what the caller reads again.
            return writers[p].keyID == writers[q].keyID
        case .coordinateSpace:
            return spaceNames[p] == spaceNames[q]
        case .layoutDirection:
            return p == q
        case .image, .customLayout, .viewThatFits, .grid, .gridRow, .alignmentGuide, .aspectRatio, .rotation,
             .preferenceObserver, .geometryReader, .preferenceOverlay, .preferenceBackground:
            return false
        }
    }
}
