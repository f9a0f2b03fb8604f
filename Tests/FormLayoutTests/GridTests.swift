// Grid and GridRow: columns as wide as their widest cell, rows as tall as
// their tallest, a view outside any GridRow spanning the whole width, and
// gridCellColumns. Sources: Apple's `Grid` page
// (developer.apple.com/documentation/swiftui/grid), `GridRow` page and
// `gridCellColumns(_:)` page. Stand-in: `Image(systemName:)` is a 20×20
// `Rectangle` here (FormLayout has no symbol images).
import Foundation
import Testing
import FormLayout

private func symbol(_ id: String) -> some View {
    Rectangle().frame(width: 20, height: 20).accessibilityIdentifier(id)
}

@Suite("Grid")
struct GridTests {
    /// A span far past any grid is bounded (GridLayoutLimits): two cells
    /// asking for `Int.max` columns neither overflow nor lay out without end.
    @Test func aHugeSpanIsBounded() {
        let result = layout(Grid {
            GridRow {
                symbol("a").gridCellColumns(.max)
                symbol("b").gridCellColumns(.max)
            }
        }.accessibilityIdentifier("grid"), width: 400, height: 300)
        let grid = frame(result, "grid"), a = frame(result, "a"), b = frame(result, "b")
        #expect(grid.width.isFinite && grid.height == 20)
        #expect(a.minX < b.minX)
    }

    /// The `Grid` page's first example: two rows of two cells. "The first
    /// view in each grid row appears in the grid's first column, the second
    /// view in the second column"; the grid applies alignment and spacing to
    /// cells, so each column is as wide as its widest cell, each cell
    /// centred in it (the default alignment), 8 points apart.
    @Test func twoByTwo() {
        let result = layout(Grid {
            GridRow {
                Text("Hello").accessibilityIdentifier("hello")
                symbol("globe")
            }
            GridRow {
                symbol("wave")
                Text("World").accessibilityIdentifier("world")
            }
        }.accessibilityIdentifier("grid"), width: 400, height: 300)
        let grid = frame(result, "grid")
        let hello = frame(result, "hello"), world = frame(result, "world")
        let globe = frame(result, "globe"), wave = frame(result, "wave")
        let column0 = max(naturalWidth("Hello"), 20), column1 = max(20, naturalWidth("World"))
        let spacing = SwiftUIConstants.defaultGridSpacing
        #expect(grid.width == column0 + spacing + column1)
        // Columns: centred in a column of the widest cell's width.
        #expect(hello.midX == grid.minX + column0 / 2 && wave.midX == hello.midX)
        #expect(globe.midX == grid.minX + column0 + spacing + column1 / 2 && world.midX == globe.midX)
        // Rows: each as tall as its tallest cell, 8 apart.
        let row0 = max(hello.height, 20), row1 = max(world.height, 20)
        #expect(grid.height == row0 + spacing + row1)
        #expect(hello.midY == grid.minY + row0 / 2 && globe.midY == hello.midY)
        #expect(wave.midY == grid.minY + row0 + spacing + row1 / 2 && world.midY == wave.midY)
    }

    /// The `Grid` page's Divider between the rows: a view outside a GridRow
    /// makes a row spanning all columns, and "because a divider takes as
    /// much horizontal space as its parent offers, the entire grid widens
    /// to fill the width offered by its parent view".
    @Test func dividerSpansAndWidensTheGrid() {
        let result = layout(Grid {
            GridRow {
                Text("Hello").accessibilityIdentifier("hello")
                symbol("globe")
            }
            Divider().accessibilityIdentifier("divider")
            GridRow {
                symbol("wave")
                Text("World").accessibilityIdentifier("world")
            }
        }.accessibilityIdentifier("grid"), width: 400, height: 300)
        let grid = frame(result, "grid")
        let divider = frame(result, "divider")
        #expect(grid.width == 400)
        #expect(divider.minX == grid.minX && divider.width == 400)
        // The divider's row lies between the two rows of cells.
        #expect(divider.minY > frame(result, "hello").maxY && divider.maxY < frame(result, "world").minY)
        // The columns still line up.
        #expect(frame(result, "hello").midX == frame(result, "wave").midX)
        #expect(frame(result, "globe").midX == frame(result, "world").midX)
    }

