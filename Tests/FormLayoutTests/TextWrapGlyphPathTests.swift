// Text that is not all ASCII keeps its characters' advances from `init`
// (`TextLayout.measureGlyphWrap`), so that asking its size again and again
// does not break graphemes and look up Unicode properties each time: the
// result must be `wrap`'s to the last bit, as for the ASCII fast path.
@testable import FormLayout
import Testing

@Suite("Text wrapping: the measured-glyph path matches wrap")
struct TextWrapGlyphPathTests {
    @Test func sameLinesAndWidthOnThousandsOfInputs() {
        var random = TextWrapFastPathTests.Generator(state: 611)
        let words = ["é", "Zoë", "Łódź", "東京", "🇯🇵", "e\u{301}e\u{301}", "👨‍👩‍👧‍👦", "a", "WWWW", "", "ß-ø_µ", "\u{301}", " \u{301}", "עברית", "x\u{7F}y", "©®"]
        let fonts: [Font] = [.body, .title, .caption, .body.weight(.bold)]
        var compared = 0
        for _ in 0..<4_000 {
            var string = ""
            for index in 0..<(1 + random.below(12)) {
                if index > 0 { string += String(repeating: " ", count: 1 + random.below(3)) }
                string += words[random.below(words.count)]
            }
            if random.below(5) == 0 { string = " " + string }
            if random.below(5) == 0 { string += " " }
            let font = fonts[random.below(fonts.count)]
            let layout = TextLayout(string: string, font: font, measurer: SystemTextMeasurer())
            #expect(layout.naturalWidth.bitPattern == SystemTextMeasurer().width(of: Substring(string), font: font).bitPattern)
            guard layout.naturalWidth >= 1 else { continue }
            let width = CGFloat(random.below(Int(layout.naturalWidth))) + (random.below(2) == 0 ? 0 : 0.5)
            guard width < layout.naturalWidth else { continue }
            guard let (fastLines, fastWidest) = layout.measureASCIIWrap(width: width, measurer: SystemTextMeasurer())
                ?? layout.measureGlyphWrap(width: width, measurer: SystemTextMeasurer()) else {
                Issue.record("no fast path for \(string.debugDescription)")
                continue
            }
            let (lines, widest) = layout.wrap(width: width, measurer: SystemTextMeasurer())
            #expect(fastLines == lines.count, "\(string.debugDescription) at \(width)")
            #expect(fastWidest.bitPattern == widest.bitPattern, "\(string.debugDescription) at \(width): \(fastWidest) vs \(widest)")
            compared += 1
        }
        #expect(compared > 2_000)
    }

    @Test func latinLettersMeasureAsBefore() {
        // The shortcut below U+0300 gives what the property lookups gave.
        for value in 0xA0..<0x300 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let category = scalar.properties.generalCategory
            let expected: UInt16 = category == .nonspacingMark || category == .enclosingMark || scalar.properties.isEmojiPresentation
                ? (scalar.properties.isEmojiPresentation ? 1000 : 0) : 556
            #expect(SystemTextMeasurer.units(of: Character(scalar)) == expected, "U+\(String(value, radix: 16))")
        }
    }
}
