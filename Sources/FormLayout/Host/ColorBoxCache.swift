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

    /// The slot of `recent` the last call found or filled: runs of one
    /// colour (a form's field backgrounds, a minimap's rectangles) are
    /// answered with one comparison.
    private var last = 0

    /// The shared box for `color`.
    mutating func box(_ color: Color) -> DisplayItem.ColorBox {
        if last < recent.count && recent[last].value == color { return recent[last] }
        // By index: iterating the array would retain each box it passes.
        var index = 0
        while index < recent.count {
            if recent[index].value == color {
                last = index
                return recent[index]
            }
            index += 1
        }
        let box = DisplayItem.ColorBox.make(color)
        if recent.count < Self.capacity {
            recent.append(box)
            last = recent.count - 1
        } else {
            recent[next] = box
            last = next
            next = (next + 1) % Self.capacity
        }
        return box
    }
}
