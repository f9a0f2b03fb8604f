// Several views in an overlay's or a background's content form an implicit
// ZStack with centre alignment, and the modifier's alignment positions that
// stack as a unit. Sources: Apple's `overlay(alignment:content:)` and
// `background(alignment:content:)` pages
// (developer.apple.com/documentation/swiftui/view/overlay(alignment:content:),
// …/background(alignment:content:)). Stand-in: Apple's `Star`
// (`Image(systemName: "star.fill")`) is a 20×20 `Rectangle` here.
import Foundation
import Testing
import FormLayout

/// The stand-in for Apple's `Star` view.
private func star() -> some View {
    Rectangle().frame(width: 20, height: 20).accessibilityIdentifier("star")
}

@Suite("Overlay and background grouping")
struct OverlayBackgroundGroupingTests {
    /// The overlay page's default: "The star appears centered on the
    /// circle, and both appear as a composite view centered in front of the
    /// square."
    @Test func overlayCentresTheGroup() {
        let result = layout(Color.blue.frame(width: 200, height: 200).accessibilityIdentifier("square")
            .overlay {
                Circle().frame(width: 100, height: 100).accessibilityIdentifier("circle")
                star()
            }, width: 400, height: 400)
        let square = frame(result, "square")
        let circle = frame(result, "circle")
        #expect(square == CGRect(x: 100, y: 100, width: 200, height: 200))
        #expect(circle == CGRect(x: 150, y: 150, width: 100, height: 100))
        #expect(frame(result, "star") == CGRect(x: 190, y: 190, width: 20, height: 20))
    }

    /// The overlay page with `.bottom`: "The circle and the star move down
    /// as a unit to align the stack's bottom edge with the bottom edge of
    /// the square, while the star remains centered on the circle."
    @Test func overlayAlignsTheGroupAsAUnit() {
        let result = layout(Color.blue.frame(width: 200, height: 200).accessibilityIdentifier("square")
            .overlay(alignment: .bottom) {
                Circle().frame(width: 100, height: 100).accessibilityIdentifier("circle")
                star()
            }, width: 400, height: 400)
        let square = frame(result, "square")
        let circle = frame(result, "circle")
        let starFrame = frame(result, "star")
        #expect(circle == CGRect(x: 150, y: 200, width: 100, height: 100))
        #expect(circle.maxY == square.maxY)
        #expect(starFrame.midX == circle.midX && starFrame.midY == circle.midY)
        #expect(starFrame == CGRect(x: 190, y: 240, width: 20, height: 20))
    }

    /// The overlay page with an explicit `ZStack(alignment: .bottom)`: "The
    /// stack alignment ensures that the star's bottom edge aligns with the
    /// circle's, while the overlay aligns the composite view with the
    /// square."
    @Test func explicitZStackInAnOverlayAlignsItsOwnChildren() {
        let result = layout(Color.blue.frame(width: 200, height: 200).accessibilityIdentifier("square")
            .overlay(alignment: .bottom) {
                ZStack(alignment: .bottom) {
                    Circle().frame(width: 100, height: 100).accessibilityIdentifier("circle")
                    star()
                }
            }, width: 400, height: 400)
        let circle = frame(result, "circle")
        #expect(circle == CGRect(x: 150, y: 200, width: 100, height: 100))
        #expect(frame(result, "star") == CGRect(x: 190, y: 280, width: 20, height: 20))
    }

    /// The background page's default: "The vertical bar appears centered
    /// behind the circle, and both appear as a composite view centered
    /// behind the horizontal bar."
    @Test func backgroundCentresTheGroup() {
        let result = layout(Color.blue.frame(width: 200, height: 10).accessibilityIdentifier("horizontal")
            .background {
                Color.green.frame(width: 10, height: 100).accessibilityIdentifier("vertical")
                Circle().frame(width: 50, height: 50).accessibilityIdentifier("circle")
            }, width: 400, height: 400)
        #expect(frame(result, "horizontal") == CGRect(x: 100, y: 195, width: 200, height: 10))
        #expect(frame(result, "vertical") == CGRect(x: 195, y: 150, width: 10, height: 100))
        #expect(frame(result, "circle") == CGRect(x: 175, y: 175, width: 50, height: 50))
        // Back to front: the vertical bar, the circle, then the host.
        #expect(result.displayList.items.map(\.identifier) == ["vertical", "circle", "horizontal"])
    }

    /// The background page with `.leading`: "The vertical bar and the
    /// circle move as a unit to align the stack with the leading edge of the
    /// horizontal bar, while the vertical bar remains centered on the
    /// circle."
    @Test func backgroundAlignsTheGroupAsAUnit() {
        let result = layout(Color.blue.frame(width: 200, height: 10).accessibilityIdentifier("horizontal")
            .background(alignment: .leading) {
                Color.green.frame(width: 10, height: 100).accessibilityIdentifier("vertical")
                Circle().frame(width: 50, height: 50).accessibilityIdentifier("circle")
            }, width: 400, height: 400)
        let horizontal = frame(result, "horizontal")
        let vertical = frame(result, "vertical")
        let circle = frame(result, "circle")
        #expect(circle == CGRect(x: 100, y: 175, width: 50, height: 50))
        #expect(circle.minX == horizontal.minX)
        #expect(vertical.midX == circle.midX)
        #expect(vertical == CGRect(x: 120, y: 150, width: 10, height: 100))
    }

    /// The background page with an explicit `ZStack(alignment: .leading)`:
    /// "The stack alignment ensures that the circle's leading edge aligns
    /// with the vertical bar's, while the background modifier aligns the
    /// composite view with the horizontal bar."
    @Test func explicitZStackInABackgroundAlignsItsOwnChildren() {
        let result = layout(Color.blue.frame(width: 200, height: 10).accessibilityIdentifier("horizontal")
            .background(alignment: .leading) {
                ZStack(alignment: .leading) {
                    Color.green.frame(width: 10, height: 100).accessibilityIdentifier("vertical")
                    Circle().frame(width: 50, height: 50).accessibilityIdentifier("circle")
                }
            }, width: 400, height: 400)
        #expect(frame(result, "vertical") == CGRect(x: 100, y: 150, width: 10, height: 100))
        #expect(frame(result, "circle") == CGRect(x: 100, y: 175, width: 50, height: 50))
    }

    /// The overlay page's first example: one view per modifier, each at
    /// its own corner of a 200×100 rounded rectangle.
    @Test func oneOverlayPerCorner() {
        let result = layout(RoundedRectangle(cornerRadius: 8).frame(width: 200, height: 100).accessibilityIdentifier("card")
            .overlay(alignment: .topLeading) { Rectangle().frame(width: 20, height: 20).accessibilityIdentifier("red") }
            .overlay(alignment: .topTrailing) { Rectangle().frame(width: 20, height: 20).accessibilityIdentifier("yellow") }
            .overlay(alignment: .bottomLeading) { Rectangle().frame(width: 20, height: 20).accessibilityIdentifier("green") }
            .overlay(alignment: .bottomTrailing) { Rectangle().frame(width: 20, height: 20).accessibilityIdentifier("blue") },
            width: 400, height: 400)
        let card = frame(result, "card")
        #expect(frame(result, "red").origin == CGPoint(x: card.minX, y: card.minY))
        #expect(frame(result, "yellow").origin == CGPoint(x: card.maxX - 20, y: card.minY))
        #expect(frame(result, "green").origin == CGPoint(x: card.minX, y: card.maxY - 20))
        #expect(frame(result, "blue").origin == CGPoint(x: card.maxX - 20, y: card.maxY - 20))
    }
}
