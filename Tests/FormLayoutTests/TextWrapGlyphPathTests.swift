// Text that is not all ASCII keeps its characters' advances from `init`
// (`TextLayout.measureGlyphWrap`), so that asking its size again and again
// does not break graphemes and look up Unicode properties each time: the
// result must be `wrap`'s to the last bit, as for the ASCII fast path.
@testable import FormLayout
import Foundation
import Testing

@Suite("Text wrapping: the measured-glyph path matches wrap")
struct TextWrapGlyphPathTests {
    @Test func sameLinesAndWidthOnThousandsOfInputs() {
        let words = ["é", "Zoë", "Łódź", "東京", "🇯🇵", "e\u{301}e\u{301}", "👨‍👩‍👧‍👦", "a", "WWWW", "", "ß-ø_µ", "\u{301}", " \u{301}", "עברית", "x\u{7F}y", "©®"]
        let compared = compareWithWrap(words: words, seed: 611, check: { layout, string, font in
            #expect(layout.naturalWidth.bitPattern == SystemTextMeasurer().width(of: Substring(string), font: font).bitPattern)
        }) { layout, width in
            layout.measureASCIIWrap(width: width, measurer: SystemTextMeasurer())
                ?? layout.measureGlyphWrap(width: width, measurer: SystemTextMeasurer())
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
