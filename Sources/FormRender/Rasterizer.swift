import FormLayout
import Foundation

/// Turns a display list (or a region of it) into a `Raster` at a chosen
/// resolution, the common first step of the terminal renderers.
///
/// Rules:
/// - Painter's algorithm: items are painted in ascending `z` (ties keep list
///   order), so a pixel ends up with the colour of the topmost item that
///   covers the pixel's *centre*.
/// - Coverage is half-open on the right and bottom edges, so two rectangles
///   that share an edge never both claim a pixel.
/// - Circles, capsules and rounded corners are tested against the true
///   outline; a circle's corners stay empty.
/// - Items whose fill is `clear` (opacity 0) paint nothing; translucent
///   fills are composited over what lies below (keeping the top colour's
///   name).
/// - A stroke paints a band along the inside of the outline, one pixel or
///   one point wide, whichever is wider, so that an outline survives any
///   downscaling (a text field's border stays visible in the minimap).
/// - Text: see `TextPainting`.
/// - Only the window (`DisplayList.size`) is drawn: parts of items outside
///   it are clipped, as on screen. A pixel nothing covers stays empty (nil).
public struct Rasterizer: Hashable, Sendable {
    /// How text items appear in a raster. Renderers at terminal resolution
    /// have no fonts, and a glyph is usually smaller than a pixel there.
    public enum TextPainting: Hashable, Sendable {
        /// Each non-blank line paints its *line box* with the text colour:
        /// the frame's width by one `font.lineHeight` (clipped to the
        /// frame). Honest about where text is without pretending to know
        /// glyph shapes. Blank lines paint nothing.
        case lineBoxes
        /// Text items are not painted at all.
        case skip
    }

    /// How text items are painted.
    public var text: TextPainting

    /// A rasteriser painting text as `text` says (line boxes by default).
    public init(text: TextPainting = .lineBoxes) {
        self.text = text
    }

    /// Rasterises `region` of `list` (the whole window when nil) into a
    /// `width` × `height` pixel grid. Pixel `(i, j)` samples the point at
    /// the centre of its cell of the region. Pixels need not be square.
    /// A non-positive size or an empty region gives an empty raster.
    public func rasterize(_ list: DisplayList, region: CGRect? = nil, width: Int, height: Int) -> Raster {
        let width = max(width, 0), height = max(height, 0)
        let region = region ?? CGRect(origin: .zero, size: list.size)
        var canvas = Canvas(width: width, height: height, region: region, window: CGRect(origin: .zero, size: list.size))
        if canvas.isDrawable {
            let items = list.items
            // An item that reaches no pixel of the region paints nothing:
            // it is passed over before it is copied. (The editor draws the
            // top of a long form's minimap: of twenty thousand rectangles,
            // a few hundred are in the rows shown.) Everything `paint` does
            // for an untransformed item lies inside its frame.
            func paintIfReached(_ position: Int) {
                if items[position].transform == nil, canvas.misses(items[position].frame) { return }
                paint(items[position], on: &canvas)
            }
            // Items usually come in z order already (layouts and minimaps
            // number them so): they are painted in list order, which is z
            // order until an item says otherwise; then the painting starts
            // again, sorted. (Sorting them anyway cost more than painting.)
            var previousZ = Int.min
            var inOrder = true
            for position in items.indices {
                guard items[position].z >= previousZ else {
                    inOrder = false
                    break
                }
                previousZ = items[position].z
                paintIfReached(position)
            }
            if !inOrder {
                canvas = Canvas(width: width, height: height, region: region, window: CGRect(origin: .zero, size: list.size))
                for position in items.indices.sorted(by: { (items[$0].z, $0) < (items[$1].z, $1) }) { paintIfReached(position) }
            }
        }
        return Raster(width: width, height: height, palette: canvas.palette.colors, indices: canvas.indices)
    }

