// Overlay and background versus ZStack (seed 004): a ZStack is as large as
// the union of its aligned children, an overlay or background never changes
// its host's size, is offered the host's size and is aligned to it.
import Foundation
import Testing
import FormLayout

/// The 60×60 circle of seed 004, pushed half out of its container's
/// top-trailing corner by its alignment guides.
private func pushedOutCircle() -> some View {
    Circle().fill(.yellow)
        .frame(width: 60, height: 60)
        .alignmentGuide(.top) { $0[.top] + $0.height / 2 }
        .alignmentGuide(.trailing) { $0[.trailing] - $0.width / 2 }
        .accessibilityIdentifier("circle")
}

private func blueRectangle() -> some View {
    Rectangle().fill(.blue).frame(width: 200, height: 200).accessibilityIdentifier("rectangle")
}

@Suite("Overlay and background versus ZStack")
struct OverlayBackgroundTests {
    @Test func zStackMeasuresTheUnionOfItsAlignedChildren() {
        let result = layout(ZStack(alignment: .topTrailing) {
            blueRectangle()
            pushedOutCircle()
        }.accessibilityIdentifier("composite"), width: 400, height: 400)
        let composite = frame(result, "composite")
        #expect(composite.size == CGSize(width: 230, height: 230))
        // The rectangle sits at the bottom-leading part of the union, the
        // circle's centre on its top-trailing corner.
        let rectangle = frame(result, "rectangle")
        let circle = frame(result, "circle")
        #expect(rectangle.minX == composite.minX && rectangle.maxY == composite.maxY)
        #expect(circle.midX == rectangle.maxX && circle.midY == rectangle.minY)
        #expect(circle.maxX == composite.maxX && circle.minY == composite.minY)
    }

    @Test func overlayKeepsTheHostSize() {
        let result = layout(blueRectangle()
            .overlay(alignment: .topTrailing) { pushedOutCircle() }
            .accessibilityIdentifier("composite"), width: 400, height: 400)
        #expect(frame(result, "composite").size == CGSize(width: 200, height: 200))
        #expect(frame(result, "composite") == frame(result, "rectangle"))
    }

    @Test func overlayAlignsItsContentGuidesToTheHost() {
        // The circle's centre lands on the rectangle's top-trailing corner,
        // as in the seed's picture, outside the composite's bounds.
        let result = layout(blueRectangle()
            .overlay(alignment: .topTrailing) { pushedOutCircle() }, width: 400, height: 400)
        let rectangle = frame(result, "rectangle")
        let circle = frame(result, "circle")
        #expect(circle.size == CGSize(width: 60, height: 60))
        #expect(circle.midX == rectangle.maxX)
        #expect(circle.midY == rectangle.minY)
    }

    @Test func backgroundGeometryReaderMeasuresTheComposite() {
        let zStackSize = Captured<CGSize>()
        let overlaySize = Captured<CGSize>()
        _ = layout(ZStack(alignment: .topTrailing) {
            blueRectangle()
            pushedOutCircle()
        }.background(GeometryReader { proxy -> Color in
            zStackSize.value = proxy.size
            return Color.clear
        }), width: 400, height: 400)
        _ = layout(blueRectangle()
            .overlay(alignment: .topTrailing) { pushedOutCircle() }
            .background(GeometryReader { proxy -> Color in
                overlaySize.value = proxy.size
                return Color.clear
            }), width: 400, height: 400)
        #expect(zStackSize.value == CGSize(width: 230, height: 230))
        #expect(overlaySize.value == CGSize(width: 200, height: 200))
    }

    @Test func overlayDoesNotPushSiblingsAside() {
        // Seed 004's HStack: the overlay version stays 200 wide next to its
        // sibling, the ZStack version 230.
        let overlay = layout(HStack(alignment: .bottom, spacing: 0) {
            blueRectangle().overlay(alignment: .topTrailing) { pushedOutCircle() }
            Rectangle().frame(width: 200, height: 200).accessibilityIdentifier("sibling")
        }.accessibilityIdentifier("row"), width: 600, height: 400)
        #expect(frame(overlay, "row").size == CGSize(width: 400, height: 200))
        #expect(frame(overlay, "sibling").minX - frame(overlay, "row").minX == 200)

        let zStack = layout(HStack(alignment: .bottom, spacing: 0) {
            ZStack(alignment: .topTrailing) { blueRectangle(); pushedOutCircle() }
            Rectangle().frame(width: 200, height: 200).accessibilityIdentifier("sibling")
        }.accessibilityIdentifier("row"), width: 600, height: 400)
        #expect(frame(zStack, "row").size == CGSize(width: 430, height: 230))
        #expect(frame(zStack, "sibling").minX - frame(zStack, "row").minX == 230)
    }

    @Test func overlayAndBackgroundAreOfferedTheHostSize() {
        let result = layout(Rectangle().frame(width: 120, height: 80).accessibilityIdentifier("host")
            .overlay(Color.red.accessibilityIdentifier("overlay"))
            .background(Color.blue.accessibilityIdentifier("background")), width: 400, height: 400)
        #expect(frame(result, "overlay") == frame(result, "host"))
        #expect(frame(result, "background") == frame(result, "host"))
    }

    @Test func overlayContentIsAlignedInsideTheHost() {
        let result = layout(Rectangle().frame(width: 120, height: 80).accessibilityIdentifier("host")
            .overlay(alignment: .bottomLeading) { Color.red.frame(width: 20, height: 10).accessibilityIdentifier("badge") }
            .overlay { Color.green.frame(width: 20, height: 10).accessibilityIdentifier("centred") },
            width: 400, height: 400)
        let host = frame(result, "host")
        #expect(frame(result, "badge") == CGRect(x: host.minX, y: host.maxY - 10, width: 20, height: 10))
        #expect(frame(result, "centred").midX == host.midX && frame(result, "centred").midY == host.midY)
    }

    @Test func overlaysAndBackgroundsDrawAroundTheirHostInOrder() {
        // RootView().overlay(A).background(D).overlay(B).background(C)
        // draws C, D, RootView, A, B (seed 004).
        let result = layout(Rectangle().fill(.gray).frame(width: 100, height: 100).accessibilityIdentifier("Root")
            .overlay(Color.red.frame(width: 80, height: 80).accessibilityIdentifier("A"))
            .background(Color.orange.frame(width: 120, height: 120).accessibilityIdentifier("D"))
            .overlay(Color.yellow.frame(width: 60, height: 60).accessibilityIdentifier("B"))
            .background(Color.green.frame(width: 140, height: 140).accessibilityIdentifier("C")))
        #expect(result.displayList.items.map(\.identifier) == ["C", "D", "Root", "A", "B"])
        #expect(result.displayList.items.map(\.fill) == [.green, .orange, .gray, .red, .yellow])
        #expect(result.displayList.items.map(\.z) == [0, 1, 2, 3, 4])
    }

    @Test func zStackDrawsInCodeOrder() {
        let result = layout(ZStack {
            Color.red.frame(width: 30, height: 30)
            Color.green.frame(width: 20, height: 20)
            Color.blue.frame(width: 10, height: 10)
        })
        #expect(result.displayList.items.map(\.fill) == [.red, .green, .blue])
    }
}
