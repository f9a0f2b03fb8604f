// Three behaviours checked against what others published of SwiftUI itself:
// how stacks rank their children's flexibility, how flexible frames make
// contradictory limits consistent, and how explicit alignment guides reach
// through a stack to its siblings. Each test names its source.
import FormLayout
import Foundation
import Testing

@Suite("SwiftUI fidelity: stack flexibility, frame limits, guides through stacks")
struct SwiftUIFidelityTests {
    // MARK: Stack flexibility

    // objc.io, "How an HStack lays out its children" (Swift Talk / blog,
    // 2020): flexibility is the size proposed infinity less the size
    // proposed 0; the least flexible child is offered its share first. The
    // capped red view (flexibility 100) goes first and takes half of 150;
    // the green one (unbounded) gets 75 and clamps it up to its minimum of
    // 100, so the stack is 175 wide and overflows its 150-point frame.
    @Test func theLeastFlexibleChildIsOfferedSpaceFirst() {
        let result = layout(HStack(spacing: 0) {
            Color.red.frame(maxWidth: 100).accessibilityIdentifier("red")
            Color.green.frame(minWidth: 100).accessibilityIdentifier("green")
        }.accessibilityIdentifier("stack").frame(width: 150), width: 400, height: 100)
        #expect(result.frame(of: "red")?.width == 75)
        #expect(result.frame(of: "green")?.width == 100)
        #expect(result.frame(of: "stack")?.width == 175)
    }

    // Ole Begemann, "Proposing a relative size in SwiftUI stacks" (oleb.net,
    // 2023), measured on SwiftUI: three colours 10 apart in 620 points, the
    // second wrapped in a layout that proposes its child half the width it
    // is offered. All three are equally (infinitely) flexible, so they go in
    // code order: blue is offered (620 − 20) / 3 = 200 and takes it; green
    // is offered 200 and takes 100; yellow gets the 300 left, "wider than
    // the blue one".
    @Test func equallyFlexibleChildrenGoInCodeOrderAndLeaveWhatTheyDoNotTake() {
        let result = layout(HStack(spacing: 10) {
            Color.blue.accessibilityIdentifier("blue")
            HalfWidth { Color.green.accessibilityIdentifier("green") }
            Color.yellow.accessibilityIdentifier("yellow")
        }, width: 620, height: 100)
        #expect(result.frame(of: "blue")?.width == 200)
        #expect(result.frame(of: "green")?.width == 100)
        #expect(result.frame(of: "yellow")?.width == 300)
    }

    // SwiftUI Field Guide, "HStack" (swiftuifieldguide.com/layout/hstack):
    // "proposing a zero width and an infinite width … then subtracts the two
    // resulting widths": the fixed child goes first, the two spacers share
    // the rest evenly.
    @Test func spacersAroundAFixedViewShareEvenly() {
        let result = layout(HStack(spacing: 0) {
            Spacer(minLength: 0).accessibilityIdentifier("left")
            Color.red.frame(width: 50).accessibilityIdentifier("red")
            Spacer(minLength: 0).accessibilityIdentifier("right")
        }.frame(width: 300), width: 300, height: 100)
        #expect(result.frame(of: "left")?.width == 125)
        #expect(result.frame(of: "red")?.minX == 125)
        #expect(result.frame(of: "right")?.width == 125)
    }

    // MARK: Contradictory flexible frames

    // OpenSwiftUI's FlexFrameLayout tests (Tests/OpenSwiftUICoreTests/
    // Layout/Modifier/FrameLayoutTests.swift) and its reconstruction of
    // SwiftUI's `_FlexFrameLayout.init`; SwiftUI's public `frame(minWidth:…)`
    // logs "Contradictory frame constraints specified" for these. An ideal
    // below the minimum is raised to the minimum, so the ideal size is
    // 20 × 30, not 10 × 15.
    @Test func anIdealBelowTheMinimumIsRaisedToIt() {
        let result = layout(Color.red.frame(minWidth: 20, idealWidth: 10, minHeight: 30, idealHeight: 15).fixedSize()
            .accessibilityIdentifier("red"))
        #expect(result.frame(of: "red")?.size == CGSize(width: 20, height: 30))
        let zero = layout(Color.red.frame(minWidth: 100, idealWidth: 0).fixedSize().accessibilityIdentifier("red"))
        #expect(zero.frame(of: "red")?.width == 100)
    }

    // The same sources: a maximum below the ideal is raised to the ideal
    // (ideal 30, max 20 → max 30).
    @Test func aMaximumBelowTheIdealIsRaisedToIt() {
        // Offered 100, the frame clamps to its maximum: 30 once raised (20
        // as given).
        let result = layout(Color.red.frame(idealWidth: 30, maxWidth: 20).accessibilityIdentifier("red"), width: 100, height: 100)
        #expect(result.frame(of: "red")?.width == 30)
    }

