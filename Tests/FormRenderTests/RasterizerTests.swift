import FormLayout
import Foundation
import Testing
@testable import FormRender

@Suite struct RasterizerTests {
    /// Rows of the raster as letters: first letter of the colour's name, `-` for empty.
    func picture(_ raster: Raster) -> [String] {
        (0..<raster.height).map { y in
            String((0..<raster.width).map { x in raster[x, y].map { $0.name?.first ?? "?" } ?? "-" })
        }
    }

    @Test func squareCoversExactlyItsPixels() {
        let list = Fixtures.list(width: 6, height: 4, [(CGRect(x: 1, y: 1, width: 4, height: 2), .rectangle, .red)])
        let raster = Rasterizer().rasterize(list, width: 6, height: 4)
        #expect(picture(raster) == ["------", "-rrrr-", "-rrrr-", "------"])
        #expect(raster[1, 1] == .red)
        #expect(raster[0, 0] == nil)
        #expect(raster[-1, 0] == nil && raster[6, 0] == nil)
    }

    @Test func laterItemCoversEarlierOne() {
        let list = Fixtures.list(width: 4, height: 1, [
            (CGRect(x: 0, y: 0, width: 4, height: 1), .rectangle, .red),
            (CGRect(x: 2, y: 0, width: 2, height: 1), .rectangle, .green),
        ])
        #expect(picture(Rasterizer().rasterize(list, width: 4, height: 1)) == ["rrgg"])
    }

    @Test func zOrderWinsOverListOrder() {
        let list = DisplayList(size: CGSize(width: 2, height: 1), items: [
            DisplayItem(z: 1, frame: CGRect(x: 0, y: 0, width: 2, height: 1), shape: .rectangle, fill: .green),
            DisplayItem(z: 0, frame: CGRect(x: 0, y: 0, width: 2, height: 1), shape: .rectangle, fill: .red),
        ])
        #expect(picture(Rasterizer().rasterize(list, width: 2, height: 1)) == ["gg"])
    }

    @Test func circleCornersStayEmpty() {
        let list = Fixtures.list(width: 10, height: 10, [(CGRect(x: 0, y: 0, width: 10, height: 10), .circle, .red)])
        let raster = Rasterizer().rasterize(list, width: 10, height: 10)
        for (x, y) in [(0, 0), (9, 0), (0, 9), (9, 9), (1, 0)] { #expect(raster[x, y] == nil) }
        for (x, y) in [(5, 5), (0, 5), (5, 0), (9, 4), (4, 9)] { #expect(raster[x, y] == .red) }
    }

    @Test func capsuleAndRoundedCornersAreRounded() {
        let list = Fixtures.list(width: 20, height: 8, [
            (CGRect(x: 0, y: 0, width: 20, height: 4), .capsule, .red),
            (CGRect(x: 0, y: 4, width: 20, height: 4), .roundedRectangle(cornerRadius: 2), .green),
        ])
        let raster = Rasterizer().rasterize(list, width: 20, height: 8)
        #expect(raster[0, 0] == nil && raster[19, 3] == nil && raster[10, 0] == .red && raster[0, 2] == .red)
        #expect(raster[0, 4] == nil && raster[19, 7] == nil && raster[1, 5] == .green && raster[10, 4] == .green)
    }

    @Test func clearPaintsNothing() {
        let list = Fixtures.list(width: 2, height: 1, [
            (CGRect(x: 0, y: 0, width: 1, height: 1), .rectangle, .red),
            (CGRect(x: 0, y: 0, width: 2, height: 1), .rectangle, .clear),
            (CGRect(x: 0, y: 0, width: 2, height: 1), .rectangle, Color.green.opacity(0)),
        ])
        #expect(picture(Rasterizer().rasterize(list, width: 2, height: 1)) == ["r-"])
    }

    @Test func translucentFillBlendsAndKeepsItsName() throws {
        let list = Fixtures.list(width: 2, height: 1, [
            (CGRect(x: 0, y: 0, width: 1, height: 1), .rectangle, .white),
            (CGRect(x: 0, y: 0, width: 2, height: 1), .rectangle, Color(red: 0, green: 0, blue: 0, opacity: 0.5)),
        ])
        let raster = Rasterizer().rasterize(list, width: 2, height: 1)
        let blended = try #require(raster[0, 0])
        #expect(abs(blended.red - 0.5) < 1e-9 && blended.opacity == 1)
        #expect(raster[1, 0]?.opacity == 0.5)
        let named = Fixtures.list(width: 1, height: 1, [
            (CGRect(x: 0, y: 0, width: 1, height: 1), .rectangle, .gray),
            (CGRect(x: 0, y: 0, width: 1, height: 1), .rectangle, Color.red.opacity(0.5)),
        ])
        #expect(Rasterizer().rasterize(named, width: 1, height: 1)[0, 0]?.name == "red")
    }

    @Test func textPaintsItsLineBoxesOrNothing() {
        let text = DisplayItem.Shape.text(lines: ["Hi", " ", "there"], font: .caption2)  // 13-point lines
        let list = Fixtures.list(width: 4, height: 39, [(CGRect(x: 1, y: 0, width: 2, height: 39), text, .red)])
        let lineBoxes = Rasterizer().rasterize(list, width: 4, height: 3)
        #expect(picture(lineBoxes) == ["-rr-", "----", "-rr-"])
        let skipped = Rasterizer(text: .skip).rasterize(list, width: 4, height: 3)
        #expect(picture(skipped) == ["----", "----", "----"])
    }

    @Test func strokeOutlinesTheShapeInside() {
        var list = Fixtures.list(width: 5, height: 5, [(CGRect(x: 0, y: 0, width: 5, height: 5), .rectangle, .white)])
        list.items[0].stroke = .gray
        #expect(picture(Rasterizer().rasterize(list, width: 5, height: 5)) == ["ggggg", "gwwwg", "gwwwg", "gwwwg", "ggggg"])
    }

    @Test func itemsAreClippedToTheWindow() {
        let list = Fixtures.list(width: 2, height: 1, [(CGRect(x: -5, y: -5, width: 20, height: 20), .rectangle, .red)])
        // The region reaches past the window; only the window is drawn.
        let raster = Rasterizer().rasterize(list, region: CGRect(x: 0, y: 0, width: 4, height: 1), width: 4, height: 1)
        #expect(picture(raster) == ["rr--"])
    }

    @Test func subRegionAtLowerResolution() {
        // The minimap's red field spans x 15..<95, y 40..<60 inside the gray
        // container; pixel centres sit at x 5, 15, …, 95 and y 35, 45, 55, 65.
        let raster = Rasterizer().rasterize(Fixtures.minimap, region: CGRect(x: 0, y: 30, width: 100, height: 40), width: 10, height: 4)
        #expect(picture(raster) == ["gggggggggg", "grrrrrrrrg", "grrrrrrrrg", "gggggggggg"])
    }

    @Test func degenerateSizesGiveEmptyRasters() {
        #expect(Rasterizer().rasterize(Fixtures.minimap, width: 0, height: 5).width == 0)
        let empty = Rasterizer().rasterize(DisplayList(size: .zero, items: Fixtures.minimap.items), width: 3, height: 2)
        #expect(empty.palette.isEmpty && empty[0, 0] == nil)
    }
}
