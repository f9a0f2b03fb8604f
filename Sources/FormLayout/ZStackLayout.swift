/// How a `ZStack` sizes itself from its aligned children and places them.
extension _ViewGraph {
    /// Sizes a ZStack (and places its children when `frame` is given).
    func zStackLayout(_ id: NodeID, _ p: ProposedViewSize, placingIn frame: CGRect?) -> CGSize {
        let alignment = alignments[Int(nodes[Int(id)].payload)]
        let children = self.children(of: id)
        guard !children.isEmpty else { return .zero }
        let mark = scratchSizes.count
        var minX = CGFloat.infinity, maxX = -CGFloat.infinity, minY = CGFloat.infinity, maxY = -CGFloat.infinity
        for child in children {
            let size = size(of: child, p)
            scratchSizes.append(size)
            let gx = guideValue(child, alignment.horizontal.key, size)
            let gy = guideValue(child, alignment.vertical.key, size)
            minX = min(minX, -gx); maxX = max(maxX, size.width - gx)
            minY = min(minY, -gy); maxY = max(maxY, size.height - gy)
        }
        let result = CGSize(width: maxX - minX, height: maxY - minY)
        if let frame {
            // The union's alignment line, placed where the frame's is.
            let lineX = frame.minX + (alignment.horizontal.key.fraction.map { $0 * frame.width - $0 * result.width } ?? 0) - minX
            let lineY = frame.minY + (alignment.vertical.key.fraction.map { $0 * frame.height - $0 * result.height } ?? 0) - minY
            for (offset, child) in children.enumerated() {
                let size = scratchSizes[mark + offset]
                let gx = guideValue(child, alignment.horizontal.key, size)
                let gy = guideValue(child, alignment.vertical.key, size)
                place(child, in: CGRect(x: lineX - gx, y: lineY - gy, width: size.width, height: size.height))
            }
        }
        scratchSizes.removeSubrange(mark...)
        return result
    }
}
