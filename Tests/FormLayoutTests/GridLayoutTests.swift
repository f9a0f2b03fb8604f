// GridLayout, HStackLayout and VStackLayout: the `Layout` forms of Grid,
// HStack and VStack, used alone or switched through AnyLayout. Sources:
// Apple's `GridLayout` page (developer.apple.com/documentation/swiftui/
// gridlayout: "This layout container behaves like a Grid, but conforms to
// the Layout protocol so you can use it in the conditional layouts that you
// construct with AnyLayout"), its `init(alignment:horizontalSpacing:
// verticalSpacing:)` page, the `AnyLayout` page (its DynamicLayoutExample)
// and the `HStackLayout`/`VStackLayout` pages ("behaves like an HStack"/"a
// VStack"). Stand-ins: `Image(systemName:)` is a 20×20 `Rectangle`, a
// control a fixed-size `Rectangle`, and the Dynamic Type size a Bool
// (FormLayout has no symbol images, controls of those sizes or Dynamic Type).
import Foundation
import Testing
import FormLayout

private func symbol(_ id: String) -> some View {
    Rectangle().frame(width: 20, height: 20).accessibilityIdentifier(id)
}

private func block(_ id: String, _ width: CGFloat, _ height: CGFloat = 20) -> some View {
    Rectangle().frame(width: width, height: height).accessibilityIdentifier(id)
}

/// The resolved trees of two layouts are the same node for node: same
/// kinds, frames and labels.
private func sameTree(_ a: LayoutResult, _ b: LayoutResult, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(a.tree.description == b.tree.description, sourceLocation: sourceLocation)
}

/// Every node kind in `tree`.
private func kinds(_ tree: LayoutTree) -> Set<String> {
    tree.children.reduce(into: [tree.kind]) { $0.formUnion(kinds($1)) }
}

/// A layout of the test's own that hands its subviews to `inner`'s
/// `Layout` methods: how a user calls a built-in layout directly.
private struct Delegating<Inner: Layout>: Layout where Inner.Cache == Void {
    let inner: Inner
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        inner.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        inner.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }
}

@Suite("GridLayout: Apple's examples")
struct GridLayoutAppleExampleTests {
    /// The `AnyLayout` page's DynamicLayoutExample: `AnyLayout(HStackLayout())`
    /// for a small type size, `AnyLayout(VStackLayout())` otherwise, around
    /// two labels. The labels sit side by side, then one above the other,
    /// 8 points apart (SwiftUI's default spacing here), centred.
    @Test func dynamicLayoutExample() {
        func example(smallType: Bool) -> some View {
            let layout = smallType ? AnyLayout(HStackLayout()) : AnyLayout(VStackLayout())
            return layout {
                Text("First label").accessibilityIdentifier("first")
                Text("Second label").accessibilityIdentifier("second")
            }.accessibilityIdentifier("container")
        }
        let row = layout(example(smallType: true), width: 400, height: 300)
        let first = frame(row, "first"), second = frame(row, "second")
        #expect(first.width == naturalWidth("First label") && second.width == naturalWidth("Second label"))
        #expect(second.minX == first.maxX + 8 && second.midY == first.midY)
        #expect(isClose(frame(row, "container").midX, 200) && isClose(frame(row, "container").midY, 150))

        let column = layout(example(smallType: false), width: 400, height: 300)
        let top = frame(column, "first"), bottom = frame(column, "second")
        #expect(bottom.minY == top.maxY + 8 && isClose(bottom.midX, top.midX) && isClose(top.midX, 200))
        // Each is what the stack it stands for gives.
        sameTree(row, layout(HStack { Text("First label").accessibilityIdentifier("first"); Text("Second label").accessibilityIdentifier("second") }
            .accessibilityIdentifier("container"), width: 400, height: 300))
        sameTree(column, layout(VStack { Text("First label").accessibilityIdentifier("first"); Text("Second label").accessibilityIdentifier("second") }
            .accessibilityIdentifier("container"), width: 400, height: 300))
    }

