import FormLayout
import FormModel
import Foundation

/// Where things go on the terminal editor's screen, in cells: the form on
/// the left, the minimap on the right, the status and key lines at the
/// bottom; each form row is as wide, relative to the widest row, as the
/// form says in points (seed 002's 540 and 360 keep their proportion).
///
/// Lengths are cells; the views turn them into points with `rowHeight`
/// (one body line per row) and one point per column, which is how a
/// `CellTextMeasurer` measures.
public struct EditorGeometry: Hashable, Sendable {
    /// The terminal's size.
    public let columns: Int, rows: Int
    /// Whether a row above the status line shows the tab bar (a form in
    /// two or more pages, bar not hidden).
    public let showsTabBar: Bool

    /// One row in points: one line of body text.
    public static let rowHeight: CGFloat = Font.body.lineHeight
    /// Rows a form row takes: the label, the bordered text field (3 rows).
    public static let fieldRows = 4
    /// Blank rows between two form rows.
    public static let rowGap = 1
    /// Rows above the form rows: the title and a blank line.
    public static let headerRows = 2
    /// Rows below everything: the status line and the key line.
    public static let footerRows = 2
    /// Columns between the form and the minimap.
    public static let minimapGap = 2
    /// Columns between two fields of a row.
    public static let fieldGap = 1

    /// The geometry of a terminal `columns` × `rows` cells (at least 20 × 8,
    /// so that a tiny window still lays out, cut by the terminal).
    public init(columns: Int, rows: Int, showsTabBar: Bool = false) {
        self.columns = max(columns, 20)
        self.rows = max(rows, 8)
        self.showsTabBar = showsTabBar
    }

    /// The minimap's width: three tenths of the screen, 16 to 40 columns
    /// (the seed's minimap area is 200 points beside a 540-point form).
    public var minimapColumns: Int { min(40, max(16, columns * 3 / 10)) }
    /// The form's width, left of the minimap.
    public var formColumns: Int { max(columns - minimapColumns - Self.minimapGap, 10) }
    /// Rows between the top and the status line.
    public var bodyRows: Int { max(rows - Self.footerRows - (showsTabBar ? 1 : 0), 1) }
    /// How many form rows fit below the title.
    public var visibleFormRows: Int {
        max((bodyRows - Self.headerRows + Self.rowGap) / (Self.fieldRows + Self.rowGap), 1)
    }

    /// Rows below the title that form rows may take.
    public var formBodyRows: Int { max(bodyRows - Self.headerRows, 1) }

    /// Rows a form row of `fields` takes: the label, the box's two border
    /// rows and its tallest box (`EditorFieldContent.lineCount(of:)`): 4
    /// for a row of one-line fields, more with long text or a list of choices.
    public static func rows(of fields: [Field]) -> Int {
        fieldRows - 1 + (fields.map(EditorFieldContent.lineCount(of:)).max() ?? 1)
    }

    /// How many form rows, from row `first` of `count`, fit below the
    /// title, row `index` being `rows(index)` tall; at least one, cut by the
    /// terminal when it alone is too tall.
    public func fittingRowCount(from first: Int, count: Int, rows: (Int) -> Int) -> Int {
        var used = 0, fitting = 0
        for index in max(first, 0)..<max(count, max(first, 0)) {
            used += (fitting > 0 ? Self.rowGap : 0) + rows(index)
            guard used <= formBodyRows else { break }
            fitting += 1
        }
        return max(fitting, min(1, count - first))
    }

    /// Columns of a form row `width` points wide when the widest is `widest`.
    public func columns(ofRowWidth width: Double, widest: Double) -> Int {
        guard widest > 0, width.isFinite, widest.isFinite else { return formColumns }
        return max(Int((Double(formColumns) * min(width / widest, 1)).rounded(.down)), 1)
    }

    /// The widths of `count` fields sharing `rowColumns` columns, the
    /// leftover columns going to the first fields.
    public static func fieldColumns(count: Int, rowColumns: Int) -> [Int] {
        guard count > 0 else { return [] }
        let room = max(rowColumns - fieldGap * (count - 1), count)
        let each = room / count, extra = room % count
        return (0..<count).map { each + ($0 < extra ? 1 : 0) }
    }

    /// Columns for the value inside a field `fieldColumns` wide: less the
    /// container's padding, the border and the space inside it (1 each side).
    public static func valueColumns(fieldColumns: Int) -> Int { max(fieldColumns - 6, 1) }
}
