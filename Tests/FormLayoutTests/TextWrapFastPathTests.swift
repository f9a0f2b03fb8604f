// The ASCII fast path of text measuring (`TextLayout.measureASCIIWrap`)
// must give the same line count and widest line as the general `wrap`, to
// the last bit wherever `size` uses it (text wider than offered): stacks
// size with the one and draw with the other. Compared here on thousands of
// generated strings and widths.
@testable import FormLayout
import Testing

@Suite("Text wrapping: the ASCII fast path matches wrap")
struct TextWrapFastPathTests {
    /// A deterministic generator (SplitMix64), so failures reproduce.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    @Test func sameLinesAndWidthOnThousandsOfInputs() {
        var random = Generator(state: 2026)
        let words = ["a", "Hello", "first", "WWWWWWWWWWWWWWWWWWWWWWWWWWWW", "middle", "i", "", "Lovelace", "ada@example.com", "x-y_z"]
        let fonts: [Font] = [.body, .title, .caption, .body.weight(.bold)]
        var compared = 0
        for _ in 0..<4_000 {
            var string = ""
            for index in 0..<random.below(12) {
                if index > 0 { string += String(repeating: " ", count: 1 + random.below(3)) }
                string += words[random.below(words.count)]
            }
            if random.below(5) == 0 { string = " " + string }
            if random.below(5) == 0 { string += " " }
            let font = fonts[random.below(fonts.count)]
            let layout = TextLayout(string: string, font: font, measurer: SystemTextMeasurer())
            // `size` takes the fast path only for text wider than offered.
            guard layout.naturalWidth >= 1 else { continue }
            let width = CGFloat(random.below(Int(layout.naturalWidth))) + (random.below(2) == 0 ? 0 : 0.5)
            guard width < layout.naturalWidth else { continue }
            guard let (fastLines, fastWidest) = layout.measureASCIIWrap(width: width, measurer: SystemTextMeasurer()) else {
                Issue.record("no fast path for ASCII \(string.debugDescription)")
                continue
            }
            let (lines, widest) = layout.wrap(width: width, measurer: SystemTextMeasurer())
            #expect(fastLines == lines.count, "\(string.debugDescription) at \(width)")
            #expect(fastWidest.bitPattern == widest.bitPattern, "\(string.debugDescription) at \(width): \(fastWidest) vs \(widest)")
            compared += 1
        }
        #expect(compared > 2_000)
    }

    @Test func noFastPathForNonASCIIOrOtherMeasurers() {
        let accented = TextLayout(string: "é è", font: .body, measurer: SystemTextMeasurer())
        #expect(accented.measureASCIIWrap(width: 5, measurer: SystemTextMeasurer()) == nil)
        let twoParagraphs = TextLayout(string: "a\nb", font: .body, measurer: SystemTextMeasurer())
        #expect(twoParagraphs.measureASCIIWrap(width: 5, measurer: SystemTextMeasurer()) == nil)
    }
}
