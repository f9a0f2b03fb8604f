import FormLayout

extension DisplayList {
    /// The minimap as a display list in minimap coordinates: one filled
    /// rectangle per `MinimapRect`, back to front, in a canvas as wide as the
    /// minimap area and 5 points taller than the lowest rectangle (the
    /// seed's `padding(5)`).
    public init(minimapRects rects: [MinimapRect], minimapWidth: Double) {
        let items = rects.sorted { $0.z < $1.z }.enumerated().map { index, rect in
            DisplayItem(z: index, frame: CGRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height),
                        shape: .rectangle, fill: rect.color.color, identifier: rect.key)
        }
        let bottom = rects.map { $0.y + $0.height }.max() ?? 5
        self.init(size: CGSize(width: minimapWidth, height: bottom + 5), items: items)
    }
}