    /// The `GridLayout` page: it "behaves like a Grid". The `Grid` page's
    /// first example (two rows of two cells with a `Divider` between them)
    /// written with `GridLayout()`: columns as wide as their widest cell,
    /// cells centred in them, 8 points apart, and the divider spanning the
    /// grid, widening it "to fill the width offered by its parent view".
    @Test func gridPageExampleAsGridLayout() {
        let result = layout(GridLayout() {
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
        let grid = frame(result, "grid"), divider = frame(result, "divider")
        let hello = frame(result, "hello"), world = frame(result, "world")
        let globe = frame(result, "globe"), wave = frame(result, "wave")
        #expect(grid.width == 400 && divider.minX == grid.minX && divider.width == 400)
        #expect(hello.midX == wave.midX && globe.midX == world.midX)
        #expect(globe.minX > hello.maxX)
        #expect(isClose(divider.minY, max(hello.maxY, globe.maxY) + 8))
        #expect(isClose(min(wave.minY, world.minY), divider.maxY + 8) && isClose(world.midY, wave.midY))
    }

    /// The `init(alignment:horizontalSpacing:verticalSpacing:)` page:
    /// nil spacings are the default distances, given ones replace them,
    /// and the alignment aligns each cell in its cell.
    @Test func initializerSpacingAndAlignment() {
        let defaults = GridLayout()
        #expect(defaults.alignment == .center && defaults.horizontalSpacing == nil && defaults.verticalSpacing == nil)
        let result = layout(GridLayout(alignment: .topLeading, horizontalSpacing: 3, verticalSpacing: 7) {
            GridRow { block("a", 40, 40); symbol("b") }
            GridRow { symbol("c"); symbol("d") }
        }.accessibilityIdentifier("grid"), width: 400, height: 300)
        let grid = frame(result, "grid")
        #expect(grid.size == CGSize(width: 63, height: 67))
        #expect(frame(result, "b").minX == frame(result, "a").maxX + 3 && frame(result, "b").minY == grid.minY)
        #expect(frame(result, "c").minY == frame(result, "a").maxY + 7 && frame(result, "c").minX == grid.minX)
    }
}

@Suite("GridLayout lays out as Grid")
struct GridLayoutMatchesGridTests {
    /// Two rows with a spanning divider (the `Grid` page's example).
    @ViewBuilder static func dividedRows() -> some View {
        GridRow { Text("Hello").accessibilityIdentifier("hello"); symbol("globe") }
        Divider().accessibilityIdentifier("divider")
        GridRow { symbol("wave"); Text("World").accessibilityIdentifier("world") }
    }

    /// A cell spanning two columns and an empty placeholder (the
    /// `gridCellColumns(_:)` page's configuration view), trailing labels.
    @ViewBuilder static func spannedCells() -> some View {
        GridRow {
            Text("Regular font:").accessibilityIdentifier("label1").gridColumnAlignment(.trailing)
            block("font", 90)
            block("button", 60)
        }
        GridRow {
            Text("Fixed-width font:").accessibilityIdentifier("label2")
            block("font2", 110)
            block("button2", 60)
        }
        GridRow {
            Color.clear.gridCellUnsizedAxes([.vertical, .horizontal])
            block("toggle", 250).gridCellColumns(2)
        }
        block("footer", 30).gridCellAnchor(.trailing)
    }

    /// Flexible cells sharing what is left, a row aligned on its own, and
    /// an anchored cell.
    @ViewBuilder static func flexibleCells() -> some View {
        GridRow(alignment: .top) {
            Text("Row 1").accessibilityIdentifier("row1")
            Color.red.accessibilityIdentifier("red")
            block("short", 10, 10).gridCellAnchor(UnitPoint(x: 0.25, y: 0.75))
        }
        GridRow {
            Text("Row 2").accessibilityIdentifier("row2")
            Color.green.accessibilityIdentifier("green").gridCellColumns(2)
        }
        Divider().gridCellUnsizedAxes(.horizontal).accessibilityIdentifier("divider")
    }

    /// `GridLayout { … }`, `AnyLayout(GridLayout(…)) { … }` and `Grid { … }`
    /// with the same settings and content give the same tree, frame for frame.
    @Test(arguments: 0..<3)
    func sameFramesAsGrid(content: Int) {
        func compare<C: View>(_ alignment: Alignment, _ h: CGFloat?, _ v: CGFloat?, _ content: () -> C) {
            let grid = layout(Grid(alignment: alignment, horizontalSpacing: h, verticalSpacing: v) { content() }
                .accessibilityIdentifier("grid"), width: 420, height: 300)
            let direct = layout(GridLayout(alignment: alignment, horizontalSpacing: h, verticalSpacing: v) { content() }
                .accessibilityIdentifier("grid"), width: 420, height: 300)
            let erased = layout(AnyLayout(GridLayout(alignment: alignment, horizontalSpacing: h, verticalSpacing: v)) { content() }
                .accessibilityIdentifier("grid"), width: 420, height: 300)
            sameTree(grid, direct)
            sameTree(grid, erased)
            // The grid's own node: one implementation, not a custom layout.
            for result in [direct, erased] {
                #expect(kinds(result.tree).contains("grid") && !kinds(result.tree).contains("customLayout"))
            }
        }
        switch content {
        case 0: compare(.center, nil, nil, Self.dividedRows)
        case 1: compare(.leading, 12, 4, Self.spannedCells)
        default: compare(.bottom, 1, 1, Self.flexibleCells)
        }
    }

    /// The spanning cells' frames, checked on their own too: the toggle
    /// spans the font and button columns, the footer sits at the trailing
    /// edge of the grid, the labels end on their column's trailing edge.
    @Test func spannedCellsFrames() {
        let result = layout(GridLayout(alignment: .leading, horizontalSpacing: 12, verticalSpacing: 4) { Self.spannedCells() }
            .accessibilityIdentifier("grid"), width: 600, height: 300)
        let grid = frame(result, "grid")
        let labelColumn = max(naturalWidth("Regular font:"), naturalWidth("Fixed-width font:"))
        // The toggle (250) is wider than the two columns it spans (110 + 12
        // + 60): it widens them, so the grid is the label column and it.
        #expect(isClose(grid.width, labelColumn + 12 + 250))
        #expect(isClose(frame(result, "label1").maxX, grid.minX + labelColumn) && isClose(frame(result, "label2").maxX, frame(result, "label1").maxX))
        #expect(isClose(frame(result, "toggle").minX, frame(result, "font").minX))
        #expect(isClose(frame(result, "footer").maxX, grid.maxX))
        #expect(isClose(frame(result, "footer").minY, frame(result, "toggle").maxY + 4))
    }
}

@Suite("AnyLayout switches between GridLayout and VStackLayout")
struct AnyLayoutGridSwitchTests {
    /// A two-row form whose container is chosen at run time: as a grid its
    /// labels and fields form columns; as a `VStackLayout` the `GridRow`s
    /// act like groups and the four views stand one above the other.
    static func form(_ layout: AnyLayout) -> some View {
        layout {
            GridRow { block("nameLabel", 50); block("name", 120) }
            GridRow { block("emailLabel", 40); block("email", 160) }
        }.accessibilityIdentifier("form")
    }

    @Test func switching() {
        let ids = ["nameLabel", "name", "emailLabel", "email"]
        let grid = layout(Self.form(AnyLayout(GridLayout(alignment: .leading))), width: 400, height: 300)
        let stack = layout(Self.form(AnyLayout(VStackLayout(alignment: .leading))), width: 400, height: 300)
        // The same four views either way.
        for id in ids { #expect(grid.frame(of: id) != nil && stack.frame(of: id) != nil) }

        // Grid: two columns, 50 and 160 wide, 8 apart; rows 8 apart.
        let form = frame(grid, "form")
        #expect(form.size == CGSize(width: 50 + 8 + 160, height: 20 + 8 + 20))
        #expect(frame(grid, "nameLabel").minX == form.minX && frame(grid, "emailLabel").minX == form.minX)
        #expect(frame(grid, "name").minX == form.minX + 58 && frame(grid, "email").minX == form.minX + 58)
        #expect(frame(grid, "name").minY == form.minY && frame(grid, "email").minY == form.minY + 28)

        // VStackLayout: four rows, leading edges together, 8 apart.
        let column = frame(stack, "form")
        #expect(column.size == CGSize(width: 160, height: 4 * 20 + 3 * 8))
        for (index, id) in ids.enumerated() {
            #expect(frame(stack, id).minX == column.minX)
            #expect(frame(stack, id).minY == column.minY + CGFloat(index) * 28)
        }
        // Exactly what a VStack of the four views gives.
        sameTree(stack, layout(VStack(alignment: .leading) {
            GridRow { block("nameLabel", 50); block("name", 120) }
            GridRow { block("emailLabel", 40); block("email", 160) }
        }.accessibilityIdentifier("form"), width: 400, height: 300))
        // And back: the grid again, unchanged.
        sameTree(grid, layout(Self.form(AnyLayout(GridLayout(alignment: .leading))), width: 400, height: 300))
    }

    /// An AnyLayout of an HStackLayout with alignment and spacing is the
    /// HStack with the same ones, spacers included.
    @Test func hStackLayoutIsAnHStack() {
        let erased = layout(AnyLayout(HStackLayout(alignment: .bottom, spacing: 3)) {
            block("a", 30, 40); Spacer(); block("b", 20)
        }.accessibilityIdentifier("row"), width: 400, height: 300)
        let stack = layout(HStack(alignment: .bottom, spacing: 3) {
            block("a", 30, 40); Spacer(); block("b", 20)
        }.accessibilityIdentifier("row"), width: 400, height: 300)
        sameTree(erased, stack)
        #expect(frame(erased, "row").width == 400 && frame(erased, "b").maxX == 400)
        #expect(frame(erased, "a").maxY == frame(erased, "b").maxY)
    }

    /// The `Layout` methods called directly on another layout's subviews:
    /// a GridLayout lays each subview out as a row spanning the grid (as
    /// `Grid` does with views outside any `GridRow`), the stack layouts as
    /// their stacks do.
    @Test func layoutMethodsCalledDirectly() {
        let direct = layout(Delegating(inner: GridLayout(alignment: .trailing, verticalSpacing: 5)) {
            block("a", 40); block("b", 90); block("c", 10)
        }.accessibilityIdentifier("grid"), width: 400, height: 300)
        let grid = layout(Grid(alignment: .trailing, verticalSpacing: 5) {
            block("a", 40); block("b", 90); block("c", 10)
        }.accessibilityIdentifier("grid"), width: 400, height: 300)
        for id in ["grid", "a", "b", "c"] { #expect(frame(direct, id) == frame(grid, id)) }
        #expect(frame(direct, "grid").width == 90)
        #expect(frame(direct, "a").maxX == frame(direct, "b").maxX && frame(direct, "c").maxX == frame(direct, "b").maxX)
        #expect(frame(direct, "b").minY == frame(direct, "a").maxY + 5 && frame(direct, "c").minY == frame(direct, "b").maxY + 5)

        let hDirect = layout(Delegating(inner: HStackLayout(alignment: .top, spacing: 2)) {
            block("a", 40, 30); Color.red.accessibilityIdentifier("flex"); block("b", 90)
        }, width: 400, height: 300)
        let hStack = layout(HStack(alignment: .top, spacing: 2) {
            block("a", 40, 30); Color.red.accessibilityIdentifier("flex"); block("b", 90)
        }, width: 400, height: 300)
        for id in ["a", "flex", "b"] { #expect(frame(hDirect, id) == frame(hStack, id)) }
        #expect(isClose(frame(hDirect, "flex").width, 400 - 40 - 90 - 4))

        let vDirect = layout(Delegating(inner: VStackLayout(alignment: .leading)) { block("a", 40); block("b", 90) }, width: 400, height: 300)
        let vStack = layout(VStack(alignment: .leading) { block("a", 40); block("b", 90) }, width: 400, height: 300)
        for id in ["a", "b"] { #expect(frame(vDirect, id) == frame(vStack, id)) }
    }
}

@Suite("GridLayout right-to-left")
struct GridLayoutRightToLeftTests {
    /// Under `.environment(\.layoutDirection, .rightToLeft)` a GridLayout
    /// (alone or in an AnyLayout) is the mirror of its left-to-right
    /// layout: the first column on the right, leading-aligned cells on
    /// their column's right edge, the spanning cell at the (right) leading
    /// edge, every frame x → W − x − width.
    @Test(arguments: [false, true])
    func mirrorsLeftToRight(erased: Bool) {
        @ViewBuilder func content() -> some View {
            GridRow { block("label", 50).gridColumnAlignment(.trailing); block("field", 120) }
            GridRow { block("longLabel", 80); block("wide", 150).gridCellColumns(1) }
            block("button", 60).gridCellAnchor(.leading)
        }
        func check<Form: View>(_ form: Form) {
            let width: CGFloat = 400
            let ltr = layout(form, width: width, height: 300)
            let rtl = layout(form.environment(\.layoutDirection, .rightToLeft), width: width, height: 300)
            for id in ["label", "field", "longLabel", "wide", "button"] {
                let l = frame(ltr, id), r = frame(rtl, id)
                #expect(isClose(r, CGRect(x: width - l.maxX, y: l.minY, width: l.width, height: l.height)), "\(id)")
            }
            // Right to left, the first column is on the right: the short
            // label at its column's trailing (left) edge, the button at
            // the grid's leading (right) edge.
            #expect(frame(rtl, "label").minX > frame(rtl, "field").maxX)
            #expect(isClose(frame(rtl, "label").minX, frame(rtl, "longLabel").minX))
            #expect(isClose(frame(rtl, "button").maxX, frame(rtl, "longLabel").maxX))
        }
        if erased {
            check(AnyLayout(GridLayout(alignment: .leading)) { content() })
        } else {
            check(GridLayout(alignment: .leading) { content() })
        }
    }
}

@Suite("The Grid and ViewThatFits article: GridLayout")
struct GridLayoutArticleTests {
    /// The article's "A grid that can become a column": as a grid, the
    /// fields start on one line right of the labels; as a
    /// `VStackLayout(alignment: .leading)`, label, field, label, field
    /// stand one above the other on one leading edge.
    @Test(arguments: [false, true])
    func gridOrColumn(isNarrow: Bool) {
        let container = isNarrow
            ? AnyLayout(VStackLayout(alignment: .leading))
            : AnyLayout(GridLayout(alignment: .leading))
        let result = layout(container {
            GridRow { Text("Name").accessibilityIdentifier("nameLabel"); TextField("Name", text: "").accessibilityIdentifier("name") }
            GridRow { Text("Email").accessibilityIdentifier("emailLabel"); TextField("Email", text: "").accessibilityIdentifier("email") }
        }.accessibilityIdentifier("form"), width: 600, height: 400)
        let form = frame(result, "form")
        let ids = ["nameLabel", "name", "emailLabel", "email"]
        if isNarrow {
            for id in ids { #expect(isClose(frame(result, id).minX, form.minX)) }
            for (upper, lower) in zip(ids, ids.dropFirst()) {
                #expect(isClose(frame(result, lower).minY, frame(result, upper).maxY + 8))
            }
        } else {
            #expect(isClose(frame(result, "name").minX, frame(result, "email").minX))
            #expect(frame(result, "name").minX > max(frame(result, "nameLabel").maxX, frame(result, "emailLabel").maxX))
            #expect(isClose(frame(result, "nameLabel").minX, form.minX) && isClose(frame(result, "emailLabel").minX, form.minX))
            #expect(frame(result, "email").minY > frame(result, "name").maxY)
        }
    }
}
