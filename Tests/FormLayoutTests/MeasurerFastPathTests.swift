// The engine takes shortcuts when text is measured with the default
// `SystemTextMeasurer` (ASCII and glyph wrapping, the text field's clipped
// prefix). A measurer that only forwards to the default one takes none of
// them, so laying the same views out with each must draw exactly the same
// thing: frames, lines and clipped values, to the last bit.
import FormLayout
import Foundation
import Testing

/// The default metrics behind another type: the engine's shortcuts, which
/// are keyed on `SystemTextMeasurer` itself, do not apply.
private struct ForwardingMeasurer: TextMeasurer {
    let base = SystemTextMeasurer()
    func advance(of character: Character, font: Font) -> CGFloat { base.advance(of: character, font: font) }
    func width(of text: Substring, font: Font) -> CGFloat { base.width(of: text, font: font) }
}

@Suite("Text measured by the shortcuts and by the general path draws the same")
struct MeasurerFastPathTests {
    @Test func textsAndTextFieldsDrawTheSameThroughEitherPath() {
        let words = ["a", "Hello", "WWWWWWWW", "é", "e\u{301}", "日本", "👍", "ada@example.com", "x", "", "tab\there", "line\nbreak"]
        var random = SplitMix64(state: 9)
        for _ in 0..<300 {
            var string = ""
            for index in 0..<(1 + random.below(6)) {
                if index > 0 { string += String(repeating: " ", count: 1 + random.below(2)) }
                string += words[random.below(words.count)]
            }
            let width = CGFloat(10 + random.below(200)) + (random.below(2) == 0 ? 0 : 0.5)
            let view = VStack(alignment: .leading) {
                Text(string)
                TextField("", text: string)
                TextField(string, text: "")
            }
            .frame(width: width)
            let size = CGSize(width: 400, height: 400)
            let fast = ViewHost(view, windowSize: size).layout().displayList
            let general = ViewHost(view, windowSize: size, textMeasurer: ForwardingMeasurer()).layout().displayList
            #expect(fast == general, "\(string.debugDescription) at width \(width)")
        }
    }
}
