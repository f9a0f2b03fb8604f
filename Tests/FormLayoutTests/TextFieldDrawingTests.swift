import FormLayout
import Foundation
import Testing

@Suite("Text field drawing")
struct TextFieldDrawingTests {
    private func shownText(_ value: String, width: CGFloat) -> String? {
        let result = ViewHost(TextField("", text: value).frame(width: width), windowSize: CGSize(width: 400, height: 100)).layout()
        for item in result.displayList.items {
            if case .text(let lines, _) = item.shape { return lines.first }
        }
        return nil
    }

    @Test func textThatFitsIsShownWhole() {
        #expect(shownText("Ada", width: 200) == "Ada")
    }

    @Test func longTextIsClippedToTheFieldKeepingItsStart() throws {
        let value = "ada.lovelace@analytical-engine.example.com"
        let shown = try #require(shownText(value, width: 120))
        #expect(value.hasPrefix(shown))
        #expect(shown.count < value.count)
        // It fits between the insets, and one more character would not.
        let room = 120 - 2 * SwiftUIConstants.textFieldTextInset
        let measurer = SystemTextMeasurer()
        #expect(measurer.width(of: Substring(shown), font: .body) <= room)
        let oneMore = value.prefix(shown.count + 1)
        #expect(measurer.width(of: oneMore, font: .body) > room)
    }

    @Test func aHugeValueIsClippedWithoutMeasuringAllOfIt() {
        let shown = shownText(String(repeating: "x", count: 1 << 20), width: 100)
        #expect(shown.map { $0.count < 20 } == true)
    }

    @Test func anEmptyFieldShowsItsPlaceholderInGrey() {
        let result = ViewHost(TextField("Name", text: ""), windowSize: CGSize(width: 400, height: 100)).layout()
        let text = result.displayList.items.first { if case .text = $0.shape { true } else { false } }
        #expect(text?.fill == SwiftUIConstants.ControlAppearance.placeholderText)
    }
}
