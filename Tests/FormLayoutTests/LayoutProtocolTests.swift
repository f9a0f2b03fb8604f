// The Layout protocol: a container whose size and placement you write
// (SwiftUI's `Layout`, iOS 16). Expected numbers follow from the protocol's
// documented contract (Apple, "Layout": sizeThatFits answers the container's
// size; placeSubviews places each subview with its anchor at a point of the
// bounds; a subview that is not placed goes to the centre of the bounds).
import FormLayout
import Foundation
import Testing

/// Apple's documentation example "Composing custom layouts with SwiftUI":
/// an HStack that gives every subview the width of the widest one.
private struct EqualWidthHStack: Layout {
    var spacing: CGFloat = 10

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
        let widest = sizes.map(\.width).max() ?? 0
        let tallest = sizes.map(\.height).max() ?? 0
        return CGSize(width: widest * CGFloat(subviews.count) + spacing * CGFloat(max(0, subviews.count - 1)), height: tallest)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        let widest = subviews.map { $0.sizeThatFits(.unspecified).width }.max() ?? 0
        var x = bounds.minX + widest / 2
        for subview in subviews {
            subview.place(at: CGPoint(x: x, y: bounds.midY), anchor: .center,
                          proposal: ProposedViewSize(width: widest, height: bounds.height))
            x += widest + spacing
        }
    }
}

/// A layout that counts how often its cache is made.
private final class Counter { var made = 0 }
private struct CachingLayout: Layout {
    let counter: Counter
    struct Cache { var sizes: [CGSize] }
    func makeCache(subviews: Subviews) -> Cache {
        counter.made += 1
        return Cache(sizes: subviews.map { $0.sizeThatFits(.unspecified) })
    }
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        CGSize(width: cache.sizes.map(\.width).reduce(0, +), height: cache.sizes.map(\.height).max() ?? 0)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        var x = bounds.minX
        for (subview, size) in zip(subviews, cache.sizes) {
            subview.place(at: CGPoint(x: x, y: bounds.minY), proposal: ProposedViewSize(size))
            x += size.width
        }
    }
}

/// Places only its first subview.
private struct FirstOnly: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        CGSize(width: 100, height: 100)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        subviews.first?.place(at: bounds.origin, proposal: ProposedViewSize(width: 20, height: 20))
    }
}

@Suite("The Layout protocol")
struct LayoutProtocolTests {
    @Test func equalWidthStackGivesEveryoneTheWidestWidth() throws {
        let result = layout(EqualWidthHStack {
            Color.red.frame(width: 30, height: 20).frame(maxWidth: .infinity).accessibilityIdentifier("a")
            Color.blue.frame(width: 60, height: 20).frame(maxWidth: .infinity).accessibilityIdentifier("b")
        }.accessibilityIdentifier("stack"), width: 400, height: 300)
        let stack = try #require(result.frame(of: "stack"))
        // Ideal widths 30 and 60: each gets 60, 10 apart: 130 × 20, centred.
        #expect(stack == CGRect(x: 135, y: 140, width: 130, height: 20))
        #expect(result.frame(of: "a") == CGRect(x: 135, y: 140, width: 60, height: 20))
        #expect(result.frame(of: "b") == CGRect(x: 205, y: 140, width: 60, height: 20))
    }

    @Test func theCacheIsMadeOncePerContainer() {
        let counter = Counter()
        let result = layout(HStack {
            CachingLayout(counter: counter) {
                Color.red.frame(width: 10, height: 5)
                Color.blue.frame(width: 20, height: 7).accessibilityIdentifier("second")
            }
        })
        #expect(counter.made == 1)
        #expect(result.frame(of: "second")?.size == CGSize(width: 20, height: 7))
    }

    @Test func aSubviewLeftUnplacedGoesToTheCentre() {
        let result = layout(FirstOnly {
            Color.red.accessibilityIdentifier("placed")
            Color.blue.frame(width: 10, height: 10).accessibilityIdentifier("left")
        }, width: 100, height: 100)
        #expect(result.frame(of: "placed") == CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(result.frame(of: "left") == CGRect(x: 45, y: 45, width: 10, height: 10))
    }

