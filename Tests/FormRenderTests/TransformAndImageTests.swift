// Items drawn rotated (`rotationEffect`) and headless images: the SVG
// renderer writes the transform as SVG's matrix(), the rasteriser takes each
// pixel back into the item's frame, and an image fills its frame.
import FormLayout
import Foundation
import Testing
@testable import FormRender

@Suite struct TransformAndImageTests {
    func picture(_ raster: Raster) -> [String] {
        (0..<raster.height).map { y in
            String((0..<raster.width).map { x in raster[x, y].map { $0.name?.first ?? "?" } ?? "-" })
        }
    }

    /// A 6 × 2 bar centred in an 8 × 8 window, turned a quarter about its centre.
    func bar(rotated: Bool) -> DisplayList {
        let frame = CGRect(x: 1, y: 3, width: 6, height: 2)
        let turn = AffineTransform2D(rotationBy: .degrees(90), around: CGPoint(x: 4, y: 4))
        return DisplayList(size: CGSize(width: 8, height: 8), items: [
            DisplayItem(z: 0, frame: frame, shape: .rectangle, fill: .red, transform: rotated ? turn : nil),
        ])
    }

    @Test func aQuarterTurnStandsTheBarUp() {
        #expect(picture(Rasterizer().rasterize(bar(rotated: false), width: 8, height: 8)) ==
            ["--------", "--------", "--------", "-rrrrrr-", "-rrrrrr-", "--------", "--------", "--------"])
        #expect(picture(Rasterizer().rasterize(bar(rotated: true), width: 8, height: 8)) ==
            ["--------", "---rr---", "---rr---", "---rr---", "---rr---", "---rr---", "---rr---", "--------"])
    }

    @Test func svgWritesTheMatrix() throws {
        let svg = SVGRenderer().render(bar(rotated: true))
        let rect = try #require(try SVGCollector.parse(svg).elements.first { $0.name == "rect" && $0.attributes["fill"] != nil && $0.attributes["width"] == "6" })
        let matrix = try #require(rect.attributes["transform"])
        #expect(matrix.hasPrefix("matrix("))
        let numbers = matrix.dropFirst("matrix(".count).dropLast().split(separator: " ").compactMap { Double($0) }
        #expect(numbers.count == 6)
        #expect(abs(numbers[0]) < 1e-9 && abs(numbers[1] - 1) < 1e-9 && abs(numbers[4] - 8) < 1e-9 && abs(numbers[5]) < 1e-9)
    }

    @Test func anImageFillsItsFrameEverywhere() throws {
        let list = DisplayList(size: CGSize(width: 4, height: 2), items: [
            DisplayItem(z: 0, frame: CGRect(x: 1, y: 0, width: 2, height: 2), shape: .image(name: "logo"), fill: .gray),
        ])
        #expect(picture(Rasterizer().rasterize(list, width: 4, height: 2)) == ["-gg-", "-gg-"])
        let svg = try SVGCollector.parse(SVGRenderer().render(list))
        #expect(svg.elements.contains { $0.name == "rect" && $0.attributes["width"] == "2" })
        let json = JSONRenderer().render(list).filter { !$0.isWhitespace }
        #expect(json.contains("\"kind\":\"image\"") && json.contains("\"name\":\"logo\""))
    }
}
