// The ASCII fast path of text measuring (`TextLayout.measureASCIIWrap`)
// must give the same line count and widest line as the general `wrap`, to
// the last bit wherever `size` uses it (text wider than offered): stacks
// size with the one and draw with the other. Compared here on thousands of
// generated strings and widths.
@testable import FormLayout
import Foundation
import Testing

@Suite("Text wrapping: the ASCII fast path matches wrap")
struct TextWrapFastPathTests {
    @Test func sameLinesAndWidthOnThousandsOfInputs() {
        let words = ["a", "Hello", "first", "WWWWWWWWWWWWWWWWWWWWWWWWWWWW", "middle", "i", "", "Lovelace", "ada@example.com", "x-y_z"]
        let compared = compareWithWrap(words: words, seed: 2026) { layout, width in
            layout.measureASCIIWrap(width: width, measurer: SystemTextMeasurer())
        }
        #expect(compared > 2_000)
    }

    /// A width no character fits (a stack's probe for the smallest width)
    /// takes a path of its own: each character on its own line.
    @Test(arguments: [0, -0.0, -3] as [CGFloat])
    func sameLinesAndWidthWhereNothingFits(width: CGFloat) {
        let words = ["a", "Hello", "first", "WWWW", "i", "", "ada@example.com", "x-y_z"]
        let compared = compareWithWrap(words: words, seed: 49, count: 2_000, fixedWidth: width) { layout, width in
            layout.measureASCIIWrap(width: width, measurer: SystemTextMeasurer())
        }
        #expect(compared > 1_500)
    }

    @Test func noFastPathForNonASCIIOrOtherMeasurers() {
        let accented = TextLayout(string: "é è", font: .body, measurer: SystemTextMeasurer())
        #expect(accented.measureASCIIWrap(width: 5, measurer: SystemTextMeasurer()) == nil)
        let twoParagraphs = TextLayout(string: "a\nb", font: .body, measurer: SystemTextMeasurer())
        #expect(twoParagraphs.measureASCIIWrap(width: 5, measurer: SystemTextMeasurer()) == nil)
    }
}