    /// The `Grid` page's "Column count" example with
    /// `Grid(alignment: .bottom, horizontalSpacing: 1, verticalSpacing: 1)`:
    /// "The grid's column count grows to handle the row with the largest
    /// number of columns"; "the width of the first column depends on the
    /// width of the widest Text view"; the flexible Color columns "share the
    /// remaining horizontal space … equally", and the Color cells "expand to
    /// equally share the total height", so they set the row heights; text
    /// cells are bottom-aligned.
    @Test func columnCountAndSharedSpace() {
        let result = layout(Grid(alignment: .bottom, horizontalSpacing: 1, verticalSpacing: 1) {
            GridRow {
                Text("Row 1").accessibilityIdentifier("row1")
                ForEach(0..<2) { index in Color.red.accessibilityIdentifier("red\(index)") }
            }
            GridRow {
                Text("Row 2").accessibilityIdentifier("row2")
                ForEach(0..<5) { index in Color.green.accessibilityIdentifier("green\(index)") }
            }
            GridRow {
                Text("Row 3").accessibilityIdentifier("row3")
                ForEach(0..<4) { index in Color.blue.accessibilityIdentifier("blue\(index)") }
            }
        }.accessibilityIdentifier("grid"), width: 400, height: 300)
        let grid = frame(result, "grid")
        #expect(isClose(grid.size, CGSize(width: 400, height: 300)))
        let textColumn = max(naturalWidth("Row 1"), naturalWidth("Row 2"), naturalWidth("Row 3"))
        let colorColumn = (400 - textColumn - 5) / 5
        let rowHeight = (300 - 2) / 3.0
        for index in 0..<5 {
            let green = frame(result, "green\(index)")
            #expect(isClose(green.width, colorColumn))
            #expect(isClose(green.minX, grid.minX + textColumn + 1 + CGFloat(index) * (colorColumn + 1)))
            #expect(isClose(green.height, rowHeight))
        }
        // Shorter rows leave empty cells at the trailing edge.
        #expect(isClose(frame(result, "red1").maxX, frame(result, "green1").maxX))
        #expect(isClose(frame(result, "blue3").maxX, frame(result, "green3").maxX))
        // Bottom alignment: each text sits on its row's bottom edge.
        #expect(isClose(frame(result, "row1").maxY, frame(result, "red0").maxY))
        #expect(isClose(frame(result, "row3").maxY, grid.maxY))
        #expect(isClose(frame(result, "row2").minX, grid.minX + (textColumn - naturalWidth("Row 2")) / 2))
    }

    /// `gridCellColumns(_:)` page: "Apply the gridCellColumns(_:) modifier
    /// to a view that you want to span more than one column": its example's
    /// toggle spans the font-name column and the button column. Stand-ins:
    /// fixed rectangles for the texts, buttons and toggle.
    @Test func cellSpanningTwoColumns() {
        let result = layout(Grid {
            GridRow {
                Rectangle().frame(width: 100, height: 20).accessibilityIdentifier("label")
                Rectangle().frame(width: 90, height: 20).accessibilityIdentifier("font")
                Rectangle().frame(width: 60, height: 20).accessibilityIdentifier("button")
            }
            GridRow {
                Color.clear.frame(width: 0, height: 0)
                Rectangle().frame(width: 120, height: 20).accessibilityIdentifier("toggle")
                    .gridCellColumns(2)
            }
        }.accessibilityIdentifier("grid"), width: 600, height: 300)
        let font = frame(result, "font"), button = frame(result, "button"), toggle = frame(result, "toggle")
        // The span is the two columns and the spacing between them (158
        // points), and the toggle is centred in it.
        #expect(isClose(frame(result, "grid").width, 100 + 8 + 90 + 8 + 60))
        #expect(toggle.width == 120)
        #expect(isClose(toggle.midX, (font.minX + button.maxX) / 2))
    }

    /// A multicolumn cell wider than its columns widens them equally.
    @Test func wideSpanningCellWidensItsColumns() {
        let result = layout(Grid(horizontalSpacing: 10) {
            GridRow {
                Rectangle().frame(width: 50, height: 20).accessibilityIdentifier("a")
                Rectangle().frame(width: 50, height: 20).accessibilityIdentifier("b")
            }
            GridRow {
                Rectangle().frame(width: 210, height: 20).accessibilityIdentifier("wide").gridCellColumns(2)
            }
        }.accessibilityIdentifier("grid"), width: 600, height: 300)
        let grid = frame(result, "grid")
        #expect(grid.width == 210)
        // Each column is 100 wide: the cells are centred in them.
        #expect(frame(result, "a").midX == grid.minX + 50)
        #expect(frame(result, "b").midX == grid.minX + 160)
    }

