import FormLayout
import Foundation
import Testing
@testable import FormRender

@Suite struct PlainTextRendererTests {
    @Test func redSquareAtScaleOne() {
        // Cells are 1 point wide and 2 tall: the 4×4 square fills 4 columns of 2 rows.
        let list = Fixtures.list(width: 8, height: 8, [(CGRect(x: 2, y: 2, width: 4, height: 4), .rectangle, .red)])
        #expect(PlainTextRenderer(scale: 1).render(list) == "\n  RRRR\n  RRRR\n")
        #expect(PlainTextRenderer(columns: 8).render(list) == "\n  RRRR\n  RRRR\n")
    }

    @Test func minimapAtFortyColumns() {
        // 5 points a column, 10 a row; cell centres at x 2.5, 7.5, … and y 5, 15, ….
        func line(_ parts: (Character, Int)...) -> String {
            parts.map { String(repeating: $0.0, count: $0.1) }.joined()
        }
        let container = line((" ", 1), (".", 38))
        let expected = [
            container,
            line((" ", 1), (".", 2), ("P", 34), (".", 2)),
            container,
            container,
            line((" ", 1), (".", 2), ("R", 16), (".", 2), ("G", 16), (".", 2)),
            line((" ", 1), (".", 2), ("R", 16), (".", 2), ("G", 16), (".", 2)),
            container, container, container, container,
        ].map { $0 + "\n" }.joined()
        #expect(PlainTextRenderer(columns: 40).render(Fixtures.minimap) == expected)
    }

    @Test func laterItemCoversEarlierOne() {
        let list = Fixtures.list(width: 6, height: 2, [
            (CGRect(x: 0, y: 0, width: 6, height: 2), .rectangle, .yellow),
            (CGRect(x: 2, y: 0, width: 2, height: 2), .rectangle, .purple),
            (CGRect(x: 3, y: 0, width: 3, height: 2), .rectangle, .orange),
        ])
        #expect(PlainTextRenderer(scale: 1).render(list) == "YYPOOO\n")
    }

    @Test func circleCornersStayEmpty() {
        let list = Fixtures.list(width: 10, height: 10, [(CGRect(x: 0, y: 0, width: 10, height: 10), .circle, .green)])
        #expect(PlainTextRenderer(scale: 1).render(list) == """
              GGGGGG
            GGGGGGGGGG
            GGGGGGGGGG
            GGGGGGGGGG
              GGGGGG

            """)
    }

    @Test func lettersByColourName() {
        let expected: [(Color?, Character)] = [
            (.red, "R"), (.yellow, "Y"), (.green, "G"), (.purple, "P"), (.orange, "O"), (.blue, "B"), (.gray, "."),
            (nil, " "), (.white, " "), (.clear, " "), (.black, "#"), (.pink, "#"), (Color(red: 1, green: 59 / 255, blue: 48 / 255), "#"),
            (.red.opacity(0.5), "R"), (.red.opacity(0), " "),
        ]
        for (color, letter) in expected {
            #expect(PlainTextRenderer.character(for: color) == letter, "\(String(describing: color))")
        }
    }

    @Test func noEscapesNoTrailingSpacesNoTrailingBlankLines() {
        for list in [Fixtures.minimap, Fixtures.everyKind] {
            let text = PlainTextRenderer(columns: 80).render(list)
            #expect(!text.utf8.contains(0x1B))
            #expect(text.hasSuffix("\n") && !text.hasSuffix("\n\n"))
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                #expect(line.last != " ")
                #expect(line.count <= 80)
            }
        }
    }

    @Test func rowsFollowTheAspectRatio() {
        // 200×150 at 80 columns: 2.5 points a column, 5 a row → 30 rows with
        // centres at y 2.5, 7.5, …; the container (y 5..<105) covers rows
        // 1…20, so row 0 stays a (leading, kept) blank line and rows 21…29
        // are dropped. Columns 2…77 (centres 6.25…193.75) are inside it.
        let lines = PlainTextRenderer(columns: 80).render(Fixtures.minimap).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 21)
        #expect(lines.first == "")
        #expect(lines.map(\.count).max() == 78)
    }

    @Test func emptyPictures() {
        #expect(PlainTextRenderer().render(DisplayList(size: CGSize(width: 10, height: 10), items: [])) == "")
        #expect(PlainTextRenderer().render(DisplayList(size: .zero, items: Fixtures.minimap.items)) == "")
        #expect(PlainTextRenderer(scale: 0).render(Fixtures.minimap) == "")
        #expect(PlainTextRenderer(scale: -1).render(Fixtures.minimap) == "")
    }

    @Test func columnsAreClamped() {
        // One column: 4 points across, 8 down.
        let list = Fixtures.list(width: 4, height: 8, [(CGRect(x: 0, y: 0, width: 4, height: 8), .rectangle, .red)])
        #expect(PlainTextRenderer(columns: 0).render(list) == "R\n")
        #expect(PlainTextRenderer(columns: -3).render(list) == "R\n")
    }

    @Test func deterministic() {
        #expect(PlainTextRenderer().render(Fixtures.everyKind) == PlainTextRenderer().render(Fixtures.everyKind))
    }
}
