// zIndex, rotationEffect, aspectRatio and Image. Expected numbers follow
// SwiftUI's documented behaviour (Apple's documentation of each modifier);
// the sources are named above each test.
import FormLayout
import Foundation
import Testing

@Suite("zIndex, rotationEffect, aspectRatio, Image")
struct DrawingModifierTests {
    func fills(_ result: LayoutResult) -> [Color] { result.displayList.items.map(\.fill) }

    // Apple, "zIndex(_:)": "Controls the display order of overlapping views
    // … views with higher values drawn in front; the default is 0."
    @Test func zIndexDrawsHigherValuesInFrontAndKeepsCodeOrderOtherwise() {
        let result = layout(ZStack {
            Color.red.zIndex(1)
            Color.green
            Color.blue.zIndex(-1)
            Color.yellow
        })
        #expect(fills(result) == [.blue, .green, .yellow, .red])
    }

    @Test func zIndexSurvivesOuterModifiersAndLeavesLayoutAlone() {
        let plain = layout(HStack { Color.red.frame(width: 10); Color.blue.frame(width: 20) })
        let raised = layout(HStack { Color.red.frame(width: 10).zIndex(2).padding(1); Color.blue.frame(width: 20) })
        #expect(fills(raised) == [.blue, .red])
        #expect(plain.displayList.items.first { $0.fill == .blue }?.frame.width == 20)
        #expect(raised.displayList.items.first { $0.fill == .red }?.frame.width == 10)
    }

    // Apple, "rotationEffect(_:anchor:)": rotates the view's rendered
    // output; layout is unaffected.
    @Test func rotationLeavesTheFrameAndRotatesTheDrawing() throws {
        let result = layout(Color.red.frame(width: 100, height: 50).rotationEffect(.degrees(90)), width: 200, height: 200)
        let item = result.displayList.items[0]
        #expect(item.frame == CGRect(x: 50, y: 75, width: 100, height: 50))
        let transform = try #require(item.transform)
        // A quarter turn about the centre (100, 100): the top-left corner
        // (50, 75) goes to (125, 50).
        #expect(isClose(transform.apply(to: CGPoint(x: 50, y: 75)), CGPoint(x: 125, y: 50)))
        #expect(isClose(transform.apply(to: CGPoint(x: 100, y: 100)), CGPoint(x: 100, y: 100)))
    }

    @Test func nestedRotationsCompose() throws {
        let result = layout(Color.red.frame(width: 10, height: 10).rotationEffect(.degrees(30)).rotationEffect(.degrees(60)))
        let transform = try #require(result.displayList.items[0].transform)
        let quarter = AffineTransform2D(rotationBy: .degrees(90), around: CGPoint(x: 200, y: 150))
        #expect(isClose(transform.apply(to: .zero), quarter.apply(to: .zero), within: 1e-9))
    }

    // Apple, "aspectRatio(_:contentMode:)": fit scales to fit the proposal,
    // fill to fill it, keeping the ratio (width / height).
    @Test func aspectRatioFitsAndFills() {
        let fit = layout(Color.red.aspectRatio(2, contentMode: .fit).accessibilityIdentifier("r"), width: 300, height: 300)
        #expect(fit.frame(of: "r")?.size == CGSize(width: 300, height: 150))
        let fill = layout(Color.red.aspectRatio(2, contentMode: .fill).accessibilityIdentifier("r"), width: 300, height: 300)
        #expect(fill.frame(of: "r")?.size == CGSize(width: 600, height: 300))
        let tall = layout(Color.red.aspectRatio(0.5, contentMode: .fit).accessibilityIdentifier("r"), width: 300, height: 300)
        #expect(tall.frame(of: "r")?.size == CGSize(width: 150, height: 300))
    }

