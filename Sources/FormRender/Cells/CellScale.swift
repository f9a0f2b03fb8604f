import FormLayout
import Foundation

/// How points map to terminal cells for a screen laid out with
/// `CellTextMeasurer`: one point across is one column, and one body line
/// (`Font.body.lineHeight`, 22 points) down is one row.
///
/// The engine measures text heights with the font's line height and widths
/// with the measurer, so the two axes keep their own units: a view that
/// should be one row tall is 22 points tall, one column wide is 1 point
/// wide. Everything on a cell screen is in `Font.body` so that every line
/// of text is exactly one row.
public enum CellScale {
    /// Points per column.
    public static let pointsPerColumn: CGFloat = 1
    /// Points per row: one line of body text.
    public static let pointsPerRow: CGFloat = Font.body.lineHeight

    /// `rows` rows as a height in points.
    public static func height(rows: Int) -> CGFloat { CGFloat(rows) * pointsPerRow }
    /// `columns` columns as a width in points.
    public static func width(columns: Int) -> CGFloat { CGFloat(columns) * pointsPerColumn }

    /// The cell a point falls in (rounded to the nearest cell edge first,
    /// so that a frame computed as a sum of fractions lands where meant).
    static func column(_ x: CGFloat) -> Int { Int((Double(x / pointsPerColumn) * 1000).rounded() / 1000) }
    static func row(_ y: CGFloat) -> Int { Int((Double(y / pointsPerRow) * 1000).rounded() / 1000) }
    /// The first cell at or past a point (an edge that ends inside a cell covers it).
    static func columnUp(_ x: CGFloat) -> Int { Int(((Double(x / pointsPerColumn) * 1000).rounded() / 1000).rounded(.up)) }
    static func rowUp(_ y: CGFloat) -> Int { Int(((Double(y / pointsPerRow) * 1000).rounded() / 1000).rounded(.up)) }
}