    /// `GridRow(alignment:)` page: the row's vertical alignment overrides
    /// the grid's for its cells.
    @Test func rowAlignmentOverridesTheGrid() {
        let result = layout(Grid(alignment: .bottom) {
            GridRow(alignment: .top) {
                Rectangle().frame(width: 20, height: 60).accessibilityIdentifier("tall")
                Rectangle().frame(width: 20, height: 20).accessibilityIdentifier("top")
            }
            GridRow {
                Rectangle().frame(width: 20, height: 60).accessibilityIdentifier("tall2")
                Rectangle().frame(width: 20, height: 20).accessibilityIdentifier("bottom")
            }
        }, width: 400, height: 300)
        #expect(frame(result, "top").minY == frame(result, "tall").minY)
        #expect(frame(result, "bottom").maxY == frame(result, "tall2").maxY)
    }

    /// `Grid(alignment:horizontalSpacing:verticalSpacing:)`: the spacing
    /// given replaces the default between columns and between rows.
    @Test func explicitSpacing() {
        let result = layout(Grid(horizontalSpacing: 3, verticalSpacing: 7) {
            GridRow { symbol("a"); symbol("b") }
            GridRow { symbol("c"); symbol("d") }
        }.accessibilityIdentifier("grid"), width: 400, height: 300)
        #expect(frame(result, "grid").size == CGSize(width: 43, height: 47))
        #expect(frame(result, "b").minX - frame(result, "a").maxX == 3)
        #expect(frame(result, "c").minY - frame(result, "a").maxY == 7)
    }

    /// A `GridRow` outside a `Grid` lays out its views as if written without
    /// it (as a `Group`): here, two children of a VStack.
    @Test func gridRowOutsideAGridIsAGroup() {
        let result = layout(VStack(spacing: 0) {
            GridRow {
                symbol("a")
                symbol("b")
            }
        }, width: 400, height: 300)
        #expect(frame(result, "b").minY == frame(result, "a").maxY)
        #expect(frame(result, "a").minX == frame(result, "b").minX)
    }
}

@Suite("Grid column alignment")
struct GridColumnAlignmentTests {
    /// `gridColumnAlignment(_:)` page: the grid's alignment is leading and
    /// the first column's trailing, set on its first cell only ("Add the
    /// modifier to only one cell in a column. The grid automatically aligns
    /// all cells in that column the same way"): "the trailing edge of the
    /// first column flush with the leading edge of the second column" (the
    /// labels end where their column does, the font names start where
    /// theirs does). The page's grid is `.leadingFirstTextBaseline`; this
    /// one is `.leading`, as baselines are not lined up across cells yet.
    /// Stand-ins: fixed rectangles for the buttons and the toggle.
    @Test func trailingLabelsBesideLeadingValues() {
        let result = layout(Grid(alignment: .leading) {
            GridRow {
                Text("Regular font:").accessibilityIdentifier("label1").gridColumnAlignment(.trailing)
                Text("Helvetica 12").accessibilityIdentifier("value1")
                Rectangle().frame(width: 80, height: 20).accessibilityIdentifier("button1")
            }
            GridRow {
                Text("Fixed-width font:").accessibilityIdentifier("label2")
                Text("Menlo Regular 11").accessibilityIdentifier("value2")
                Rectangle().frame(width: 80, height: 20).accessibilityIdentifier("button2")
            }
            GridRow {
                Color.clear.frame(width: 0, height: 0)
                Rectangle().frame(width: 250, height: 20).accessibilityIdentifier("toggle").gridCellColumns(2)
            }
        }.accessibilityIdentifier("grid"), width: 800, height: 300)
        let grid = frame(result, "grid")
        let label1 = frame(result, "label1"), label2 = frame(result, "label2")
        let value1 = frame(result, "value1"), value2 = frame(result, "value2")
        let labelColumn = max(naturalWidth("Regular font:"), naturalWidth("Fixed-width font:"))
        // Both labels end on the column's trailing edge.
        #expect(isClose(label1.maxX, grid.minX + labelColumn) && isClose(label2.maxX, label1.maxX))
        #expect(label1.width < label2.width)
        // The values start on their column's leading edge, 8 points on.
        #expect(isClose(value1.minX, label1.maxX + 8) && isClose(value2.minX, value1.minX))
        // The multicolumn toggle keeps the grid's (leading) alignment.
        #expect(isClose(frame(result, "toggle").minX, value1.minX))
    }
}