    @Test func anyLayoutSwitchesBetweenLayouts() {
        func screen(_ layout: AnyLayout) -> some View {
            layout {
                Color.red.frame(width: 50, height: 10).accessibilityIdentifier("one")
                Color.blue.frame(width: 50, height: 10).accessibilityIdentifier("two")
            }
        }
        let flowing = layout(screen(AnyLayout(FlowLayout(spacing: 0))), width: 80, height: 100)
        let equal = layout(screen(AnyLayout(EqualWidthHStack(spacing: 0))), width: 80, height: 100)
        // The flow wraps the second below the first in 80 points; the equal
        // width stack keeps them side by side (100 wide, overflowing).
        #expect(flowing.frame(of: "two")!.minY - flowing.frame(of: "one")!.minY == 10)
        #expect(equal.frame(of: "two")!.minX - equal.frame(of: "one")!.minX == 50)
        #expect(equal.frame(of: "two")!.minY == equal.frame(of: "one")!.minY)
    }

    @Test func subviewsReportPriorityAndDimensions() {
        struct Probe: Layout {
            let seen: Box
            final class Box { var priorities: [Double] = []; var widths: [CGFloat] = [] }
            func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
                seen.priorities = subviews.map(\.priority)
                seen.widths = subviews.map { $0.dimensions(in: .unspecified).width }
                return .zero
            }
            func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {}
        }
        let box = Probe.Box()
        _ = layout(Probe(seen: box) {
            Color.red.frame(width: 12).layoutPriority(2)
            Text("Hi")
        })
        #expect(box.priorities == [2, 0])
        #expect(box.widths.first == 12)
    }
}

@Suite("FlowLayout: fields side by side, wrapping when the width runs out")
struct FlowLayoutTests {
    /// Five 100 × 34 text fields, 8 apart, in a flow `width` wide.
    func fields(in width: CGFloat) -> LayoutResult {
        layout(FlowLayout(spacing: 8) {
            ForEach(0..<5) { index in
                TextField("", text: "").frame(width: 100).accessibilityIdentifier("field \(index)")
            }
        }.accessibilityIdentifier("flow").frame(width: width, alignment: .topLeading), width: 600, height: 400)
    }

    func origin(_ result: LayoutResult, _ index: Int) -> CGPoint {
        let flow = result.frame(of: "flow")!.origin
        let field = result.frame(of: "field \(index)")!.origin
        return CGPoint(x: field.x - flow.x, y: field.y - flow.y)
    }

    @Test func wideEnoughForAllOnOneLine() {
        let result = fields(in: 600)
        // 5 × 100 + 4 × 8 = 532 wide, one line of 34.
        #expect(result.frame(of: "flow")?.size == CGSize(width: 532, height: 34))
        #expect((0..<5).map { origin(result, $0) } == (0..<5).map { CGPoint(x: CGFloat($0) * 108, y: 0) })
    }

    @Test func twoPerLineAt250() {
        let result = fields(in: 250)
        // 100 + 8 + 100 = 208 fits, a third would need 316: lines of 2, 2, 1.
        #expect(result.frame(of: "flow")?.size == CGSize(width: 208, height: 3 * 34 + 2 * 8))
        #expect(origin(result, 1) == CGPoint(x: 108, y: 0))
        #expect(origin(result, 2) == CGPoint(x: 0, y: 42))
        #expect(origin(result, 3) == CGPoint(x: 108, y: 42))
        #expect(origin(result, 4) == CGPoint(x: 0, y: 84))
    }

    @Test func oneFieldPerLineAt150() {
        let result = fields(in: 150)
        #expect(result.frame(of: "flow")?.size == CGSize(width: 100, height: 5 * 34 + 4 * 8))
        #expect((0..<5).map { origin(result, $0) } == (0..<5).map { CGPoint(x: 0, y: CGFloat($0) * 42) })
    }
}