    private func paint(_ item: DisplayItem, on canvas: inout Canvas) {
        if let transform = item.transform {
            // Rotated: each pixel centre is taken back into the item's own
            // frame and tested there; text is drawn as its line boxes.
            guard let inverse = transform.inverted else { return }
            paintTransformed(item, transform: transform, inverse: inverse, on: &canvas)
            return
        }
        if case .text(let lines, let font) = item.shape {
            guard text == .lineBoxes, !item.fill.isInvisible else { return }
            let lineHeight = font.lineHeight
            for (number, line) in lines.enumerated() where !line.allSatisfy(\.isWhitespace) {
                let box = CGRect(
                    x: item.frame.minX, y: item.frame.minY + CGFloat(number) * lineHeight,
                    width: item.frame.width, height: lineHeight)
                canvas.fill(box.intersection(item.frame), with: item.fill, where: nil)
            }
            return
        }
        guard let outline = ShapeCoverage(shape: item.shape, frame: item.frame) else { return }
        if !item.fill.isInvisible {
            canvas.fill(item.frame, with: item.fill, where: outline.isRectangle ? nil : { outline.distance(x: $0, y: $1) <= 0 })
        }
        if let stroke = item.stroke, !stroke.isInvisible {
            let band = max(1, canvas.pixelWidth, canvas.pixelHeight)
            canvas.fill(item.frame, with: stroke) { x, y in
                let distance = outline.distance(x: x, y: y)
                return distance <= 0 && distance > -band
            }
        }
    }
}

extension Rasterizer {
    private func paintTransformed(_ item: DisplayItem, transform: AffineTransform2D, inverse: AffineTransform2D, on canvas: inout Canvas) {
        func covering(_ rect: CGRect) -> CGRect {
            let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                           CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)].map(transform.apply)
            let xs = corners.map(\.x), ys = corners.map(\.y)
            guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return .null }
            return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
        func back(_ x: Double, _ y: Double) -> CGPoint { inverse.apply(to: CGPoint(x: x, y: y)) }
        if case .text(let lines, let font) = item.shape {
            guard text == .lineBoxes, !item.fill.isInvisible else { return }
            for (number, line) in lines.enumerated() where !line.allSatisfy(\.isWhitespace) {
                let box = CGRect(x: item.frame.minX, y: item.frame.minY + CGFloat(number) * font.lineHeight,
                                 width: item.frame.width, height: font.lineHeight).intersection(item.frame)
                guard !box.isNull else { continue }
                canvas.fill(covering(box), with: item.fill) { x, y in box.contains(back(x, y)) }
            }
            return
        }
        guard let outline = ShapeCoverage(shape: item.shape, frame: item.frame) else { return }
        let frame = item.frame
        if !item.fill.isInvisible {
            canvas.fill(covering(frame), with: item.fill) { x, y in
                let point = back(x, y)
                return frame.contains(point) && outline.distance(x: Double(point.x), y: Double(point.y)) <= 0
            }
        }
        if let stroke = item.stroke, !stroke.isInvisible {
            let band = max(1, canvas.pixelWidth, canvas.pixelHeight)
            canvas.fill(covering(frame), with: stroke) { x, y in
                let point = back(x, y)
                let distance = outline.distance(x: Double(point.x), y: Double(point.y))
                return distance <= 0 && distance > -band
            }
        }
    }
}

/// The pixels being painted and the mapping from points to pixels.
private struct Canvas {
    let width: Int
    let height: Int
    let region: CGRect
    let window: CGRect
    var indices: [UInt32]
    var palette = RasterPalette()

    init(width: Int, height: Int, region: CGRect, window: CGRect) {
        self.width = width
        self.height = height
        self.region = region
        self.window = window
        indices = Array(repeating: 0, count: width * height)
        // Checked rather than argued from rounding: `firstCentre` only grows
        // with its argument, so these bounds hold for whatever lies beyond.
        let below = Double(region.maxY) + Double(region.height)
        let pixelHeight = Double(region.height) / Double(height)
        rowsEnd = Self.firstCentre(atOrAfter: below, origin: Double(region.minY), step: pixelHeight, count: height) == height
            ? below : .infinity
        rowsStart = Self.firstCentre(atOrAfter: Double(region.minY), origin: Double(region.minY), step: pixelHeight, count: height) == 0
            ? Double(region.minY) : -.infinity
    }

