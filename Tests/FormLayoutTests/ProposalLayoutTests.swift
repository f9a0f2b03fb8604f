// Proposal-based layout: the parent proposes, the child chooses its size,
// the parent places it. Stacks, padding, spacers, dividers, frames,
// fixedSize, position, offset, hidden and text wrapping.
import Foundation
import Testing
import FormLayout

@Suite("Proposal-based layout")
struct ProposalLayoutTests {
    // MARK: Stacks

    @Test func hStackOfTwoFixedRectsIsTheirWidthsPlusDefaultSpacing() {
        let result = layout(HStack {
            Rectangle().frame(width: 50, height: 50).accessibilityIdentifier("a")
            Rectangle().frame(width: 50, height: 50).accessibilityIdentifier("b")
        }.accessibilityIdentifier("stack"))
        let stack = frame(result, "stack")
        #expect(stack.size == CGSize(width: 108, height: 50))
        #expect(frame(result, "b").minX - frame(result, "a").maxX == 8)
        #expect(frame(result, "a").minX == stack.minX)
        #expect(SwiftUIConstants.defaultStackSpacing == 8)
    }

    @Test func vStackUsesDefaultSpacingAndExplicitSpacing() {
        let result = layout(VStack {
            Rectangle().frame(width: 30, height: 20)
            Rectangle().frame(width: 40, height: 20)
            Rectangle().frame(width: 10, height: 20)
        }.accessibilityIdentifier("default"), width: 400, height: 300)
        #expect(frame(result, "default").size == CGSize(width: 40, height: 76))

        let tight = layout(VStack(spacing: 3) {
            Rectangle().frame(width: 30, height: 20)
            Rectangle().frame(width: 40, height: 20)
        }.accessibilityIdentifier("tight"))
        #expect(frame(tight, "tight").size == CGSize(width: 40, height: 43))
    }

    @Test func stackAlignsChildrenAcrossItsAxis() {
        let result = layout(VStack(alignment: .leading) {
            Rectangle().frame(width: 100, height: 10).accessibilityIdentifier("wide")
            Rectangle().frame(width: 40, height: 10).accessibilityIdentifier("narrow")
        })
        #expect(frame(result, "narrow").minX == frame(result, "wide").minX)

        let trailing = layout(VStack(alignment: .trailing) {
            Rectangle().frame(width: 100, height: 10).accessibilityIdentifier("wide")
            Rectangle().frame(width: 40, height: 10).accessibilityIdentifier("narrow")
        })
        #expect(frame(trailing, "narrow").maxX == frame(trailing, "wide").maxX)

        let centred = layout(HStack {
            Rectangle().frame(width: 10, height: 100).accessibilityIdentifier("tall")
            Rectangle().frame(width: 10, height: 40).accessibilityIdentifier("short")
        })
        #expect(frame(centred, "short").midY == frame(centred, "tall").midY)
    }

    @Test func paddingDefaultsToSixteenOnEveryEdge() {
        let result = layout(Text("Hello").accessibilityIdentifier("text").padding().accessibilityIdentifier("padded"))
        let text = frame(result, "text")
        let padded = frame(result, "padded")
        #expect(SwiftUIConstants.defaultPadding == 16)
        #expect(text.size == CGSize(width: naturalWidth("Hello"), height: 22))
        #expect(padded.width == text.width + 32)
        #expect(padded.height == text.height + 32)
        #expect(text.minX - padded.minX == 16 && text.minY - padded.minY == 16)
    }

    @Test func paddingOnChosenEdges() {
        let result = layout(Rectangle().frame(width: 10, height: 10).accessibilityIdentifier("inner")
            .padding(.horizontal, 30).padding(.bottom, 5).accessibilityIdentifier("outer"))
        #expect(frame(result, "outer").size == CGSize(width: 70, height: 15))
        #expect(frame(result, "inner").minX - frame(result, "outer").minX == 30)
        #expect(frame(result, "inner").minY == frame(result, "outer").minY)
    }

    // MARK: Spacers

    @Test func spacerTakesWhatTheFixedViewLeaves() {
        let result = layout(HStack {
            Spacer().accessibilityIdentifier("spacer")
            Color.red.frame(width: 100).accessibilityIdentifier("fixed")
        }, width: 300, height: 100)
        #expect(frame(result, "spacer").width == 192)
        #expect(frame(result, "fixed").width == 100)
        #expect(frame(result, "fixed").minX == 200)
        #expect(frame(result, "fixed").maxX == 300)
    }

