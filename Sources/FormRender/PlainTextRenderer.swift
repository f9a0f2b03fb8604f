import FormLayout

/// Renders a display list as plain text, one character per terminal cell and
/// no escape sequences, for logs, tests and terminals without colour.
///
/// Each cell covers `scale` points across and `2 × scale` points down (a
/// terminal cell is about twice as tall as wide) and shows the colour of the
/// topmost item covering the cell's centre (see `Rasterizer`), as a letter:
/// see `character(for:)`. Trailing spaces are trimmed from every line and
/// trailing blank lines dropped; every remaining line ends with a newline,
/// and a picture with nothing visible is the empty string.
public struct PlainTextRenderer: Hashable, Sendable {
    private enum Resolution: Hashable, Sendable {
        case columns(Int)
        case scale(Double)
    }

    private let resolution: Resolution
    /// How the display list becomes cells (text as line boxes by default).
    public var rasterizer: Rasterizer

    /// A renderer fitting the window's width into `columns` cells (clamped
    /// to 1…4096); the scale follows as `width / columns`.
    public init(columns: Int = RenderFormat.defaultColumns, rasterizer: Rasterizer = Rasterizer()) {
        resolution = .columns(columns)
        self.rasterizer = rasterizer
    }

    /// A renderer whose cells cover `scale` points across and `2 × scale`
    /// down; the number of columns follows from the window's width.
    public init(scale: Double, rasterizer: Rasterizer = Rasterizer()) {
        resolution = .scale(scale)
        self.rasterizer = rasterizer
    }

    /// The letter for a cell of `color` (nil for an empty cell): named
    /// colours by their initial — `R`ed, `Y`ellow, `G`reen, `P`urple,
    /// `O`range, `B`lue —, `.` for gray (the containers), a space for empty,
    /// white and clear, and `#` for any other colour, named or not.
    public static func character(for color: Color?) -> Character {
        Character(Unicode.Scalar(byte(for: color)))
    }

    /// The picture of `list`.
    public func render(_ list: DisplayList) -> String {
        let grid: TerminalGrid?
        switch resolution {
        case .columns(let columns): grid = TerminalGrid(size: list.size, columns: columns)
        case .scale(let scale): grid = TerminalGrid(size: list.size, pointsPerColumn: scale)
        }
        guard let grid else { return "" }
        let raster = rasterizer.rasterize(list, region: grid.region, width: grid.columns, height: grid.rows)
        let letters = raster.palette.map { Self.byte(for: $0) }
        var output = ByteBuffer(reservingCapacity: (grid.columns + 1) * grid.rows)
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                output.append(raster.paletteIndex(x: column, y: row).map { letters[$0] } ?? Self.space)
            }
            output.trimTrailing(Self.space)
            output.append(Self.newline)
        }
        output.trimTrailing(Self.newline)
        if !output.bytes.isEmpty { output.append(Self.newline) }
        return output.string
    }

    private static let space = UInt8(ascii: " ")
    private static let newline = UInt8(ascii: "\n")

    private static func byte(for color: Color?) -> UInt8 {
        guard let color, !color.isInvisible else { return space }
        switch color.name {
        case "red": return UInt8(ascii: "R")
        case "yellow": return UInt8(ascii: "Y")
        case "green": return UInt8(ascii: "G")
        case "purple": return UInt8(ascii: "P")
        case "orange": return UInt8(ascii: "O")
        case "blue": return UInt8(ascii: "B")
        case "gray": return UInt8(ascii: ".")
        case "white", "clear": return space
        default: return UInt8(ascii: "#")
        }
    }
}
