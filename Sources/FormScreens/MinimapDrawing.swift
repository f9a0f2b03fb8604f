import FormLayout
import FormModel
import Foundation

extension DisplayList {
    /// The minimap as a display list in minimap coordinates: one filled
    /// rectangle per `MinimapRect`, back to front, in a canvas as wide as the
    /// minimap area and 5 points taller than the lowest rectangle (the
    /// seed's `padding(5)`).
    public init(minimapRects rects: [MinimapRect], minimapWidth: Double) {
        // Usually in z order already (as `FormPicture` makes them): checking
        // is linear, and a sorted copy is megabytes for a large form. (By
        // index: copying each rectangle out costs more than what is done
        // with it.)
        let inOrder = rects.indices.dropFirst().allSatisfy { rects[$0 - 1].z <= rects[$0].z }
        let ordered = inOrder ? rects : rects.sorted { $0.z < $1.z }
        var items: [DisplayItem] = []
        items.reserveCapacityInHugePages(ordered.count)
        var bottom = -Double.infinity
        // Each colour boxed once and shared by the rectangles in it, found
        // by the colour's `caseIndex` (hashing its name, or searching the
        // colours, per rectangle cost more than boxing the colour again).
        var fills = [DisplayItem.SharedFill](repeating: DisplayItem.SharedFill(.clear), count: FieldColor.allCases.count)
        for color in FieldColor.allCases {
            fills[color.caseIndex] = DisplayItem.SharedFill(color.color)
        }
        // Read in place: through the array's subscript each rectangle was
        // copied whole (its key retained and released) for each one drawn.
        ordered.withUnsafeBufferPointer { ordered in
            guard let first = ordered.baseAddress else { return }
            for index in ordered.indices {
                let rect = first + index
                let frame = CGRect(x: rect.pointee.x, y: rect.pointee.y, width: rect.pointee.width, height: rect.pointee.height)
                items.append(DisplayItem(z: items.count, frame: frame, shape: .rectangle, fill: fills[rect.pointee.color.caseIndex],
                                         identifier: rect.pointee.key))
                bottom = max(bottom, rect.pointee.y + rect.pointee.height)
            }
        }
        self.init(size: CGSize(width: minimapWidth, height: (ordered.isEmpty ? 5 : bottom) + 5), items: items)
    }
}

extension DisplayList {
    /// Draws `rect` again as the minimap's item at `index` (its `z`), as
    /// `init(minimapRects:minimapWidth:)` draws it: for a minimap kept
    /// between changes whose rectangle changed colour in place. The canvas
    /// keeps its size: the rectangle did not move.
    mutating func redrawMinimapRect(_ rect: MinimapRect, at index: Int) {
        guard items.indices.contains(index) else { return }
        items[index] = DisplayItem(z: index, frame: CGRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height),
                                   shape: .rectangle, fill: rect.color.color, identifier: rect.key)
    }
}
