import FormLayout
import Foundation
import Testing
@testable import FormRender

/// The rasteriser against the rule it documents, pixel by pixel, on random
/// lists of rectangles: a pixel has the colour of the topmost item (by z,
/// then list order) whose frame, clipped to the window, holds the pixel's
/// centre (half-open edges). The lists mix items in z order and out of it,
/// and items inside, across and wholly outside the region drawn, so that
/// both the paths and the items passed over are held to the rule.
@Suite struct RasterizerReferenceTests {
    /// A small deterministic generator, so that a failing seed runs again.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        /// A coordinate in quarter points (exact in binary), from `low` to `high`.
        mutating func coordinate(_ low: Int, _ high: Int) -> Double { Double(low * 4 + next((high - low) * 4 + 1)) / 4 }
    }

    @Test(arguments: 0..<400)
    func randomRectanglesFollowTheRule(seed: Int) {
        var random = Generator(state: UInt64(seed) &+ 0x5EED)
        let window = CGSize(width: 16, height: 16)
        let colors: [Color] = [.red, .green, .blue, .yellow, .purple]
        let inZOrder = random.next(2) == 0
        let items = (0..<(1 + random.next(40))).map { index in
            // Frames reach past every edge of the window; some are flipped
            // (negative sizes) or empty.
            DisplayItem(z: inZOrder ? index : random.next(6),
                        frame: CGRect(x: random.coordinate(-8, 20), y: random.coordinate(-8, 40),
                                      width: random.coordinate(-4, 12), height: random.coordinate(-4, 12)),
                        shape: .rectangle, fill: colors[random.next(colors.count)])
        }
        let list = DisplayList(size: window, items: items)
        // A region of the window (or past it), in pixels of a power of two.
        let region = CGRect(x: Double(random.next(9)) - 4, y: Double(random.next(13)) - 4, width: 16, height: 8)
        let width = [4, 8, 16, 32][random.next(4)], height = [2, 4, 8, 16][random.next(4)]
        let raster = Rasterizer().rasterize(list, region: region, width: width, height: height)

        let order = items.indices.sorted { (items[$0].z, $0) < (items[$1].z, $1) }
        for row in 0..<height {
            for column in 0..<width {
                let x = Double(region.minX) + (Double(column) + 0.5) * Double(region.width) / Double(width)
                let y = Double(region.minY) + (Double(row) + 0.5) * Double(region.height) / Double(height)
                let inWindow = x >= 0 && x < Double(window.width) && y >= 0 && y < Double(window.height)
                let top = order.last { index in
                    let frame = items[index].frame
                    return inWindow && x >= Double(frame.minX) && x < Double(frame.maxX) && y >= Double(frame.minY) && y < Double(frame.maxY)
                }
                #expect(raster[column, row] == top.map { items[$0].fill }, "pixel (\(column), \(row)) of seed \(seed)")
            }
        }
    }
}
