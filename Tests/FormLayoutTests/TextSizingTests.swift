// A text node answers most size probes (offered at least its natural width)
// from the layout's plain fields instead of `TextLayout.size`: the two must
// agree to the last bit, line limits and several paragraphs included.
@testable import FormLayout
import Foundation
import Testing

@Suite("Text sizing: the natural-width shortcut matches TextLayout.size")
struct TextSizingTests {
    @Test func sameSizeAsTheLayoutForAnyWidth() {
        let strings = ["", "a", "Hello first middle last", "one\ntwo lines", "é è", "x\n\ny", "WWWWWWWWWWWW"]
        let size = CGSize(width: 1000, height: 1000)
        for string in strings {
            for lineLimit in [nil, 1, 2] as [Int?] {
                let layout = TextLayout(string: string, font: .body, lineLimit: lineLimit, measurer: SystemTextMeasurer())
                for width in [0, 10, 55.5, layout.naturalWidth, layout.naturalWidth + 1, 900] as [CGFloat] {
                    let view = Text(string).lineLimit(lineLimit).accessibilityIdentifier("text")
                        .frame(width: width, alignment: .topLeading)
                    let result = ViewHost(view, windowSize: size).layout()
                    let expected = layout.size(proposedWidth: width, measurer: SystemTextMeasurer())
                    #expect(result.frame(of: "text")?.size == expected, "\(string.debugDescription), limit \(String(describing: lineLimit)), width \(width)")
                }
            }
        }
    }
}
