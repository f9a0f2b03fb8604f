import FormLayout
import Foundation

/// The geometry of one display item's outline as a signed distance: negative
/// inside the shape, zero on its edge, positive outside. One formula covers
/// rectangles, rounded rectangles, capsules and circles, and gives the
/// rasteriser both "is this pixel centre covered" and "is it within the
/// stroke's width of the edge".
struct ShapeCoverage {
    private let centerX: Double
    private let centerY: Double
    private let halfWidth: Double
    private let halfHeight: Double
    private let radius: Double
    /// Plain rectangles need no distance test for their fill: the pixel
    /// range already is the rectangle.
    let isRectangle: Bool

    /// The outline of `shape` in `frame`; nil for text, which has no outline.
    init?(shape: DisplayItem.Shape, frame: CGRect) {
        let width = Double(frame.width), height = Double(frame.height)
        centerX = Double(frame.midX)
        centerY = Double(frame.midY)
        radius = shape.cornerRadius(in: frame.size)
        switch shape {
        case .rectangle, .image:
            halfWidth = width / 2; halfHeight = height / 2; isRectangle = true
        case .roundedRectangle:
            halfWidth = width / 2; halfHeight = height / 2; isRectangle = radius == 0
        case .capsule:
            halfWidth = width / 2; halfHeight = height / 2; isRectangle = false
        case .circle:
            // Inscribed in and centred on the frame: a square of the shorter
            // side with fully rounded corners is exactly that circle.
            halfWidth = radius; halfHeight = radius; isRectangle = false
        case .text:
            return nil
        }
    }

    /// Signed distance from the point to the outline (rounded-box formula).
    func distance(x: Double, y: Double) -> Double {
        let qx = abs(x - centerX) - halfWidth + radius
        let qy = abs(y - centerY) - halfHeight + radius
        let outsideX = max(qx, 0), outsideY = max(qy, 0)
        let outside = (outsideX * outsideX + outsideY * outsideY).squareRoot()
        return outside + min(max(qx, qy), 0) - radius
    }
}
