import Foundation

/// `ZStack` (and the implicit one around an overlay's, a background's or a
/// geometry reader's content): its size is the union of its children once
/// their guides line up; it places them on that line.
enum ZStackNode: NodeRules {
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence { content }
    static var computesOwnSize: Bool { true }

    static func size(_ id: NodeID, _ node: Node, _ proposal: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        graph.zStackLayout(id, proposal, placingIn: nil)
    }

    static func place(_ id: NodeID, _ node: Node, in frame: CGRect, proposal: ProposedViewSize, graph: _ViewGraph) {
        _ = graph.zStackLayout(id, ProposedViewSize(frame.size), placingIn: frame)
    }

    /// A ZStack's guide on its own alignment is the line its children are
    /// aligned on. (A single view in an overlay or background has no
    /// implicit ZStack around it, so its explicit guides reach the host's
    /// alignment, seed 004; several are grouped in a centred one.)
    static func explicitGuide(_ id: NodeID, _ node: Node, _ key: AlignmentKey, size: CGSize, in graph: _ViewGraph) -> CGFloat? {
        let alignment = graph.alignments[Int(node.payload)]
        guard key == alignment.horizontal.key || key == alignment.vertical.key else { return nil }
        var low = CGFloat.infinity
        var isExplicit = false
        for child in graph.children(of: id) {
            let childSize = graph.size(of: child, ProposedViewSize(size))
            if graph.explicitGuide(child, key, childSize) != nil { isExplicit = true }
            low = min(low, -graph.guideValue(child, key, childSize))
        }
        return isExplicit ? -low : nil
    }

    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) { list.drawChildren(of: id) }

    static var preferenceRole: PreferenceRole { .mergesChildren }
    static func label(_ node: Node, in graph: _ViewGraph) -> String? { nil }
}

extension _ViewGraph {
    /// Sizes a ZStack (and places its children when `frame` is given).
    func zStackLayout(_ id: NodeID, _ p: ProposedViewSize, placingIn frame: CGRect?) -> CGSize {
        let alignment = alignments[Int(nodes[Int(id)].payload)]
        let children = self.children(of: id)
        guard !children.isEmpty else { return .zero }
        // Slots for all at once: a minimap's ZStack holds two children per
        // field, and growing one by one would copy them again and again.
        let mark = stackScratch.sizes.push(children.count)
        var minX = CGFloat.infinity, maxX = -CGFloat.infinity, minY = CGFloat.infinity, maxY = -CGFloat.infinity
        let guides = ZStackGuides(alignment, in: self)
        for (offset, child) in children.enumerated() {
            let size = size(of: child, p)
            stackScratch.sizes[mark + offset] = size
            let (gx, gy) = guides.values(of: child, size, in: self)
            minX = min(minX, -gx); maxX = max(maxX, size.width - gx)
            minY = min(minY, -gy); maxY = max(maxY, size.height - gy)
        }
        let result = CGSize(width: maxX - minX, height: maxY - minY)
        if let frame {
            // The union's alignment line, placed where the frame's is.
            let lineX = frame.minX + (alignment.horizontal.key.fraction.map { $0 * frame.width - $0 * result.width } ?? 0) - minX
            let lineY = frame.minY + (alignment.vertical.key.fraction.map { $0 * frame.height - $0 * result.height } ?? 0) - minY
            for (offset, child) in children.enumerated() {
                let size = stackScratch.sizes[mark + offset]
                let (gx, gy) = guides.values(of: child, size, in: self)
                place(child, in: CGRect(x: lineX - gx, y: lineY - gy, width: size.width, height: size.height))
            }
        }
        stackScratch.sizes.pop(to: mark)
        return result
    }
}

/// A ZStack's two guides for its children. Without explicit guides in
/// the tree, a built-in alignment's guide is a fraction of the child's
/// size (`guideValue`'s first answer), computed here without a call per
/// child and axis: a minimap's ZStack holds two children per field, and
/// is sized and placed with four guide values for each.
private struct ZStackGuides {
    let horizontal: AlignmentKey, vertical: AlignmentKey
    /// The fractions when they alone decide the guides.
    let fractionX: CGFloat?, fractionY: CGFloat?

    init(_ alignment: Alignment, in graph: _ViewGraph) {
        horizontal = alignment.horizontal.key
        vertical = alignment.vertical.key
        fractionX = graph.hasExplicitGuides ? nil : horizontal.fraction
        fractionY = graph.hasExplicitGuides ? nil : vertical.fraction
    }

    @inline(__always)
    func values(of child: NodeID, _ size: CGSize, in graph: _ViewGraph) -> (CGFloat, CGFloat) {
        (fractionX.map { $0 * size.width } ?? graph.guideValue(child, horizontal, size),
         fractionY.map { $0 * size.height } ?? graph.guideValue(child, vertical, size))
    }
}
