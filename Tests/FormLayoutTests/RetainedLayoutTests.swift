// `RetainedLayout`: a view named with `id(_:)` built again in place gives
// the same display list, frames and preference values as a new layout of
// the changed root; a change that sizes or nests differently is refused
// and leaves the layout as it was.
import Foundation
import Testing
import FormLayout

/// Every row's name and colour, in code order, with its bounds.
private struct RowsKey: PreferenceKey {
    static var defaultValue: [RowReport] = []
    static func reduce(value: inout [RowReport], nextValue: () -> [RowReport]) { value.append(contentsOf: nextValue()) }
}

private struct RowReport {
    let name: String
    let color: Color
    let bounds: Anchor<CGRect>
}

/// One row: a label, a text field and a coloured swatch that reports itself.
private struct Row: View {
    let name: String
    let text: String
    let color: Color
    var label: String? = nil

    var body: some View {
        HStack {
            Text(label ?? name)
            TextField("", text: text)
            color.frame(width: 20, height: 20)
                .anchorPreference(key: RowsKey.self, value: .bounds) { [name, color] in [RowReport(name: name, color: color, bounds: $0)] }
        }
        .padding(4)
    }
}

/// Rows, named by their names, and a summary drawn over them from their reports.
private struct Screen: View {
    var rows: [Row]

    var body: some View {
        VStack(alignment: .leading) {
            ForEach(rows.indices, id: \.self) { index in
                rows[index].id(rows[index].name)
            }
        }
        .overlayPreferenceValue(RowsKey.self) { reports in
            GeometryReader { proxy in
                ForEach(reports.indices, id: \.self) { index in
                    reports[index].color.frame(width: 4, height: 4)
                        .position(x: proxy[reports[index].bounds].midX, y: 2)
                }
            }
        }
    }
}

private let size = CGSize(width: 400, height: 300)

private func rows(_ count: Int) -> [Row] {
    (0..<count).map { Row(name: "row\($0)", text: "text \($0)", color: .gray) }
}

/// Everything a layout shows: its display list, every frame, and the root's reports.
private func picture(_ result: LayoutResult) -> (DisplayList, String, [String]) {
    let reports = result.preference(RowsKey.self).map { "\($0.name) \($0.color) \(result.resolve($0.bounds))" }
    return (result.displayList, result.tree.description, reports)
}

@Suite("RetainedLayout: named views built again in place")
struct RetainedLayoutTests {
    @Test("a new text and colour in one row: in place, and the same as a new layout")
    func textAndColourInPlace() {
        var screen = Screen(rows: rows(5))
        let retained = RetainedLayout(screen, windowSize: size)
        screen.rows[2] = Row(name: "row2", text: "typed", color: .red)
        #expect(retained.updateInPlace(replacing: "row2", with: screen.rows[2], in: screen))
        let fresh = ViewHost(screen, windowSize: size).layout()
        #expect(picture(retained.result) == picture(fresh))
        // The row's own value reads the new colour without collecting the root's.
        #expect(retained.preference(RowsKey.self, ofViewWithID: "row2")?.map(\.color) == [.red])
        // The overlay drawn from the reports was drawn again: a red dot.
        #expect(retained.result.displayList.items.contains { $0.fill == .red && $0.frame.size == CGSize(width: 4, height: 4) })
        #expect(retained.counts.inPlace == 1 && retained.counts.relaidOut == 1)
    }

    @Test("several updates in place before the result is read, and after it")
    func severalUpdates() {
        var screen = Screen(rows: rows(8))
        let retained = RetainedLayout(screen, windowSize: size)
        for (step, index) in [3, 5, 3, 0, 7].enumerated() {
            screen.rows[index] = Row(name: "row\(index)", text: "step \(step)", color: step % 2 == 0 ? .green : .blue)
            #expect(retained.updateInPlace(replacing: "row\(index)", with: screen.rows[index], in: screen))
            if step % 2 == 1 {
                #expect(picture(retained.result) == picture(ViewHost(screen, windowSize: size).layout()), "step \(step)")
            }
        }
        #expect(picture(retained.result) == picture(ViewHost(screen, windowSize: size).layout()))
    }

    @Test("a label of another length, or a view that nests differently, is refused and changes nothing")
    func refusedChanges() {
        let screen = Screen(rows: rows(4))
        let retained = RetainedLayout(screen, windowSize: size)
        let before = picture(retained.result)
        // A longer label is wider: the row's size may change.
        #expect(!retained.updateInPlace(replacing: "row1", with: Row(name: "row1", text: "", color: .gray, label: "a much longer label"), in: screen))
        // Another kind of view.
        #expect(!retained.updateInPlace(replacing: "row1", with: Text("row1"), in: screen))
        // An id no view has.
        #expect(!retained.updateInPlace(replacing: "row9", with: rows(10)[9], in: screen))
        #expect(picture(retained.result) == before)
        #expect(retained.counts.inPlace == 0)
        // And the layout still updates in place afterwards.
        var changed = screen
        changed.rows[1] = Row(name: "row1", text: "after", color: .orange)
        #expect(retained.updateInPlace(replacing: "row1", with: changed.rows[1], in: changed))
        #expect(picture(retained.result) == picture(ViewHost(changed, windowSize: size).layout()))
    }

    @Test("an id given to two views names neither")
    func ambiguousIDs() {
        let screen = Screen(rows: [Row(name: "same", text: "a", color: .gray), Row(name: "same", text: "b", color: .gray)])
        let retained = RetainedLayout(screen, windowSize: size)
        #expect(!retained.updateInPlace(replacing: "same", with: Row(name: "same", text: "c", color: .gray), in: screen))
        #expect(retained.preference(RowsKey.self, ofViewWithID: "same") == nil)
    }

    @Test("right to left: the anchors of a row built again are mirrored like a new layout's")
    func rightToLeft() {
        var screen = Screen(rows: rows(3))
        let root = { (screen: Screen) in screen.environment(\.layoutDirection, .rightToLeft) }
        let retained = RetainedLayout(root(screen), windowSize: size)
        screen.rows[0] = Row(name: "row0", text: "שלום", color: .purple)
        #expect(retained.updateInPlace(replacing: "row0", with: screen.rows[0], in: root(screen)))
        // The row's value, read in place, holds the mirrored anchor a new layout gives.
        let fresh = ViewHost(root(screen), windowSize: size).layout()
        let report = retained.preference(RowsKey.self, ofViewWithID: "row0")?.first
        #expect(report.map { "\($0.color) \(retained.resolve($0.bounds))" } == fresh.preference(RowsKey.self).first.map { "\($0.color) \(fresh.resolve($0.bounds))" })
        #expect(picture(retained.result) == picture(ViewHost(root(screen), windowSize: size).layout()))
    }

    @Test("update(_:) lays a changed root out from scratch")
    func fromScratch() {
        var screen = Screen(rows: rows(3))
        let retained = RetainedLayout(screen, windowSize: size)
        screen.rows.append(Row(name: "row3", text: "new", color: .yellow))
        retained.update(screen)
        #expect(picture(retained.result) == picture(ViewHost(screen, windowSize: size).layout()))
        #expect(retained.counts.relaidOut == 2)
        // The new row is named too.
        screen.rows[3] = Row(name: "row3", text: "newer", color: .red)
        #expect(retained.updateInPlace(replacing: "row3", with: screen.rows[3], in: screen))
        #expect(picture(retained.result) == picture(ViewHost(screen, windowSize: size).layout()))
    }
}