    @Test func spacerNeverShrinksBelowItsMinimum() {
        // Ideal size: the spacer keeps only its minimum length.
        let ideal = layout(HStack(spacing: 0) {
            Color.red.frame(width: 50, height: 10)
            Spacer().accessibilityIdentifier("spacer")
            Color.blue.frame(width: 50, height: 10)
        }.fixedSize().accessibilityIdentifier("stack"))
        #expect(SwiftUIConstants.defaultSpacerMinLength == 8)
        #expect(frame(ideal, "spacer").width == 8)
        #expect(frame(ideal, "stack").width == 108)

        // Too little room: the spacer still keeps 8 points.
        let crowded = layout(HStack(spacing: 0) {
            Color.red.frame(width: 350, height: 10)
            Spacer().accessibilityIdentifier("spacer")
        }, width: 300, height: 100)
        #expect(frame(crowded, "spacer").width == 8)

        let custom = layout(HStack(spacing: 0) {
            Color.red.frame(width: 50, height: 10)
            Spacer(minLength: 20).accessibilityIdentifier("spacer")
        }.fixedSize())
        #expect(frame(custom, "spacer").width == 20)
    }

    @Test func twoSpacersShareTheRoomEvenly() {
        let result = layout(HStack(spacing: 0) {
            Spacer().accessibilityIdentifier("left")
            Color.red.frame(width: 100, height: 10).accessibilityIdentifier("middle")
            Spacer().accessibilityIdentifier("right")
        }, width: 300, height: 100)
        #expect(frame(result, "left").width == 100)
        #expect(frame(result, "right").width == 100)
        #expect(frame(result, "middle").minX == 100)
    }

    @Test func spacerInAVStackIsVertical() {
        let result = layout(VStack(spacing: 0) {
            Color.red.frame(width: 10, height: 40)
            Spacer().accessibilityIdentifier("spacer")
        }, width: 100, height: 300)
        #expect(frame(result, "spacer").height == 260)
        #expect(frame(result, "spacer").width == 0)
    }

    // MARK: Dividers

    @Test func dividerIsOnePointTallInAVStack() {
        let result = layout(VStack(spacing: 0) {
            Color.red.frame(width: 120, height: 10)
            Divider().accessibilityIdentifier("divider")
            Color.red.frame(width: 80, height: 10)
        }.frame(width: 120).accessibilityIdentifier("stack"))
        #expect(SwiftUIConstants.dividerThickness == 1)
        #expect(frame(result, "divider").height == 1)
        #expect(frame(result, "divider").width == 120)
        #expect(frame(result, "stack").height == 21)
    }

    @Test func dividerTakesTheWidthItIsOffered() {
        // Like SwiftUI's, the hairline is greedy along its length.
        let result = layout(VStack {
            Color.red.frame(width: 120, height: 10)
            Divider().accessibilityIdentifier("divider")
        }.accessibilityIdentifier("stack"), width: 400, height: 300)
        #expect(frame(result, "divider").width == 400)
        #expect(frame(result, "stack").width == 400)
    }

    @Test func dividerIsOnePointWideInAnHStack() {
        let result = layout(HStack(spacing: 0) {
            Color.red.frame(width: 10, height: 50)
            Divider().accessibilityIdentifier("divider")
            Color.red.frame(width: 10, height: 50)
        }.frame(height: 50).accessibilityIdentifier("stack"))
        #expect(frame(result, "divider").width == 1)
        #expect(frame(result, "divider").height == 50)
        #expect(frame(result, "stack").width == 21)
    }

    // MARK: Priorities and flexibility

    @Test func layoutPriorityGetsItsShareFirst() {
        let result = layout(HStack {
            Color.red.accessibilityIdentifier("low")
            Color.blue.layoutPriority(1).frame(minWidth: 100).accessibilityIdentifier("high")
        }, width: 300, height: 50)
        // The higher priority takes all but the lower one's minimum (0).
        #expect(frame(result, "high").width == 292)
        #expect(frame(result, "low").width == 0)
    }

    @Test func layoutPriorityLeavesLowerPrioritiesTheirMinimum() {
        let result = layout(HStack {
            Color.red.frame(minWidth: 60).accessibilityIdentifier("low")
            Color.blue.layoutPriority(1).accessibilityIdentifier("high")
        }, width: 300, height: 50)
        #expect(frame(result, "low").width == 60)
        #expect(frame(result, "high").width == 232)
    }