@Suite("Grid cells with unsized axes")
struct GridCellUnsizedAxesTests {
    /// `Grid` page: `Divider().gridCellUnsizedAxes(.horizontal)` between
    /// the rows "restores the grid to the width that the text and images
    /// require"; the divider spans that width.
    @Test func dividerNoLongerWidensTheGrid() {
        let result = layout(Grid {
            GridRow {
                Text("Hello").accessibilityIdentifier("hello")
                symbol("globe")
            }
            Divider().gridCellUnsizedAxes(.horizontal).accessibilityIdentifier("divider")
            GridRow {
                symbol("wave")
                Text("World").accessibilityIdentifier("world")
            }
        }.accessibilityIdentifier("grid"), width: 400, height: 300)
        let grid = frame(result, "grid")
        let width = max(naturalWidth("Hello"), 20) + SwiftUIConstants.defaultGridSpacing + max(20, naturalWidth("World"))
        #expect(isClose(grid.width, width))
        #expect(isClose(frame(result, "divider").width, width))
        #expect(isClose(frame(result, "divider").minX, grid.minX))
    }

    /// `gridCellColumns(_:)` page: `Color.clear.gridCellUnsizedAxes([.vertical,
    /// .horizontal])` fills the empty first cell of the toggle's row
    /// without making its column wider or its row taller than the other
    /// cells need. Stand-in: a 200×20 rectangle for the toggle.
    @Test func clearPlaceholderTakesNoSpace() {
        let result = layout(Grid(alignment: .leading) {
            GridRow {
                Text("Regular font:").accessibilityIdentifier("label").gridColumnAlignment(.trailing)
                Text("Helvetica 12").accessibilityIdentifier("value")
            }
            GridRow {
                Color.clear.gridCellUnsizedAxes([.vertical, .horizontal]).accessibilityIdentifier("clear")
                Rectangle().frame(width: 200, height: 20).accessibilityIdentifier("toggle").gridCellColumns(1)
            }
        }.accessibilityIdentifier("grid"), width: 600, height: 300)
        let grid = frame(result, "grid")
        let label = frame(result, "label")
        let labelColumn = naturalWidth("Regular font:")
        let valueColumn = max(naturalWidth("Helvetica 12"), 200)
        #expect(isClose(grid.width, labelColumn + 8 + valueColumn))
        #expect(isClose(grid.height, label.height + 8 + 20))
        // The placeholder fills its cell: the label column by the toggle's row.
        #expect(isClose(frame(result, "clear").size, CGSize(width: labelColumn, height: 20)))
        #expect(isClose(frame(result, "toggle").minX, frame(result, "value").minX))
    }
}

@Suite("Grid cell anchors")
struct GridCellAnchorTests {
    /// `gridCellAnchor(_:)` page: with `UnitPoint(x: 0.25, y: 0.75)` "the
    /// grid aligns the one quarter point of the marker with the one quarter
    /// point of its cell in the x direction … the three quarters point of
    /// the marker with the three quarters point of the cell in the y
    /// direction"; without it the marker would be centred.
    @Test func anchorPlacesTheMarker() {
        let result = layout(Grid(horizontalSpacing: 1, verticalSpacing: 1) {
            GridRow {
                Color.red.frame(width: 60, height: 60)
                Color.red.frame(width: 60, height: 60)
            }
            GridRow {
                Color.red.frame(width: 60, height: 60)
                Color.blue.frame(width: 10, height: 10).accessibilityIdentifier("marker")
                    .gridCellAnchor(UnitPoint(x: 0.25, y: 0.75))
            }
        }.accessibilityIdentifier("grid"), width: 400, height: 300)
        let grid = frame(result, "grid")
        let cell = CGRect(x: grid.minX + 61, y: grid.minY + 61, width: 60, height: 60)
        let marker = frame(result, "marker")
        #expect(isClose(marker.minX + 0.25 * 10, cell.minX + 0.25 * 60))
        #expect(isClose(marker.minY + 0.75 * 10, cell.minY + 0.75 * 60))
    }

