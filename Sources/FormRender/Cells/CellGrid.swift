/// A terminal screen as rows of cells: what a `CellRenderer` draws into and
/// what `CellDiff` compares to write only the cells that changed.
public struct CellGrid: Hashable, Sendable {
    /// Columns across.
    public let columns: Int
    /// Rows down.
    public let rows: Int
    /// The cells, row after row.
    public private(set) var cells: [TerminalCell]

    /// A grid of blank cells (negative sizes count as 0).
    public init(columns: Int, rows: Int) {
        self.columns = max(columns, 0)
        self.rows = max(rows, 0)
        cells = Array(repeating: .blank, count: self.columns * self.rows)
    }

    /// The cell at `column`, `row` (both from 0); blank outside the grid.
    public subscript(column: Int, row: Int) -> TerminalCell {
        get { contains(column, row) ? cells[row * columns + column] : .blank }
        set { if contains(column, row) { cells[row * columns + column] = newValue } }
    }

    /// Whether the cell is inside the grid.
    public func contains(_ column: Int, _ row: Int) -> Bool {
        column >= 0 && row >= 0 && column < columns && row < rows
    }

    /// The text of one row without colours, trailing spaces removed (tests
    /// and plain captures read screens this way).
    public func text(ofRow row: Int) -> String {
        guard row >= 0, row < rows else { return "" }
        var line = ""
        for column in 0..<columns { line += self[column, row].text }
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Every row's text, joined by newlines.
    public var text: String { (0..<rows).map(text(ofRow:)).joined(separator: "\n") }

    /// Writes `text` from `column`, `row` rightwards in `foreground`,
    /// keeping each cell's background, up to column `limit` (exclusive).
    /// A wide character that would not fit before `limit` is left out.
    /// Control characters are shown as U+FFFD: user data never reaches the
    /// terminal as a command. Returns the column after the last one written.
    @discardableResult
    public mutating func write(_ text: Substring, column: Int, row: Int, foreground: CellColor?, bold: Bool = false, limit: Int? = nil) -> Int {
        let end = min(limit ?? columns, columns)
        var x = column
        for character in text {
            let width = CellTextMeasurer.columns(of: character)
            if x + width > end { break }
            if x >= 0 && row >= 0 && row < rows {
                breakWideCharacter(at: x, row: row)
                if width == 2 { breakWideCharacter(at: x + 1, row: row) }
                var cell = self[x, row]
                cell.text = Self.shown(character)
                cell.foreground = foreground
                cell.bold = bold
                self[x, row] = cell
                if width == 2 {
                    var next = self[x + 1, row]
                    next.text = ""
                    next.foreground = foreground
                    next.bold = bold
                    self[x + 1, row] = next
                }
            }
            x += width
        }
        return x
    }

    /// Paints the background of the cells in the rectangle.
    public mutating func fill(columns range: Range<Int>, rows rowRange: Range<Int>, background: CellColor?) {
        let columnRange = range.clamped(to: 0..<columns)
        let clampedRows = rowRange.clamped(to: 0..<rows)
        for row in clampedRows {
            for column in columnRange { cells[row * columns + column].background = background }
        }
    }

    /// Overwriting half of a wide character leaves its other half blank.
    private mutating func breakWideCharacter(at column: Int, row: Int) {
        guard contains(column, row) else { return }
        if self[column, row].isContinuation, contains(column - 1, row) {
            self[column - 1, row].text = " "
        }
        if contains(column + 1, row), self[column + 1, row].isContinuation {
            self[column + 1, row].text = " "
        }
    }

    /// `character`, or U+FFFD for control characters (C0, DEL, C1, and
    /// the line and paragraph separators).
    static func shown(_ character: Character) -> String {
        for scalar in character.unicodeScalars {
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return "\u{FFFD}"
            default: continue
            }
        }
        return String(character)
    }
}
