/// Shares one `DisplayItem.ColorBox` among everything drawn in the same
/// colour: a form draws tens of thousands of shapes and texts in a dozen
/// colours, and a box (8 bytes in a payload and in each display item)
/// instead of the colour itself (48 bytes) keeps the memory a layout writes
/// down. The most recent colours are searched first, then the named system
/// colours (`DisplayItem.ColorBox.make`).
struct ColorBoxCache {
    private var recent: [DisplayItem.ColorBox] = []
    /// The slot of `recent` the next new colour replaces once it is full.
    private var next = 0
    private static let capacity = 16

    /// The shared box for `color`.
    mutating func box(_ color: Color) -> DisplayItem.ColorBox {
        // By index: iterating the array would retain each box it passes.
        var index = 0
        while index < recent.count {
            if recent[index].value == color { return recent[index] }
            index += 1
        }
        let box = DisplayItem.ColorBox.make(color)
        if recent.count < Self.capacity {
            recent.append(box)
        } else {
            recent[next] = box
            next = (next + 1) % Self.capacity
        }
        return box
    }
}