    /// `gridCellAnchor(_:)` page, "Anchor alignment for merged cells": a
    /// marker spanning two columns is centred in the merged cell.
    @Test func mergedCellIsCentred() {
        let result = layout(Grid(alignment: .center, horizontalSpacing: 1, verticalSpacing: 1) {
            GridRow {
                Color.red.frame(width: 60, height: 60)
                Color.red.frame(width: 60, height: 60)
                Color.red.frame(width: 60, height: 60)
            }
            GridRow {
                Color.red.frame(width: 60, height: 60)
                Color.blue.frame(width: 10, height: 10).accessibilityIdentifier("marker").gridCellColumns(2)
            }
        }.accessibilityIdentifier("grid"), width: 400, height: 300)
        let grid = frame(result, "grid")
        let merged = CGRect(x: grid.minX + 61, y: grid.minY + 61, width: 121, height: 60)
        let marker = frame(result, "marker")
        #expect(isClose(marker.midX, merged.midX) && isClose(marker.midY, merged.midY))
    }
}

@Suite("Grid rows aligned on text baselines")
struct GridBaselineTests {
    /// The `gridCellColumns(_:)` and `gridColumnAlignment(_:)` pages'
    /// "typical macOS configuration view" uses
    /// `Grid(alignment: .leadingFirstTextBaseline)`: the cells of a row meet
    /// on their first baselines, as in an `HStack` with that alignment, so
    /// a label in a smaller font sits on the value's baseline. Stand-ins:
    /// texts in two fonts (`.caption` label, `.title` value).
    @Test func cellsOfARowShareTheirFirstBaseline() {
        let grid = layout(Grid(alignment: .leadingFirstTextBaseline) {
            GridRow {
                Text("Regular font:").font(.caption).accessibilityIdentifier("label")
                Text("Helvetica 12").font(.title).accessibilityIdentifier("value")
            }
        }.accessibilityIdentifier("grid"), width: 600, height: 300)
        let stack = layout(HStack(alignment: .firstTextBaseline, spacing: 8) {
            Text("Regular font:").font(.caption).accessibilityIdentifier("label")
            Text("Helvetica 12").font(.title).accessibilityIdentifier("value")
        }.accessibilityIdentifier("grid"), width: 600, height: 300)
        // Relative to the grid (stack), each text sits where the HStack puts it.
        for id in ["label", "value"] {
            let inGrid = frame(grid, id), inStack = frame(stack, id)
            #expect(isClose(inGrid.minY - frame(grid, "grid").minY, inStack.minY - frame(stack, "grid").minY))
        }
        #expect(isClose(frame(grid, "grid").height, frame(stack, "grid").height))
        #expect(frame(grid, "label").minY > frame(grid, "value").minY)
    }
}

@Suite("The Grid and ViewThatFits article")
struct GridArticleTests {
    /// The form of `FormLayoutsWithGridAndViewThatFits.md`: the fields of
    /// both rows start on one line, the labels end on one line, the divider
    /// spans the grid, and the toggle starts with the fields.
    @Test func labelsAndFieldsLineUp() {
        let result = layout(Grid(alignment: .leadingFirstTextBaseline) {
            GridRow {
                Text("Name").gridColumnAlignment(.trailing).accessibilityIdentifier("nameLabel")
                TextField("Name", text: "").accessibilityIdentifier("name")
            }
            GridRow {
                Text("Email address").accessibilityIdentifier("emailLabel")
                TextField("Email", text: "").accessibilityIdentifier("email")
            }
            Divider().gridCellUnsizedAxes(.horizontal).accessibilityIdentifier("divider")
            GridRow {
                Color.clear.gridCellUnsizedAxes([.horizontal, .vertical])
                Toggle("Subscribe", isOn: true).accessibilityIdentifier("toggle")
            }
        }.accessibilityIdentifier("grid"), width: 600, height: 400)
        let grid = frame(result, "grid")
        #expect(isClose(frame(result, "name").minX, frame(result, "email").minX))
        #expect(isClose(frame(result, "nameLabel").maxX, frame(result, "emailLabel").maxX))
        #expect(frame(result, "nameLabel").width < frame(result, "emailLabel").width)
        #expect(isClose(frame(result, "toggle").minX, frame(result, "name").minX))
        #expect(isClose(frame(result, "divider").width, grid.width))
        // A text field takes the width offered: the field column fills the rest.
        #expect(isClose(frame(result, "name").maxX, grid.maxX))
    }
}
