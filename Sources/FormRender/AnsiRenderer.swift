import FormLayout
import Foundation

/// Renders a display list for a colour terminal: 24-bit colour escapes and
/// half-block characters, so that every terminal cell shows two square
/// pixels stacked vertically.
///
/// - A cell with both pixels drawn is `▀` with the top pixel as foreground
///   (`ESC[38;2;r;g;bm`) and the bottom one as background (`ESC[48;2;r;g;bm`).
/// - A cell with only its top pixel drawn is `▀` on the default background
///   (`ESC[49m`); one with only its bottom pixel drawn is `▄` (lower half
///   block) in the bottom pixel's colour on the default background — `▀`
///   with a default foreground would paint the empty half in the terminal's
///   text colour.
/// - A cell with neither is a plain space with colours reset (`ESC[0m`).
/// - A colour escape is written only when the colour changes; every line
///   ends with `ESC[0m` and a newline, so nothing leaks into what follows.
///
/// Translucent colours that lie over nothing are shown at full opacity: the
/// terminal's background colour is unknown.
public struct AnsiRenderer: Hashable, Sendable {
    /// The output's width in terminal columns (clamped to 1…4096). The
    /// number of rows follows from the window's aspect ratio, see
    /// `rows(for:)`.
    public var columns: Int
    /// How the display list becomes pixels (text as line boxes by default).
    public var rasterizer: Rasterizer

    /// A renderer `columns` terminal columns wide.
    public init(columns: Int = RenderFormat.defaultColumns, rasterizer: Rasterizer = Rasterizer()) {
        self.columns = columns
        self.rasterizer = rasterizer
    }

    /// The number of terminal rows the picture of a window of `size` takes:
    /// `ceil(height × columns / (2 × width))` — pixels are `width / columns`
    /// points square and each row holds two. Zero for a window without area.
    public func rows(for size: CGSize) -> Int {
        TerminalGrid(size: size, columns: columns)?.rows ?? 0
    }

    /// The picture of `list`; the empty string for a window without area.
    public func render(_ list: DisplayList) -> String {
        guard let grid = TerminalGrid(size: list.size, columns: columns) else { return "" }
        let raster = rasterizer.rasterize(list, region: grid.region, width: grid.columns, height: 2 * grid.rows)
        let foregrounds = raster.palette.map { Self.escape(Self.foregroundPrefix, $0) }
        let backgrounds = raster.palette.map { Self.escape(Self.backgroundPrefix, $0) }

        // A half block is 3 bytes; escapes appear only where colours change.
        var output = ByteBuffer(reservingCapacity: grid.rows * (grid.columns * 6 + 8))
        let noColor = -1
        for row in 0..<grid.rows {
            var foreground = noColor, background = noColor
            for column in 0..<grid.columns {
                let top = raster.paletteIndex(x: column, y: 2 * row) ?? noColor
                let bottom = raster.paletteIndex(x: column, y: 2 * row + 1) ?? noColor
                if top == noColor && bottom == noColor {
                    if foreground != noColor || background != noColor {
                        output.append(Self.reset)
                        foreground = noColor
                        background = noColor
                    }
                    output.append(UInt8(ascii: " "))
                    continue
                }
                let ink = top != noColor ? top : bottom
                let paper = top != noColor ? bottom : noColor
                if ink != foreground {
                    output.append(contentsOf: foregrounds[ink])
                    foreground = ink
                }
                if paper != background {
                    if paper == noColor {
                        output.append(Self.defaultBackground)
                    } else {
                        output.append(contentsOf: backgrounds[paper])
                    }
                    background = paper
                }
                output.append(top != noColor ? Self.upperHalfBlock : Self.lowerHalfBlock)
            }
            output.append(Self.reset)
            output.append(UInt8(ascii: "\n"))
        }
        return output.string
    }

    static let reset: StaticString = "\u{1B}[0m"
    static let defaultBackground: StaticString = "\u{1B}[49m"
    static let upperHalfBlock: StaticString = "\u{2580}"
    static let lowerHalfBlock: StaticString = "\u{2584}"
    private static let foregroundPrefix: StaticString = "\u{1B}[38;2;"
    private static let backgroundPrefix: StaticString = "\u{1B}[48;2;"

    /// `prefix` + `r;g;bm` for `color`, built once per palette entry.
    private static func escape(_ prefix: StaticString, _ color: Color) -> [UInt8] {
        var buffer = ByteBuffer()
        buffer.append(prefix)
        let (red, green, blue) = color.rgbBytes
        buffer.append(decimal: Int(red))
        buffer.append(UInt8(ascii: ";"))
        buffer.append(decimal: Int(green))
        buffer.append(UInt8(ascii: ";"))
        buffer.append(decimal: Int(blue))
        buffer.append(UInt8(ascii: "m"))
        return buffer.bytes
    }
}