    /// A span starting at or below `rowsEnd`, or ending at or above
    /// `rowsStart`, holds no row's pixel centre: `misses` knows it without
    /// a division for the many items of a tall picture outside the region.
    private let rowsEnd: Double
    private let rowsStart: Double

    /// Points per pixel across and down.
    var pixelWidth: Double { Double(region.width) / Double(width) }
    var pixelHeight: Double { Double(region.height) / Double(height) }

    var isDrawable: Bool {
        width > 0 && height > 0 && pixelWidth > 0 && pixelHeight > 0
            && pixelWidth.isFinite && pixelHeight.isFinite && !window.isEmpty
    }

    /// Paints `color` on every pixel whose centre lies in `rect` (clipped to
    /// the window) and, when given, passes `test` (point coordinates).
    mutating func fill(_ rect: CGRect, with color: Color, where test: ((Double, Double) -> Bool)?) {
        let clipped = rect.intersection(window)
        guard !clipped.isNull, !clipped.isEmpty else { return }
        let columns = pixelRange(Double(clipped.minX), Double(clipped.maxX), origin: Double(region.minX), step: pixelWidth, count: width)
        let rows = pixelRange(Double(clipped.minY), Double(clipped.maxY), origin: Double(region.minY), step: pixelHeight, count: height)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let colorIndex = palette.index(of: color)
        let opaque = color.opacity >= 1
        for row in rows {
            let y = Double(region.minY) + (Double(row) + 0.5) * pixelHeight
            let rowStart = row * width
            for column in columns {
                if let test {
                    let x = Double(region.minX) + (Double(column) + 0.5) * pixelWidth
                    guard test(x, y) else { continue }
                }
                let pixel = rowStart + column
                indices[pixel] = opaque
                    ? colorIndex
                    : palette.index(drawing: color, topIndex: colorIndex, over: indices[pixel])
            }
        }
    }

    /// Whether no pixel centre lies within `rect`'s rows, or none within
    /// its columns: then `fill` paints nothing of `rect` or of any
    /// rectangle inside it (the pixels of a smaller span lie within those
    /// of a larger one). A rectangle with a NaN edge is left to `fill`,
    /// whose clipping decides what it covers.
    func misses(_ rect: CGRect) -> Bool {
        let minY = Double(rect.minY), maxY = Double(rect.maxY)
        if minY >= rowsEnd || maxY <= rowsStart { return true }
        let minX = Double(rect.minX), maxX = Double(rect.maxX)
        guard !minX.isNaN, !maxX.isNaN, !minY.isNaN, !maxY.isNaN else { return false }
        return pixelRange(minY, maxY, origin: Double(region.minY), step: pixelHeight, count: height).isEmpty
            || pixelRange(minX, maxX, origin: Double(region.minX), step: pixelWidth, count: width).isEmpty
    }

    /// The pixels whose centres `origin + (k + 0.5) * step` lie in
    /// `[lower, upper)`.
    private func pixelRange(_ lower: Double, _ upper: Double, origin: Double, step: Double, count: Int) -> Range<Int> {
        let start = Self.firstCentre(atOrAfter: lower, origin: origin, step: step, count: count)
        let end = Self.firstCentre(atOrAfter: upper, origin: origin, step: step, count: count)
        return start < end ? start..<end : 0..<0
    }

    /// The first of `count` pixels whose centre `origin + (k + 0.5) * step`
    /// is at or after `value` (`count` when none is).
    private static func firstCentre(atOrAfter value: Double, origin: Double, step: Double, count: Int) -> Int {
        let k = ((value - origin) / step - 0.5).rounded(.up)
        // A shape with a non-finite edge (a layout that answered
        // infinity) covers up to the raster's edge; NaN covers nothing.
        guard k.isFinite else { return k > 0 ? count : 0 }
        return Int(min(max(k, 0), Double(count)))
    }
}
