import FormLayout
import Foundation

/// How a display list's window maps onto terminal cells. A terminal cell is
/// about twice as tall as it is wide, so a cell covers `pointsPerColumn`
/// points across and `2 × pointsPerColumn` points down; this keeps the
/// picture's aspect ratio whichever renderer fills the cells.
///
/// The number of rows follows from the columns:
/// `rows = ceil(height / (2 × pointsPerColumn))`, where
/// `pointsPerColumn = width / columns`. The last row may reach past the
/// window's bottom edge; that part stays empty because the rasteriser
/// draws only inside the window.
struct TerminalGrid {
    /// Output is capped at this many columns and rows so that a tiny or
    /// malformed window cannot make a renderer allocate gigabytes.
    static let maximumCells = 4096

    let columns: Int
    let rows: Int
    let pointsPerColumn: Double

    /// `columns` cells across the window's width (clamped to 1…4096).
    /// Nil when the window has no area.
    init?(size: CGSize, columns: Int) {
        let width = Double(size.width)
        guard width > 0, width.isFinite else { return nil }
        let columns = min(max(columns, 1), Self.maximumCells)
        self.init(size: size, columns: columns, pointsPerColumn: width / Double(columns))
    }

    /// Cells `pointsPerColumn` points wide, as many as cover the window.
    /// Nil when the window has no area or the scale is not positive.
    init?(size: CGSize, pointsPerColumn: Double) {
        let width = Double(size.width)
        guard width > 0, width.isFinite, pointsPerColumn > 0, pointsPerColumn.isFinite else { return nil }
        self.init(size: size, columns: Self.cells(covering: width, step: pointsPerColumn), pointsPerColumn: pointsPerColumn)
    }

    private init?(size: CGSize, columns: Int, pointsPerColumn: Double) {
        let height = Double(size.height)
        guard height > 0, height.isFinite else { return nil }
        self.columns = columns
        self.pointsPerColumn = pointsPerColumn
        rows = Self.cells(covering: height, step: 2 * pointsPerColumn)
    }

    /// `ceil(length / step)`, at least 1 and at most `maximumCells`; a
    /// floating-point hair over a whole number does not add a cell.
    private static func cells(covering length: Double, step: Double) -> Int {
        let exact = (length / step * 1e9).rounded() / 1e9
        return Int(min(max(exact.rounded(.up), 1), Double(maximumCells)))
    }

    /// The points the grid covers: the window's top-left corner, `columns`
    /// cells across and `rows` cells down.
    var region: CGRect {
        CGRect(x: 0, y: 0, width: Double(columns) * pointsPerColumn, height: Double(rows) * 2 * pointsPerColumn)
    }
}
