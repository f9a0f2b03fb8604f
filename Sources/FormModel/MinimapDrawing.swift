import FormLayout

extension DisplayList {
    /// The minimap as a display list in minimap coordinates: one filled
    /// rectangle per `MinimapRect`, back to front, in a canvas as wide as the
    /// minimap area and 5 points taller than the lowest rectangle (the
    /// seed's `padding(5)`).
    public init(minimapRects rects: [MinimapRect], minimapWidth: Double) {
        // Usually in z order already (as `FormPicture` makes them): checking
        // is linear, and a sorted copy is megabytes for a large form.
        let inOrder = zip(rects, rects.dropFirst()).allSatisfy { $0.z <= $1.z }
        let ordered = inOrder ? rects : rects.sorted { $0.z < $1.z }
        var items: [DisplayItem] = []
        items.reserveCapacityInHugePages(ordered.count)
        var bottom = -Double.infinity
        for rect in ordered {
            items.append(DisplayItem(z: items.count, frame: CGRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height),
                                     shape: .rectangle, fill: rect.color.color, identifier: rect.key))
            bottom = max(bottom, rect.y + rect.height)
        }
        self.init(size: CGSize(width: minimapWidth, height: (ordered.isEmpty ? 5 : bottom) + 5), items: items)
    }
}