    @Test func leastFlexibleChildIsOfferedSpaceFirst() {
        // The frame with a minimum is less flexible than the colour: it is
        // offered an equal share (146), clamps it up to 200, and the colour
        // gets the rest.
        let raised = layout(HStack {
            Color.red.accessibilityIdentifier("free")
            Color.blue.frame(minWidth: 200).accessibilityIdentifier("min")
        }, width: 300, height: 50)
        #expect(frame(raised, "min").width == 200)
        #expect(frame(raised, "free").width == 92)

        let capped = layout(HStack {
            Color.red.accessibilityIdentifier("free")
            Color.blue.frame(maxWidth: 50).accessibilityIdentifier("max")
        }, width: 300, height: 50)
        #expect(frame(capped, "max").width == 50)
        #expect(frame(capped, "free").width == 242)
    }

    @Test func equallyFlexibleChildrenShareEqually() {
        let result = layout(HStack {
            Color.red.accessibilityIdentifier("a")
            Color.green.accessibilityIdentifier("b")
            Color.blue.accessibilityIdentifier("c")
        }, width: 316, height: 50)
        for id in ["a", "b", "c"] { #expect(frame(result, id).width == 100) }
    }

    @Test func textTakesItsNaturalWidthNextToAGreedyColour() {
        let result = layout(HStack {
            Text("Hello").accessibilityIdentifier("text")
            Color.red.accessibilityIdentifier("colour")
        }, width: 300, height: 50)
        #expect(frame(result, "text").width == naturalWidth("Hello"))
        #expect(frame(result, "colour").width == 300 - 8 - naturalWidth("Hello"))
    }

    // MARK: Frames

    @Test func fixedFrameCentresItsChild() {
        let result = layout(Text("Hi").accessibilityIdentifier("text")
            .frame(width: 200, height: 100).accessibilityIdentifier("frame"))
        let text = frame(result, "text")
        let outer = frame(result, "frame")
        #expect(outer.size == CGSize(width: 200, height: 100))
        #expect(text.size == CGSize(width: naturalWidth("Hi"), height: 22))
        #expect(text.midX == outer.midX)
        #expect(text.midY == outer.midY)
    }

    @Test func fixedFrameAlignsItsChild() {
        let result = layout(Text("Hi").accessibilityIdentifier("text")
            .frame(width: 200, height: 100, alignment: .bottomTrailing).accessibilityIdentifier("frame"))
        #expect(frame(result, "text").maxX == frame(result, "frame").maxX)
        #expect(frame(result, "text").maxY == frame(result, "frame").maxY)
    }

    @Test func fixedFrameWithOneDimensionPassesTheOtherThrough() {
        let result = layout(Color.red.frame(width: 70).accessibilityIdentifier("frame"), width: 400, height: 300)
        #expect(frame(result, "frame").size == CGSize(width: 70, height: 300))
    }

    @Test func maxWidthInfinityTakesTheOffer() {
        let result = layout(Text("Hi").accessibilityIdentifier("text")
            .frame(maxWidth: .infinity).accessibilityIdentifier("frame"), width: 300, height: 100)
        #expect(frame(result, "frame").width == 300)
        #expect(frame(result, "frame").height == 22)
        #expect(frame(result, "text").width == naturalWidth("Hi"))
        #expect(frame(result, "text").midX == 150)
    }

    @Test func minWidthRaisesASmallChild() {
        let result = layout(Text("Hi").frame(minWidth: 150).accessibilityIdentifier("frame"))
        #expect(frame(result, "frame").width == 150)
    }

    @Test func maxWidthLimitsAGreedyChild() {
        let result = layout(Color.red.frame(maxWidth: 120).accessibilityIdentifier("frame"), width: 300, height: 100)
        #expect(frame(result, "frame").size == CGSize(width: 120, height: 100))
    }

    @Test func idealWidthIsUsedUnderFixedSize() {
        let result = layout(Color.red.frame(idealWidth: 120, idealHeight: 30).fixedSize().accessibilityIdentifier("frame"),
                            width: 300, height: 100)
        #expect(frame(result, "frame").size == CGSize(width: 120, height: 30))
        // Without fixedSize the proposal wins.
        let free = layout(Color.red.frame(idealWidth: 120, idealHeight: 30).accessibilityIdentifier("frame"),
                          width: 300, height: 100)
        #expect(frame(free, "frame").size == CGSize(width: 300, height: 100))
    }

    // MARK: fixedSize, position, offset, hidden

    @Test func fixedSizeGivesALongTextItsFullWidth() {
        let long = "The quick brown fox jumps over the lazy dog"
        let fixed = layout(Text(long).accessibilityIdentifier("text").fixedSize().frame(width: 100))
        #expect(frame(fixed, "text").width == naturalWidth(long))
        #expect(frame(fixed, "text").height == 22)

        let wrapped = layout(Text(long).accessibilityIdentifier("text").frame(width: 100))
        #expect(frame(wrapped, "text").width <= 100)
        #expect(frame(wrapped, "text").height > 22)
    }

    @Test func positionCentresTheViewAtThePointAndTakesTheOffer() {
        let result = layout(Color.red.frame(width: 20, height: 10).accessibilityIdentifier("view")
            .position(x: 50, y: 40).accessibilityIdentifier("position"), width: 200, height: 100)
        #expect(frame(result, "position") == CGRect(x: 0, y: 0, width: 200, height: 100))
        #expect(frame(result, "view") == CGRect(x: 40, y: 35, width: 20, height: 10))
    }

    @Test func offsetMovesTheDrawingButNotTheLayout() {
        func row(offset: CGFloat) -> some View {
            HStack(spacing: 0) {
                Color.red.frame(width: 50, height: 50).offset(x: offset, y: offset / 2).accessibilityIdentifier("moved")
                Color.blue.frame(width: 50, height: 50).accessibilityIdentifier("sibling")
            }.accessibilityIdentifier("row")
        }
        let plain = layout(row(offset: 0))
        let moved = layout(row(offset: 10))
        #expect(frame(moved, "sibling") == frame(plain, "sibling"))
        #expect(frame(moved, "row") == frame(plain, "row"))
        #expect(frame(moved, "moved") == frame(plain, "moved"))
        let drawn = items(moved, "moved")
        #expect(drawn.count == 1)
        #expect(drawn.first?.frame == frame(plain, "moved").offsetBy(dx: 10, dy: 5))
    }

    @Test func hiddenKeepsItsSpaceButDrawsNothing() {
        let result = layout(HStack(spacing: 0) {
            Color.red.frame(width: 50, height: 50).hidden().accessibilityIdentifier("hidden")
            Color.blue.frame(width: 50, height: 50).accessibilityIdentifier("shown")
        }.accessibilityIdentifier("row"))
        #expect(frame(result, "row").width == 100)
        #expect(frame(result, "shown").minX - frame(result, "hidden").minX == 50)
        #expect(items(result, "hidden").isEmpty)
        #expect(result.displayList.items.count == 1)
        #expect(result.displayList.items.first?.fill == .blue)
    }

    // MARK: Text

    @Test(arguments: [(Font.body, 22.0), (Font.title, 34.0), (Font.largeTitle, 41.0)])
    func textWrapsAndGrowsByOneLineHeightPerLine(font: Font, lineHeight: CGFloat) {
        #expect(font.lineHeight == lineHeight)
        let string = "Wrapping words"
        let oneLine = layout(Text(string).font(font).accessibilityIdentifier("text"), width: 1000, height: 500)
        #expect(frame(oneLine, "text").height == lineHeight)
        #expect(frame(oneLine, "text").width == naturalWidth(string, font))

        // Offered a little more than the longer word: one word per line.
        let room = naturalWidth("Wrapping", font) + 1
        let twoLines = layout(Text(string).font(font).accessibilityIdentifier("text").frame(width: room), width: 1000, height: 500)
        #expect(frame(twoLines, "text").height == 2 * lineHeight)
        #expect(frame(twoLines, "text").width == naturalWidth("Wrapping", font))
        if case .text(let lines, _)? = items(twoLines, "text").first?.shape {
            #expect(lines == ["Wrapping", "words"])
        } else {
            Issue.record("the text was not drawn")
        }
    }

    @Test func textWrapsOntoThreeLines() {
        let string = "aaa bbb ccc"
        let room = naturalWidth("aaa") + 1
        let result = layout(Text(string).accessibilityIdentifier("text").frame(width: room))
        #expect(frame(result, "text").height == 66)
    }
}

@Suite("Placement proposals")
struct PlacementProposalTests {
    /// SwiftUI's equal-width idiom: a fixed-size VStack is as wide as its
    /// widest child, and children with `maxWidth: .infinity` are placed at
    /// that width, because a stack proposes its final size when placing.
    @Test func fixedSizeStackGivesGreedyChildrenTheWidestChildsWidth() {
        let view = VStack {
            Text("a").frame(maxWidth: .infinity).accessibilityIdentifier("short")
            Text("a much longer label").frame(maxWidth: .infinity).accessibilityIdentifier("long")
        }
        .fixedSize()
        let result = ViewHost(view, windowSize: CGSize(width: 600, height: 400)).layout()
        let short = result.frame(of: "short")!, long = result.frame(of: "long")!
        let widest = SystemTextMeasurer().width(of: "a much longer label", font: .body)
        #expect(abs(long.width - widest) < 1e-9)
        #expect(short.width == long.width)
        #expect(short.minX == long.minX)
    }
}
