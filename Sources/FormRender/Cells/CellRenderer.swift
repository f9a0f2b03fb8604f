import FormLayout
import Foundation

/// Draws a display list laid out in cell units (see `CellScale`) into a
/// `CellGrid`, for the terminal editor. It reads nothing but the display
/// list, and the pictures named by its images.
///
/// What each item becomes in cells (cells are too coarse for curves, so
/// shapes become what terminal programs draw instead):
/// - a rectangle, capsule or circle fills its cells' background;
/// - a rounded rectangle is an outline of rounded box-drawing characters
///   (`╭─╮│╰╯`) in its fill colour (or its stroke colour when stroked),
///   its inside left as it was: the look of a bordered text field;
/// - text is written line by line, one row per line, in its fill colour,
///   bold when its font is bold or heavier, over the background below;
/// - an image is the display list of that name in `pictures`, drawn in
///   24-bit colour half blocks as `formctl minimap` draws it (two square
///   pixels per cell), scaled to the image's width and cut at its height;
///   an image without a picture is left empty.
///
/// `.primary` text and invisible colours keep the terminal's default
/// colour: a terminal's background is not known to be white.
public struct CellRenderer: Sendable {
    /// The pictures images show, by image name.
    public var pictures: [String: DisplayList]
    /// How the pictures become pixels.
    public var rasterizer: Rasterizer

    /// A renderer that draws images from `pictures`.
    public init(pictures: [String: DisplayList] = [:], rasterizer: Rasterizer = Rasterizer()) {
        self.pictures = pictures
        self.rasterizer = rasterizer
    }

    /// `list` drawn into a blank grid of `columns` × `rows` cells; what lies
    /// outside the grid is cut.
    public func render(_ list: DisplayList, columns: Int, rows: Int) -> CellGrid {
        var grid = CellGrid(columns: columns, rows: rows)
        var colors = ColorCache()
        for item in list.items {
            let left = CellScale.column(item.frame.minX), top = CellScale.row(item.frame.minY)
            let right = CellScale.columnUp(item.frame.maxX), bottom = CellScale.rowUp(item.frame.maxY)
            // Nothing of the item is on screen: skip it before any work.
            if left >= grid.columns || top >= grid.rows || right <= 0 || bottom <= 0 { continue }
            switch item.shape {
            case .rectangle, .capsule, .circle:
                guard let color = colors.color(item.fill) else { continue }
                grid.fill(columns: left..<right, rows: top..<bottom, background: color)
            case .roundedRectangle:
                guard let color = colors.color(item.stroke ?? item.fill) else { continue }
                Self.outline(&grid, left: left, top: top, right: right, bottom: bottom, color: color)
            case .text(let lines, let font):
                let color = colors.color(item.fill)
                for (index, line) in lines.enumerated() where top + index < bottom {
                    grid.write(Substring(line), column: left, row: top + index, foreground: color,
                               bold: font.weight >= .semibold, limit: right)
                }
            case .image(let name):
                guard let picture = pictures[name] else { continue }
                drawHalfBlocks(picture, into: &grid, left: left, top: top, columns: right - left, rows: bottom - top)
            }
        }
        return grid
    }

    /// A box of rounded box-drawing characters on the edge cells.
    private static func outline(_ grid: inout CellGrid, left: Int, top: Int, right: Int, bottom: Int, color: CellColor) {
        guard right - left >= 2, bottom - top >= 2 else { return }
        func put(_ text: String, _ column: Int, _ row: Int) {
            guard grid.contains(column, row) else { return }
            var cell = grid[column, row]
            // A box edge over half of a wide character would leave the other half dangling.
            if cell.isContinuation, grid.contains(column - 1, row) { grid[column - 1, row].text = " " }
            if grid.contains(column + 1, row), grid[column + 1, row].isContinuation { grid[column + 1, row].text = " " }
            cell.text = text
            cell.foreground = color
            cell.bold = false
            grid[column, row] = cell
        }
        for column in (left + 1)..<(right - 1) {
            put("─", column, top)
            put("─", column, bottom - 1)
        }
        for row in (top + 1)..<(bottom - 1) {
            put("│", left, row)
            put("│", right - 1, row)
        }
        put("╭", left, top)
        put("╮", right - 1, top)
        put("╰", left, bottom - 1)
        put("╯", right - 1, bottom - 1)
    }

    /// `picture` scaled to `columns` wide, two pixels per cell down, from
    /// its top, as `AnsiRenderer` draws it: `▀` with the top pixel as text
    /// colour and the bottom one as cell colour, `▄` when only the bottom
    /// one is drawn, the cell untouched when neither is.
    private func drawHalfBlocks(_ picture: DisplayList, into grid: inout CellGrid, left: Int, top: Int, columns: Int, rows: Int) {
        guard columns > 0, rows > 0, picture.size.width > 0, picture.size.width.isFinite else { return }
        let pointsPerColumn = Double(picture.size.width) / Double(columns)
        // Only the rows that are on screen are rasterised.
        let shownRows = min(rows, grid.rows - top, Int((Double(picture.size.height) / (2 * pointsPerColumn)).rounded(.up)))
        guard shownRows > 0 else { return }
        let region = CGRect(x: 0, y: 0, width: Double(columns) * pointsPerColumn, height: Double(shownRows) * 2 * pointsPerColumn)
        let raster = rasterizer.rasterize(picture, region: region, width: columns, height: 2 * shownRows)
        var cache = ColorCache()
        let palette = raster.palette.map { cache.opaque($0) }
        for row in 0..<shownRows {
            for column in 0..<columns {
                let upper = raster.paletteIndex(x: column, y: 2 * row).map { palette[$0] }
                let lower = raster.paletteIndex(x: column, y: 2 * row + 1).map { palette[$0] }
                guard upper != nil || lower != nil, grid.contains(left + column, top + row) else { continue }
                grid[left + column, top + row] = upper != nil
                    ? TerminalCell(text: "\u{2580}", foreground: upper, background: lower)
                    : TerminalCell(text: "\u{2584}", foreground: lower, background: nil)
            }
        }
    }
}

/// Colours met while drawing one screen, converted once each.
private struct ColorCache {
    private var known: [Color: CellColor?] = [:]

    /// The cell colour for `color`; nil (the terminal's default) for
    /// invisible colours and for `.primary`, the default text colour.
    mutating func color(_ color: Color) -> CellColor? {
        if let found = known[color] { return found }
        let result: CellColor? = color.isInvisible || color.name == "primary" ? nil : opaque(color)
        known[color] = result
        return result
    }

    /// `color` at full opacity.
    mutating func opaque(_ color: Color) -> CellColor {
        let (red, green, blue) = color.rgbBytes
        return CellColor(red: red, green: green, blue: blue)
    }
}
