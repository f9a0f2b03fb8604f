import FormLayout
import Foundation
import Testing

private struct Card: ViewModifier {
    func body(content: Content) -> some View {
        content
            .padding(10)
            .background(Color.gray)
    }
}

private struct Titled: ViewModifier {
    let title: String
    func body(content: Content) -> some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(title).accessibilityIdentifier("title")
            content
        }
        .font(.title)
    }
}

private struct Twice: ViewModifier {
    func body(content: Content) -> some View {
        HStack(spacing: 0) { content; content }
    }
}

@Suite("ViewModifier")
struct ViewModifierTests {
    @Test func bodyWrapsTheModifiedView() {
        let result = ViewHost(Color.red.frame(width: 50, height: 20).accessibilityIdentifier("box").modifier(Card()),
                              windowSize: CGSize(width: 300, height: 200)).layout()
        let box = result.frame(of: "box")!
        #expect(box.size == CGSize(width: 50, height: 20))
        let gray = result.displayList.items.first { $0.fill == .gray }!
        #expect(gray.frame == box.insetBy(dx: -10, dy: -10))
        #expect(gray.z < result.displayList.items.first { $0.fill == .red }!.z)
    }

    @Test func environmentSetInTheBodyReachesTheContent() {
        let result = ViewHost(Text("body").accessibilityIdentifier("body").modifier(Titled(title: "Head")),
                              windowSize: CGSize(width: 300, height: 200)).layout()
        #expect(result.frame(of: "title")!.height == Font.title.lineHeight)
        #expect(result.frame(of: "body")!.height == Font.title.lineHeight)
        #expect(result.frame(of: "body")!.minY == result.frame(of: "title")!.maxY)
    }

    @Test func nestedModifiersEachGetTheirOwnContent() {
        let result = ViewHost(Color.red.frame(width: 40, height: 10).modifier(Card()).modifier(Twice()),
                              windowSize: CGSize(width: 300, height: 200)).layout()
        let reds = result.displayList.items.filter { $0.fill == .red }
        let grays = result.displayList.items.filter { $0.fill == .gray }
        #expect(reds.count == 2 && grays.count == 2)
        #expect(grays[0].frame.width == 60 && grays[1].frame.minX == grays[0].frame.maxX)
    }
}

@Suite("lineLimit")
struct LineLimitTests {
    private let long = "The quick brown fox jumps over the lazy dog again and again"

    private func text(_ limit: Int?, width: CGFloat) -> (CGRect, [String]) {
        let result = ViewHost(Text(long).lineLimit(limit).frame(width: width).accessibilityIdentifier("t"),
                              windowSize: CGSize(width: 600, height: 400)).layout()
        let item = result.displayList.items.first { if case .text = $0.shape { true } else { false } }!
        guard case .text(let lines, _) = item.shape else { return (.zero, []) }
        return (item.frame, lines)
    }

    @Test func oneLineIsCutWithAnEllipsisThatFits() {
        let (frame, lines) = text(1, width: 120)
        #expect(frame.height == Font.body.lineHeight)
        #expect(lines.count == 1 && lines[0].hasSuffix("…"))
        #expect(long.hasPrefix(String(lines[0].dropLast())))
        #expect(SystemTextMeasurer().width(of: Substring(lines[0]), font: .body) <= 120)
    }

    @Test func twoLinesKeepTheFirstLineWhole() {
        let (unlimitedFrame, unlimited) = text(nil, width: 120)
        let (frame, lines) = text(2, width: 120)
        #expect(unlimited.count > 2)
        #expect(unlimitedFrame.height == CGFloat(unlimited.count) * Font.body.lineHeight)
        #expect(frame.height == 2 * Font.body.lineHeight)
        #expect(lines[0] == unlimited[0] && lines[1].hasSuffix("…"))
    }

    @Test func textThatFitsIsUntouched() {
        let (frame, lines) = text(1, width: 600)
        #expect(lines == [long])
        #expect(frame.height == Font.body.lineHeight)
    }
}
