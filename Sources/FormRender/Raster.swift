import FormLayout

/// A grid of pixels produced by `Rasterizer`: each pixel is either empty
/// (nothing drawn covers its centre) or one colour.
///
/// Pixels are stored as indices into a small palette rather than as
/// `Color` values so that renderers can compare neighbouring pixels with an
/// integer comparison and look each distinct colour's escape code up once.
public struct Raster: Hashable, Sendable {
    /// Number of pixels across.
    public let width: Int
    /// Number of pixels down.
    public let height: Int
    /// The colours painted, in order of first use (a colour may since have
    /// been painted over everywhere).
    public let palette: [Color]
    /// Row-major; 0 is empty, `k` is `palette[k - 1]`.
    let indices: [UInt32]

    init(width: Int, height: Int, palette: [Color], indices: [UInt32]) {
        precondition(indices.count == width * height, "raster storage does not match its size")
        self.width = width
        self.height = height
        self.palette = palette
        self.indices = indices
    }

    /// The colour at column `x`, row `y` (0-based, from the top-left), or nil
    /// for an empty pixel or a position outside the raster.
    public subscript(x: Int, y: Int) -> Color? {
        guard let index = paletteIndex(x: x, y: y) else { return nil }
        return palette[index]
    }

    /// The position in `palette` of the pixel's colour, or nil when the
    /// pixel is empty or outside the raster.
    public func paletteIndex(x: Int, y: Int) -> Int? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        let stored = indices[y * width + x]
        return stored == 0 ? nil : Int(stored) - 1
    }
}
