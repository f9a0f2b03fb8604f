import FormLayout
import FormRender
import Foundation
import Testing

@Suite("Terminal cells: measuring, drawing a display list, and redrawing only what changed")
struct CellRendererTests {
    @Test("one column per narrow character, two per wide one or emoji, one for a decomposed accent")
    func measuring() {
        let measurer = CellTextMeasurer()
        #expect(CellTextMeasurer.columns(of: "Ada") == 3)
        #expect(CellTextMeasurer.columns(of: "東京") == 4)
        #expect(CellTextMeasurer.columns(of: "e\u{301}") == 1)
        #expect(CellTextMeasurer.columns(of: "👩‍👩‍👧") == 2)
        #expect(measurer.width(of: "héllo", font: .title) == 5)
        #expect(measurer.advance(of: "界", font: .body) == 2)
    }

    @Test("text laid out with the cell measurer takes one row per line and its width in columns")
    func layoutInCells() {
        let view = Text("Hello 東京").frame(width: 20, height: CellScale.height(rows: 1), alignment: .leading)
        let result = ViewHost(view, windowSize: CGSize(width: 20, height: CellScale.height(rows: 3)), textMeasurer: CellTextMeasurer()).layout()
        let grid = CellRenderer().render(result.displayList, columns: 20, rows: 3)
        #expect(grid.text(ofRow: 1) == "Hello 東京")
        #expect(grid[6, 1].text == "東" && grid[7, 1].isContinuation)
    }

    @Test("a rounded rectangle is an outline of box-drawing characters in its colour; a rectangle fills the background")
    func shapes() {
        let list = DisplayList(size: CGSize(width: 6, height: CellScale.height(rows: 3)), items: [
            DisplayItem(z: 0, frame: CGRect(x: 0, y: 0, width: 6, height: CellScale.height(rows: 3)), shape: .rectangle, fill: Color(white: 0.2)),
            DisplayItem(z: 1, frame: CGRect(x: 0, y: 0, width: 6, height: CellScale.height(rows: 3)), shape: .roundedRectangle(cornerRadius: 1), fill: .green),
            DisplayItem(z: 2, frame: CGRect(x: 1, y: CellScale.height(rows: 1), width: 4, height: CellScale.height(rows: 1)),
                        shape: .text(lines: ["Ada"], font: .body), fill: .white),
        ])
        let grid = CellRenderer().render(list, columns: 6, rows: 3)
        #expect(grid.text == "╭────╮\n│Ada │\n╰────╯")
        #expect(grid[0, 0].foreground == CellColor(red: 52, green: 199, blue: 89))
        #expect(grid[1, 1].foreground == CellColor(red: 255, green: 255, blue: 255))
        #expect(grid[1, 1].background == CellColor(red: 51, green: 51, blue: 51))
    }

    @Test("control characters in text are shown as U+FFFD, never sent to the terminal")
    func controlCharacters() {
        var grid = CellGrid(columns: 8, rows: 1)
        grid.write("a\u{1B}[2Jb", column: 0, row: 0, foreground: nil)
        #expect(grid.text == "a\u{FFFD}[2Jb")
        let written = CellDiff.bytes(from: CellGrid(columns: 8, rows: 1), to: grid)
        // The only ESC bytes are the cursor move.
        #expect(written.filter { $0 == 0x1B }.count == 1)
    }

    @Test("an image is drawn from the picture of its name in half blocks, top pixel as text colour")
    func halfBlockImage() {
        let picture = DisplayList(size: CGSize(width: 4, height: 4), items: [
            DisplayItem(z: 0, frame: CGRect(x: 0, y: 0, width: 4, height: 1), shape: .rectangle, fill: .purple),
            DisplayItem(z: 1, frame: CGRect(x: 0, y: 1, width: 2, height: 1), shape: .rectangle, fill: .yellow),
            DisplayItem(z: 2, frame: CGRect(x: 0, y: 3, width: 4, height: 1), shape: .rectangle, fill: .green),
        ])
        let list = DisplayList(size: CGSize(width: 4, height: CellScale.height(rows: 2)), items: [
            DisplayItem(z: 0, frame: CGRect(x: 0, y: 0, width: 4, height: CellScale.height(rows: 2)), shape: .image(name: "minimap"), fill: .clear),
        ])
        let grid = CellRenderer(pictures: ["minimap": picture]).render(list, columns: 4, rows: 2)
        let purple = CellColor(red: 175, green: 82, blue: 222), yellow = CellColor(red: 255, green: 204, blue: 0)
        #expect(grid[0, 0] == TerminalCell(text: "▀", foreground: purple, background: yellow))
        #expect(grid[3, 0] == TerminalCell(text: "▀", foreground: purple, background: nil))
        #expect(grid[0, 1] == TerminalCell(text: "▄", foreground: CellColor(red: 52, green: 199, blue: 89), background: nil))
    }

    @Test("the diff writes only the changed cells, after one cursor move, and ends with the colours reset")
    func diff() {
        var old = CellGrid(columns: 10, rows: 3)
        old.write("Hello A", column: 0, row: 1, foreground: nil)
        var new = old
        new.write("d", column: 7, row: 1, foreground: CellColor(red: 255, green: 204, blue: 0))
        let bytes = CellDiff.bytes(from: old, to: new)
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[2;8H\u{1B}[0;38;2;255;204;0md\u{1B}[0m")
        #expect(CellDiff.bytes(from: new, to: new).isEmpty)
        // A full draw (after clearing) writes every non-blank run.
        let full = String(decoding: CellDiff.bytes(from: CellGrid(columns: 10, rows: 3), to: new), as: UTF8.self)
        #expect(full.hasPrefix("\u{1B}[2;1HHello\u{1B}[2;7HA"), "blank cells are skipped")
    }

    @Test("overwriting half of a wide character blanks its other half")
    func wideCharacterOverwrite() {
        var grid = CellGrid(columns: 4, rows: 1)
        grid.write("東", column: 0, row: 0, foreground: nil)
        grid.write("x", column: 1, row: 0, foreground: nil)
        #expect(grid.text == " x")
        grid.write("東京", column: 0, row: 0, foreground: nil, limit: 3)
        #expect(grid.text == "東", "京 does not fit before the limit and is left out")
    }
}
