import FormLayout
import Foundation
import Testing

/// The controls a form uses for typed questions that FormLayout adds:
/// `TextEditor` and `Picker`. Sizes from UIKit's documented defaults
/// (`SwiftUIConstants`, each with its source).
@Suite("Text editor and picker")
struct TypedControlTests {
    private func layout(_ view: some View, width: CGFloat = 400, height: CGFloat = 300) -> LayoutResult {
        ViewHost(view, windowSize: CGSize(width: width, height: height)).layout()
    }

    private func texts(_ result: LayoutResult) -> [(lines: [String], frame: CGRect, fill: Color?)] {
        result.displayList.items.compactMap { item in
            if case .text(let lines, _) = item.shape { (lines, item.frame, item.fill) } else { nil }
        }
    }

    @Test func aTextEditorTakesTheWidthAndHeightItIsOffered() {
        let result = layout(TextEditor(text: "").frame(width: 180, height: 82))
        let editor = result.displayList.items.first { if case .roundedRectangle = $0.shape { true } else { false } }
        #expect(editor?.frame.size == CGSize(width: 180, height: 82))
        // Offered nothing, it is a text field's ideal width and one line with its insets.
        #expect(SwiftUIConstants.textEditorHeight(lines: 1) == 38)
        #expect(SwiftUIConstants.textEditorHeight(lines: 3) == 82)
        let ideal = layout(TextEditor(text: "").fixedSize())
        let idealFrame = ideal.displayList.items.first { if case .roundedRectangle = $0.shape { true } else { false } }?.frame
        #expect(idealFrame?.size == CGSize(width: SwiftUIConstants.textFieldIdealWidth, height: 38))
    }

    @Test func aTextEditorWrapsItsTextAndShowsTheLinesThatFit() throws {
        let value = "First line\n" + String(repeating: "word ", count: 40)
        let result = layout(TextEditor(text: value).frame(width: 200, height: SwiftUIConstants.textEditorHeight(lines: 3)))
        let shown = try #require(texts(result).first)
        #expect(shown.lines.count == 3)
        #expect(shown.lines.first == "First line")
        // Inside the insets: 5 points at the sides, 8 at the top.
        #expect(shown.frame.minX == 105)
        let measurer = SystemTextMeasurer()
        for line in shown.lines { #expect(measurer.width(of: Substring(line), font: .body) <= 200 - 2 * 5 + 1e-9) }
        // Too short for one line: no text.
        #expect(texts(layout(TextEditor(text: value).frame(width: 200, height: 20))).isEmpty)
        #expect(texts(layout(TextEditor(text: "").frame(width: 200, height: 82))).isEmpty)
    }

    @Test func aPickerShowsTheSelectedOptionsLabelTrailingInTheSecondaryColour() throws {
        let options = [(value: "red", label: "Red"), (value: "green", label: "Green")]
        let result = layout(Picker("Colour", selection: "green", options: options).frame(width: 300))
        let shown = texts(result)
        #expect(shown.map(\.lines) == [["Colour"], ["Green"]])
        #expect(shown.last?.fill == .secondary)
        // As wide as offered, one body line tall; the selection against the trailing edge.
        let trailing = try #require(shown.last?.frame)
        #expect(abs(trailing.maxX - (50 + 300)) < 1e-9)
        #expect(trailing.height == 22)
        // Nothing selected, or a selection no option has: the trailing side is empty.
        #expect(texts(layout(Picker("Colour", selection: "blue", options: options))).flatMap(\.lines).filter { !$0.isEmpty } == ["Colour"])
        #expect(texts(layout(Picker("Colour", selection: String?.none, options: options))).flatMap(\.lines).filter { !$0.isEmpty } == ["Colour"])
    }

    /// The selection takes what the label leaves, so the picker's size
    /// (and so the minimap's rectangle) never follows the selection: a
    /// new choice only recolours the field.
    @Test func aPickersSizeDoesNotDependOnItsSelection() {
        func sizes(_ selected: String) -> [CGRect] {
            let view = Picker(selectedLabel: selected) { Text("Favourite colour of the week").layoutPriority(1) }
                .frame(width: 180).fixedSize(horizontal: false, vertical: true)
            // The label's frame: where it sits and how many lines it wraps to.
            return layout(view).displayList.items.compactMap { item in
                if case .text(let lines, _) = item.shape, lines.joined(separator: " ").hasPrefix("Favourite") { item.frame } else { nil }
            }
        }
        let short = sizes("")
        #expect(short.count == 1)
        for selected in ["Red", "A rather long colour name indeed", String(repeating: "W", count: 80)] {
            #expect(sizes(selected) == short, "\(selected)")
        }
    }
}
