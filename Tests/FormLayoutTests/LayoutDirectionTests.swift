// Layout direction: `.environment(\.layoutDirection, .rightToLeft)` mirrors
// leading and trailing. Sources: Apple's `LayoutDirection` page ("SwiftUI
// horizontally flips the x position of each view within its parent"), its
// `HorizontalAlignment` page (the gallery of leading, center and trailing
// columns) and "Making fine adjustments to a view's position" (x "starts
// at 0 at the leading edge of a view … when the layout direction is set to
// right-to-left, the 0 horizontal value is on the right side of the view").
import Foundation
import Testing
import FormLayout

private func box(_ id: String, _ width: CGFloat, _ height: CGFloat = 20) -> some View {
    Rectangle().frame(width: width, height: height).accessibilityIdentifier(id)
}

@Suite("Layout direction")
struct LayoutDirectionTests {
    /// One column of the `HorizontalAlignment` page's gallery: a 1-point
    /// red line above and below a bordered title-font text, in a VStack of
    /// the given alignment with no spacing (`Color.red.frame(width: 1)`).
    private func column(_ alignment: HorizontalAlignment, _ text: String) -> some View {
        VStack(alignment: alignment, spacing: 0) {
            Color.red.frame(width: 1).accessibilityIdentifier("\(text).above")
            Text(text).font(.title).border(.gray).accessibilityIdentifier(text)
            Color.red.frame(width: 1).accessibilityIdentifier("\(text).below")
        }
    }

    private func gallery() -> some View {
        VStack(spacing: 30) {
            column(.leading, "Leading")
            column(.center, "Center")
            column(.trailing, "Trailing")
        }
    }

    /// The gallery left-to-right: the lines sit on the text's left edge for
    /// `.leading`, its middle for `.center`, its right edge for `.trailing`
    /// (the pictures on the page and on its `leading`/`trailing` pages).
    @Test func horizontalAlignmentGalleryLeftToRight() {
        let result = layout(gallery(), width: 400, height: 600)
        let leading = frame(result, "Leading"), center = frame(result, "Center"), trailing = frame(result, "Trailing")
        for line in ["above", "below"] {
            #expect(frame(result, "Leading.\(line)").minX == leading.minX)
            #expect(frame(result, "Center.\(line)").midX == center.midX)
            #expect(frame(result, "Trailing.\(line)").maxX == trailing.maxX)
        }
    }

    /// The same gallery right-to-left: `.leading` is the right edge and
    /// `.trailing` the left; `.center` stays the middle. Each frame is the
    /// left-to-right one mirrored across the 400-point window.
    @Test func horizontalAlignmentGalleryRightToLeft() {
        let ltr = layout(gallery(), width: 400, height: 600)
        let result = layout(gallery().environment(\.layoutDirection, .rightToLeft), width: 400, height: 600)
        let leading = frame(result, "Leading"), center = frame(result, "Center"), trailing = frame(result, "Trailing")
        for line in ["above", "below"] {
            #expect(frame(result, "Leading.\(line)").maxX == leading.maxX)
            #expect(frame(result, "Center.\(line)").midX == center.midX)
            #expect(frame(result, "Trailing.\(line)").minX == trailing.minX)
        }
        for id in ["Leading", "Center", "Trailing", "Leading.above", "Center.below", "Trailing.above"] {
            let mirrored = frame(ltr, id)
            #expect(isClose(frame(result, id), CGRect(x: 400 - mirrored.maxX, y: mirrored.minY, width: mirrored.width, height: mirrored.height)))
        }
    }

    /// An HStack right-to-left puts its first child on the right.
    @Test func hStackPlacesItsFirstChildOnTheRight() {
        let stack = HStack(spacing: 0) { box("a", 50); box("b", 30) }
        let ltr = layout(stack, width: 400, height: 300)
        #expect(frame(ltr, "a") == CGRect(x: 160, y: 140, width: 50, height: 20))
        #expect(frame(ltr, "b") == CGRect(x: 210, y: 140, width: 30, height: 20))
        let rtl = layout(stack.environment(\.layoutDirection, .rightToLeft), width: 400, height: 300)
        #expect(frame(rtl, "a") == CGRect(x: 190, y: 140, width: 50, height: 20))
        #expect(frame(rtl, "b") == CGRect(x: 160, y: 140, width: 30, height: 20))
    }

    /// `.padding(.leading, 10)` pads the right edge right-to-left.
    @Test func leadingPaddingIsOnTheRight() {
        let padded = box("a", 50).padding(.leading, 10).accessibilityIdentifier("padded")
        let ltr = layout(padded, width: 400, height: 300)
        #expect(frame(ltr, "padded") == CGRect(x: 170, y: 140, width: 60, height: 20))
        #expect(frame(ltr, "a") == CGRect(x: 180, y: 140, width: 50, height: 20))
        let rtl = layout(padded.environment(\.layoutDirection, .rightToLeft), width: 400, height: 300)
        #expect(frame(rtl, "padded") == CGRect(x: 170, y: 140, width: 60, height: 20))
        #expect(frame(rtl, "a") == CGRect(x: 170, y: 140, width: 50, height: 20))
    }

