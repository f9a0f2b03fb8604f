import FormLayout
import Foundation
import Testing
@testable import FormRender

@Suite struct AnsiRendererTests {
    let esc = "\u{1B}"

    @Test func containsSystemRedAndResetsEveryLine() {
        let ansi = AnsiRenderer(columns: 80).render(Fixtures.minimap)
        #expect(ansi.contains("\(esc)[38;2;255;59;48m"))
        #expect(ansi.contains("\(esc)[48;2;255;59;48m"))
        #expect(ansi.hasSuffix("\n"))
        let lines = ansi.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 30)  // 150 × 80 / (2 × 200)
        for line in lines { #expect(line.hasSuffix("\(esc)[0m")) }
    }

    @Test func halfBlocksForTopOnlyAndBottomOnly() {
        // Pixels: red at (0, 0) and green at (1, 1) → one row of two cells.
        let list = Fixtures.list(width: 2, height: 2, [
            (CGRect(x: 0, y: 0, width: 1, height: 1), .rectangle, .red),
            (CGRect(x: 1, y: 1, width: 1, height: 1), .rectangle, .green),
        ])
        #expect(AnsiRenderer(columns: 2).render(list) == "\(esc)[38;2;255;59;48m▀\(esc)[38;2;52;199;89m▄\(esc)[0m\n")
    }

    @Test func foregroundIsTopBackgroundIsBottom() {
        let list = Fixtures.list(width: 1, height: 2, [
            (CGRect(x: 0, y: 0, width: 1, height: 1), .rectangle, .purple),
            (CGRect(x: 0, y: 1, width: 1, height: 1), .rectangle, .yellow),
        ])
        #expect(AnsiRenderer(columns: 1).render(list) == "\(esc)[38;2;175;82;222m\(esc)[48;2;255;204;0m▀\(esc)[0m\n")
    }

    @Test func emptyCellsAreResetSpacesAndBackgroundReturnsToDefault() {
        // Column 0 all red, column 1 empty, column 2 red on top only, column 3 empty.
        let list = Fixtures.list(width: 4, height: 2, [
            (CGRect(x: 0, y: 0, width: 1, height: 2), .rectangle, .red),
            (CGRect(x: 2, y: 0, width: 1, height: 1), .rectangle, .red),
        ])
        let red = "38;2;255;59;48m"
        #expect(AnsiRenderer(columns: 4).render(list) == "\(esc)[\(red)\(esc)[48;2;255;59;48m▀\(esc)[0m \(esc)[\(red)▀\(esc)[0m \(esc)[0m\n")
        // A full cell, then one with only its top drawn: the background goes back to default.
        let fullThenTop = Fixtures.list(width: 2, height: 2, [
            (CGRect(x: 0, y: 0, width: 2, height: 1), .rectangle, .red),
            (CGRect(x: 0, y: 1, width: 1, height: 1), .rectangle, .green),
        ])
        #expect(AnsiRenderer(columns: 2).render(fullThenTop) == "\(esc)[\(red)\(esc)[48;2;52;199;89m▀\(esc)[49m▀\(esc)[0m\n")
    }

    @Test func escapesOnlyWhenTheColourChanges() {
        let list = Fixtures.list(width: 40, height: 2, [(CGRect(x: 0, y: 0, width: 40, height: 2), .rectangle, .red)])
        let ansi = AnsiRenderer(columns: 40).render(list)
        let lines = ansi.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(ansi.components(separatedBy: esc).count - 1 == 3)  // fg, bg, final reset
        #expect(ansi.components(separatedBy: "▀").count - 1 == 40)
    }

    @Test func rowCountFollowsAspectRatio() {
        #expect(AnsiRenderer(columns: 80).rows(for: CGSize(width: 200, height: 150)) == 30)
        #expect(AnsiRenderer(columns: 40).rows(for: CGSize(width: 200, height: 150)) == 15)
        #expect(AnsiRenderer(columns: 80).rows(for: CGSize(width: 200, height: 151)) == 31)
        #expect(AnsiRenderer(columns: 3).rows(for: CGSize(width: 3, height: 0.1)) == 1)
        #expect(AnsiRenderer(columns: 0).rows(for: CGSize(width: 200, height: 150)) == 1)
        #expect(AnsiRenderer(columns: 80).rows(for: .zero) == 0)
        #expect(AnsiRenderer().render(DisplayList(size: .zero, items: [])) == "")
    }

    @Test func oddPixelRowLeavesTheBottomHalfEmpty() {
        // 1×3 points at 1 column: 3 square pixels → 2 rows, the last bottom half outside the window.
        let list = Fixtures.list(width: 1, height: 3, [(CGRect(x: -1, y: -1, width: 3, height: 5), .rectangle, .red)])
        let red = "38;2;255;59;48m"
        #expect(AnsiRenderer(columns: 1).render(list) == "\(esc)[\(red)\(esc)[48;2;255;59;48m▀\(esc)[0m\n\(esc)[\(red)▀\(esc)[0m\n")
    }

    @Test func deterministic() {
        #expect(AnsiRenderer().render(Fixtures.everyKind) == AnsiRenderer().render(Fixtures.everyKind))
    }
}