    // objc.io, "Aspect Ratios in SwiftUI" (2022): 16/9 in 100 × 100 is
    // proposed 100 × 56.25 to fit and 177.78 × 100 to fill. Apple's
    // aspectRatio example: an ellipse of ratio 0.75 in a 200-point square
    // is 150 × 200.
    @Test func aspectRatioPublishedExamples() {
        let fit = layout(Color.red.aspectRatio(16.0 / 9, contentMode: .fit).frame(width: 100, height: 100), width: 300, height: 300)
        #expect(isClose(fit.displayList.items[0].frame.size, CGSize(width: 100, height: 56.25)))
        let fill = layout(Color.red.aspectRatio(16.0 / 9, contentMode: .fill).frame(width: 100, height: 100), width: 300, height: 300)
        #expect(isClose(fill.displayList.items[0].frame.size, CGSize(width: 1600.0 / 9, height: 100)))
        let ellipse = layout(Capsule().aspectRatio(0.75, contentMode: .fit).frame(width: 200, height: 200), width: 300, height: 300)
        #expect(isClose(ellipse.displayList.items[0].frame.size, CGSize(width: 150, height: 200)))
        // Apple's scaledToFit example: a shape's ideal size is square, so a
        // circle in 300 × 150 is 150 × 150.
        let circle = layout(Circle().scaledToFit().frame(width: 300, height: 150), width: 400, height: 300)
        #expect(circle.displayList.items[0].frame.size == CGSize(width: 150, height: 150))
    }

    @Test func aspectRatioPassesAnOpenProposalOn() {
        // Offered nothing (fixedSize), the child answers its ideal size.
        let result = layout(Image("photo", width: 80, height: 20).resizable().aspectRatio(1, contentMode: .fit).fixedSize()
            .accessibilityIdentifier("i"))
        #expect(result.frame(of: "i")?.size == CGSize(width: 80, height: 20))
    }

    @Test func aspectRatioWithoutARatioUsesTheIdealSize() {
        // The image's own 200 × 100 gives the ratio.
        let result = layout(Image("photo", width: 200, height: 100).resizable().scaledToFit().accessibilityIdentifier("i"), width: 300, height: 300)
        #expect(result.frame(of: "i")?.size == CGSize(width: 300, height: 150))
        let filled = layout(Image("photo", width: 200, height: 100).resizable().scaledToFill().accessibilityIdentifier("i"), width: 300, height: 300)
        #expect(filled.frame(of: "i")?.size == CGSize(width: 600, height: 300))
    }

    // Apple, "Image" / "resizable(capInsets:resizingMode:)": an image is
    // its own size unless made resizable, then it takes the space offered.
    // netsplit.com, "Views choose their own sizes": a 101 × 92 image in a
    // 200 × 200 frame keeps its size, centred; resizable, it fills the
    // frame; resizable and scaled to fit, 200 × 182.18.
    @Test func anImageInAFramePublishedExample() {
        let fixed = layout(Image("barbarian", width: 101, height: 92).accessibilityIdentifier("i").frame(width: 200, height: 200)
            .accessibilityIdentifier("frame"), width: 200, height: 200)
        let frame = fixed.frame(of: "frame")!, image = fixed.frame(of: "i")!
        #expect(image.size == CGSize(width: 101, height: 92))
        #expect(CGPoint(x: image.minX - frame.minX, y: image.minY - frame.minY) == CGPoint(x: 49.5, y: 54))
        let resizable = layout(Image("barbarian", width: 101, height: 92).resizable().accessibilityIdentifier("i").frame(width: 200, height: 200))
        #expect(resizable.frame(of: "i")?.size == CGSize(width: 200, height: 200))
        let fit = layout(Image("barbarian", width: 101, height: 92).resizable().scaledToFit().accessibilityIdentifier("i").frame(width: 200, height: 200))
        #expect(isClose(fit.frame(of: "i")!.size, CGSize(width: 200, height: 200.0 * 92 / 101)))
        #expect(isClose(fit.frame(of: "i")!.height, 182.18, within: 0.005))
    }

    @Test func anImageKeepsItsSizeUnlessResizable() {
        let fixed = layout(Image("icon", width: 40, height: 30).accessibilityIdentifier("i"), width: 300, height: 300)
        #expect(fixed.frame(of: "i") == CGRect(x: 130, y: 135, width: 40, height: 30))
        #expect(fixed.displayList.items.first?.shape == .image(name: "icon"))
        let resizable = layout(Image("icon", width: 40, height: 30).resizable().frame(width: 100, height: 80).accessibilityIdentifier("i"))
        #expect(resizable.displayList.items.first?.frame.size == CGSize(width: 100, height: 80))
        let ideal = layout(Image("icon", width: 40, height: 30).resizable().fixedSize().accessibilityIdentifier("i"))
        #expect(ideal.frame(of: "i")?.size == CGSize(width: 40, height: 30))
    }
}
