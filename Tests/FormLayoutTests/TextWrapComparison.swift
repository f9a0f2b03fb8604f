// What the two wrap fast-path suites share: generated strings of given
// words, widths narrower than the text, and a bit-for-bit comparison of a
// fast path's line count and widest line with `TextLayout.wrap`.
@testable import FormLayout
import Foundation
import Testing

/// A deterministic generator (SplitMix64), so failures reproduce.
struct SplitMix64 {
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

/// Compares `fastPath` with `wrap` on `count` strings made of `words`, at
/// widths below each string's natural width (where `size` uses a fast
/// path), or at `fixedWidth` when given; returns how many were compared.
@discardableResult
func compareWithWrap(words: [String], seed: UInt64, count: Int = 4_000, fixedWidth: CGFloat? = nil,
                     check: (TextLayout, String, Font) -> Void = { _, _, _ in },
                     fastPath: (TextLayout, CGFloat) -> (Int, CGFloat)?) -> Int {
    var random = SplitMix64(state: seed)
    let fonts: [Font] = [.body, .title, .caption, .body.weight(.bold)]
    var compared = 0
    for _ in 0..<count {
        var string = ""
        for index in 0..<(1 + random.below(12)) {
            if index > 0 { string += String(repeating: " ", count: 1 + random.below(3)) }
            string += words[random.below(words.count)]
        }
        if random.below(5) == 0 { string = " " + string }
        if random.below(5) == 0 { string += " " }
        let font = fonts[random.below(fonts.count)]
        let layout = TextLayout(string: string, font: font, measurer: SystemTextMeasurer())
        check(layout, string, font)
        guard layout.naturalWidth >= 1 else { continue }
        let width = fixedWidth ?? CGFloat(random.below(Int(layout.naturalWidth))) + (random.below(2) == 0 ? 0 : 0.5)
        guard width < layout.naturalWidth else { continue }
        guard let (fastLines, fastWidest) = fastPath(layout, width) else {
            Issue.record("no fast path for \(string.debugDescription)")
            continue
        }
        let (lines, widest) = layout.wrap(width: width, measurer: SystemTextMeasurer())
        #expect(fastLines == lines.count, "\(string.debugDescription) at \(width)")
        #expect(fastWidest.bitPattern == widest.bitPattern, "\(string.debugDescription) at \(width): \(fastWidest) vs \(widest)")
        compared += 1
    }
    return compared
}
