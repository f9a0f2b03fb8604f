/// Shares one `DisplayItem.ColorBox` among everything drawn in the same
/// colour: a form draws tens of thousands of shapes and texts in a dozen
/// colours, and a box (8 bytes in a payload and in each display item)
/// instead of the colour itself (48 bytes) keeps the memory a layout writes
/// down. A colour is looked for in one slot picked by its components (a
/// new colour replaces whatever was there), then among the named system
/// colours (`DisplayItem.ColorBox.make`).
///
/// One slot rather than a search of the recent colours: a minimap's
/// rectangles come after the form's own colours, so a search passed most
/// of them for each of tens of thousands of rectangles.
struct ColorBoxCache {
    private var slots = [DisplayItem.ColorBox?](repeating: nil, count: ColorBoxCache.slotCount)
    private static var slotCount: Int { 32 }

    /// The shared box for `color`.
    mutating func box(_ color: Color) -> DisplayItem.ColorBox {
        let slot = Self.slot(of: color)
        if let box = slots[slot], box.value == color { return box }
        let box = DisplayItem.ColorBox.make(color)
        slots[slot] = box
        return box
    }

    /// The slot for `color`: its components' bits folded together and
    /// mixed by a multiply (Fibonacci hashing), so that nearby colours
    /// spread out.
    private static func slot(of color: Color) -> Int {
        let folded = color.red.bitPattern ^ (color.green.bitPattern &<< 1) ^ (color.blue.bitPattern &<< 2)
            ^ (color.opacity.bitPattern &<< 3)
        return Int(truncatingIfNeeded: (folded &* 0x9E37_79B9_7F4A_7C15) >> 59)
    }
}