    // MARK: Explicit guides through stacks

    // Apple's documentation of `VerticalAlignment.combineExplicit(_:)`
    // ("the mean of all non-nil values"; the minimum for firstTextBaseline,
    // the maximum for lastTextBaseline) and of `Layout.explicitAlignment`
    // ("merging the … alignment guides of all subviews"), with OpenSwiftUI's
    // reconstruction of SwiftUI's stacks and objc.io's layout replica
    // (`customAlignment`): a stack's value of a custom guide is its
    // children's explicit values in its space, combined. Here the blue view
    // sets `.mid` at its centre, 30 into it and 70 into the VStack, so the
    // red view lines up 70 points down: the HStack is 100 × 120.
    @Test func aCustomGuideInsideAStackMovesTheWholeStack() {
        let result = layout(HStack(alignment: .mid, spacing: 0) {
            Color.red.frame(width: 50, height: 50).accessibilityIdentifier("red")
            VStack(spacing: 0) {
                Color.green.frame(width: 50, height: 40)
                Color.blue.frame(width: 50, height: 60).alignmentGuide(.mid) { $0[VerticalAlignment.center] }
            }.accessibilityIdentifier("column")
        }.accessibilityIdentifier("row"), width: 400, height: 300)
        let row = result.frame(of: "row")!, red = result.frame(of: "red")!, column = result.frame(of: "column")!
        #expect(row.size == CGSize(width: 100, height: 120))
        #expect(red.minY - row.minY == 70)
        #expect(column.minY == row.minY)
    }

    // Two children setting the guide: the mean of 70 and 10 is 40.
    @Test func twoCustomGuidesInsideAStackAreAveraged() {
        let result = layout(HStack(alignment: .mid, spacing: 0) {
            Color.red.frame(width: 50, height: 50).accessibilityIdentifier("red")
            VStack(spacing: 0) {
                Color.green.frame(width: 50, height: 40).alignmentGuide(.mid) { _ in 10 }
                Color.blue.frame(width: 50, height: 60).alignmentGuide(.mid) { $0[VerticalAlignment.center] }
            }.accessibilityIdentifier("column")
        }.accessibilityIdentifier("row"), width: 400, height: 300)
        #expect(result.frame(of: "red")!.minY - result.frame(of: "row")!.minY == 40)
    }

    // The built-in edges and centres stop at the first stack (OpenSwiftUI's
    // reconstruction, QuickLayout's "alignment guides for default types are
    // not recognized beyond the first multi-child container"): the same tree
    // on `.center` centres the red view on the column's middle.
    @Test func builtInGuidesDoNotPassThroughAStack() {
        let result = layout(HStack(alignment: .center, spacing: 0) {
            Color.red.frame(width: 50, height: 50).accessibilityIdentifier("red")
            VStack(spacing: 0) {
                Color.green.frame(width: 50, height: 40)
                Color.blue.frame(width: 50, height: 60).alignmentGuide(VerticalAlignment.center) { _ in 30 }
            }
        }.accessibilityIdentifier("row"), width: 400, height: 300)
        #expect(result.frame(of: "row")?.size == CGSize(width: 100, height: 100))
        #expect(result.frame(of: "red")!.minY - result.frame(of: "row")!.minY == 25)
    }

    // Text baselines combine by their own rule: a column's first baseline is
    // its first text's (the minimum), so an HStack on firstTextBaseline
    // lines a label up with the column's top line.
    @Test func aColumnsFirstBaselineIsItsFirstTexts() {
        let result = layout(HStack(alignment: .firstTextBaseline, spacing: 0) {
            Text("Label").accessibilityIdentifier("label")
            VStack(alignment: .leading, spacing: 0) {
                Text("First").accessibilityIdentifier("first")
                Text("Second")
            }
        }, width: 400, height: 300)
        #expect(result.frame(of: "label")?.minY == result.frame(of: "first")?.minY)
    }
}

/// Ole Begemann's relative-size layout: proposes its one subview half the
/// width it is offered, and is that subview's size.
private struct HalfWidth: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        subviews[0].sizeThatFits(ProposedViewSize(width: proposal.width.map { $0 / 2 }, height: proposal.height))
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        subviews[0].place(at: CGPoint(x: bounds.midX, y: bounds.midY), anchor: .center,
                          proposal: ProposedViewSize(width: proposal.width.map { $0 / 2 }, height: proposal.height))
    }
}

extension VerticalAlignment {
    /// A custom guide whose default is the top edge.
    private enum Mid: AlignmentID {
        static func defaultValue(in d: ViewDimensions) -> CGFloat { d[.top] }
    }
    static let mid = VerticalAlignment(Mid.self)
}