    /// `frame(width:alignment: .leading)` puts its content on the right
    /// right-to-left, `.topTrailing` in the top left corner.
    @Test func frameAlignmentIsMirrored() {
        let framed = VStack(spacing: 0) {
            box("a", 40).frame(width: 100, alignment: .leading)
            box("b", 40).frame(width: 100, height: 60, alignment: .topTrailing)
        }
        let ltr = layout(framed, width: 400, height: 300)
        #expect(frame(ltr, "a") == CGRect(x: 150, y: 110, width: 40, height: 20))
        #expect(frame(ltr, "b") == CGRect(x: 210, y: 130, width: 40, height: 20))
        let rtl = layout(framed.environment(\.layoutDirection, .rightToLeft), width: 400, height: 300)
        #expect(frame(rtl, "a") == CGRect(x: 210, y: 110, width: 40, height: 20))
        #expect(frame(rtl, "b") == CGRect(x: 150, y: 130, width: 40, height: 20))
    }

    /// A Grid right-to-left has its first column on the right, and a
    /// `gridColumnAlignment(.leading)` column aligns its cells' right edges.
    @Test func gridFirstColumnOnTheRight() {
        let grid = Grid(horizontalSpacing: 0, verticalSpacing: 0) {
            GridRow {
                box("a", 30).gridColumnAlignment(.leading)
                box("b", 50)
            }
            GridRow {
                box("c", 60)
                box("d", 10)
            }
        }
        // Columns 60 and 50 wide, the grid 110 wide from x = 145.
        let ltr = layout(grid, width: 400, height: 300)
        #expect(frame(ltr, "a").minX == 145 && frame(ltr, "c").minX == 145)
        #expect(frame(ltr, "b").minX == 205)
        let rtl = layout(grid.environment(\.layoutDirection, .rightToLeft), width: 400, height: 300)
        #expect(frame(rtl, "a") == CGRect(x: 225, y: 130, width: 30, height: 20))
        #expect(frame(rtl, "c") == CGRect(x: 195, y: 150, width: 60, height: 20))
        #expect(frame(rtl, "b") == CGRect(x: 145, y: 130, width: 50, height: 20))
        #expect(frame(rtl, "d").midX == 170)
    }

    /// Offsets are mirrored with everything else: x grows towards the
    /// leading edge's opposite ("Making fine adjustments to a view's
    /// position"), so `.offset(x: 10)` moves a view left right-to-left.
    @Test func offsetIsMirrored() {
        let moved = box("a", 40).offset(x: 10)
        #expect(frame(layout(moved, width: 400, height: 300), "a").minX == 190)
        #expect(frame(layout(moved.environment(\.layoutDirection, .rightToLeft), width: 400, height: 300), "a").minX == 170)
    }

    /// A left-to-right view inside a right-to-left one is laid out
    /// left-to-right inside the place its parent gives it.
    @Test func leftToRightInsideRightToLeft() {
        let view = HStack(spacing: 0) {
            HStack(spacing: 0) { box("a", 10); box("b", 20) }
                .environment(\.layoutDirection, .leftToRight)
            box("c", 50)
        }.environment(\.layoutDirection, .rightToLeft)
        // 80 wide from x = 160: c on the left (160..210), the inner stack
        // on the right (210..240) with a before b.
        let result = layout(view, width: 400, height: 300)
        #expect(frame(result, "c").minX == 160)
        #expect(frame(result, "a").minX == 210)
        #expect(frame(result, "b").minX == 220)
    }

    /// Text keeps its characters: only its frame moves.
    @Test func textIsNotReversed() {
        let result = layout(HStack { Text("שלום").accessibilityIdentifier("t"); box("x", 10) }
            .environment(\.layoutDirection, .rightToLeft), width: 400, height: 300)
        #expect(frame(result, "t").minX > frame(result, "x").maxX)
        #expect(result.tree.description.contains("\"שלום\""))
    }
    /// The form of `FormLayoutsWithGridAndViewThatFits.md` right to left,
    /// its labels in Hebrew: the labels' column is on the right, each label
    /// ends against its field on the left (`gridColumnAlignment(.trailing)`),
    /// the fields start on one line at their right edges, and every frame is
    /// the left-to-right one mirrored across the 600-point window.
    @Test func gridArticleFormRightToLeft() {
        let form = Grid(alignment: .leadingFirstTextBaseline) {
            GridRow {
                Text("שם").gridColumnAlignment(.trailing).accessibilityIdentifier("nameLabel")
                TextField("שם", text: "").accessibilityIdentifier("name")
            }
            GridRow {
                Text("כתובת דואר אלקטרוני").accessibilityIdentifier("emailLabel")
                TextField("דואר", text: "").accessibilityIdentifier("email")
            }
            Divider().gridCellUnsizedAxes(.horizontal).accessibilityIdentifier("divider")
            GridRow {
                Color.clear.gridCellUnsizedAxes([.horizontal, .vertical])
                Toggle("הרשמה", isOn: true).accessibilityIdentifier("toggle")
            }
        }.accessibilityIdentifier("grid")
        let ltr = layout(form, width: 600, height: 400)
        let rtl = layout(form.environment(\.layoutDirection, .rightToLeft), width: 600, height: 400)
        #expect(frame(rtl, "nameLabel").minX > frame(rtl, "name").maxX)
        #expect(isClose(frame(rtl, "nameLabel").minX, frame(rtl, "emailLabel").minX))
        #expect(isClose(frame(rtl, "name").maxX, frame(rtl, "email").maxX))
        #expect(isClose(frame(rtl, "toggle").maxX, frame(rtl, "name").maxX))
        #expect(isClose(frame(rtl, "name").minX, frame(rtl, "grid").minX))
        for id in ["grid", "nameLabel", "name", "emailLabel", "email", "divider", "toggle"] {
            let f = frame(ltr, id)
            #expect(isClose(frame(rtl, id), CGRect(x: 600 - f.maxX, y: f.minY, width: f.width, height: f.height)))
        }
    }
}
