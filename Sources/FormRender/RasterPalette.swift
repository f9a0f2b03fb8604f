import FormLayout

/// The colours a raster uses, built while painting. Translucent items are
/// composited over what lies below them ("source over"); each distinct
/// (colour, colour below) pair is blended once and cached, so compositing
/// costs a dictionary lookup per pixel rather than floating-point work.
struct RasterPalette {
    private(set) var colors: [Color] = []
    private var lookup: [Color: UInt32] = [:]
    private var blends: [BlendKey: UInt32] = [:]

    private struct BlendKey: Hashable {
        var top: UInt32
        var below: UInt32
    }

    /// The 1-based stored index of `color`, adding it on first use.
    mutating func index(of color: Color) -> UInt32 {
        if let known = lookup[color] { return known }
        colors.append(color)
        let index = UInt32(colors.count)
        lookup[color] = index
        return index
    }

    /// The stored index of `top` (stored index `topIndex`) drawn over the
    /// pixel whose stored index is `below` (0 for empty).
    mutating func index(drawing top: Color, topIndex: UInt32, over below: UInt32) -> UInt32 {
        if below == 0 || top.opacity >= 1 { return topIndex }
        let key = BlendKey(top: topIndex, below: below)
        if let known = blends[key] { return known }
        let blended = Self.sourceOver(top, colors[Int(below) - 1])
        let index = index(of: blended)
        blends[key] = index
        return index
    }

    /// Porter–Duff "source over" with straight (non-premultiplied) alpha.
    /// The result keeps the top colour's name: a translucent red over gray
    /// still reads as red to the plain-text renderer.
    static func sourceOver(_ top: Color, _ below: Color) -> Color {
        let alpha = top.opacity
        let belowWeight = below.opacity * (1 - alpha)
        let outAlpha = alpha + belowWeight
        func channel(_ t: Double, _ b: Double) -> Double { (t * alpha + b * belowWeight) / outAlpha }
        var result = Color(
            red: channel(top.red, below.red),
            green: channel(top.green, below.green),
            blue: channel(top.blue, below.blue),
            opacity: outAlpha)
        result.name = top.name
        return result
    }
}
