/// The bytes that turn a terminal showing one `CellGrid` into one showing
/// another: only the cells that differ are written, each run of them after
/// one cursor move, with a colour escape only where the colours change.
/// This is how the editor redraws without flicker and with few bytes per
/// keystroke.
///
/// The terminal is assumed to have autowrap off (`ESC[?7l`), so writing the
/// last column never scrolls, and to be in the state `CellDiff` left it in:
/// the output ends with the attributes reset (`ESC[0m`).
public enum CellDiff {
    /// The bytes that draw `new` over a screen showing `old` (a grid of
    /// another size counts as all different: pass a blank grid after
    /// clearing the screen).
    public static func bytes(from old: CellGrid, to new: CellGrid) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        let sameSize = old.columns == new.columns && old.rows == new.rows
        var pen = Pen.reset
        var cursor: (column: Int, row: Int)? = nil
        for row in 0..<new.rows {
            for column in 0..<new.columns {
                let cell = new[column, row]
                if cell.isContinuation { continue }
                if sameSize && cell == old[column, row] {
                    // The right half of a wide character may have changed alone.
                    let width = column + 1 < new.columns && new[column + 1, row].isContinuation ? 2 : 1
                    if width == 1 || new[column + 1, row] == old[column + 1, row] { continue }
                }
                if cursor?.column != column || cursor?.row != row {
                    appendCursorMove(&out, column: column, row: row)
                }
                let wanted = Pen(cell)
                if wanted != pen {
                    wanted.appendEscape(&out)
                    pen = wanted
                }
                out.append(contentsOf: cell.text.utf8)
                let width = column + 1 < new.columns && new[column + 1, row].isContinuation ? 2 : 1
                cursor = (column + width, row)
            }
        }
        if pen != .reset { Pen.reset.appendEscape(&out) }
        return out
    }

    /// `ESC[row;columnH`, 1-based.
    public static func appendCursorMove(_ out: inout [UInt8], column: Int, row: Int) {
        out.append(0x1B)
        out.append(UInt8(ascii: "["))
        appendDecimal(&out, row + 1)
        out.append(UInt8(ascii: ";"))
        appendDecimal(&out, column + 1)
        out.append(UInt8(ascii: "H"))
    }

    static func appendDecimal(_ out: inout [UInt8], _ value: Int) {
        if value >= 10 { appendDecimal(&out, value / 10) }
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// The attributes text is written with.
    private struct Pen: Equatable {
        var foreground: CellColor?
        var background: CellColor?
        var bold: Bool

        static let reset = Pen(foreground: nil, background: nil, bold: false)

        init(foreground: CellColor?, background: CellColor?, bold: Bool) {
            self.foreground = foreground
            self.background = background
            self.bold = bold
        }

        init(_ cell: TerminalCell) {
            self.init(foreground: cell.foreground, background: cell.background, bold: cell.bold)
        }

        /// One SGR escape that sets every attribute from scratch (`0;` first),
        /// so no attribute of the previous pen can leak.
        func appendEscape(_ out: inout [UInt8]) {
            out.append(0x1B)
            out.append(UInt8(ascii: "["))
            out.append(UInt8(ascii: "0"))
            if bold { out.append(contentsOf: ";1".utf8) }
            if let foreground {
                out.append(contentsOf: ";38;2;".utf8)
                appendColor(&out, foreground)
            }
            if let background {
                out.append(contentsOf: ";48;2;".utf8)
                appendColor(&out, background)
            }
            out.append(UInt8(ascii: "m"))
        }

        private func appendColor(_ out: inout [UInt8], _ color: CellColor) {
            appendDecimal(&out, Int(color.red))
            out.append(UInt8(ascii: ";"))
            appendDecimal(&out, Int(color.green))
            out.append(UInt8(ascii: ";"))
            appendDecimal(&out, Int(color.blue))
        }
    }
}
