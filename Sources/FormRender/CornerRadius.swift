import FormLayout
import Foundation

extension DisplayItem.Shape {
    /// The radius of the corners the shape rounds in a frame of `size`,
    /// for every renderer alike: a rounded rectangle's own radius, never
    /// below 0 nor above half the shorter side; half the shorter side for a
    /// capsule and a circle; 0 for a rectangle, an image and text.
    func cornerRadius(in size: CGSize) -> Double {
        let shorter = Double(min(size.width, size.height))
        switch self {
        case .rectangle, .text, .image: return 0
        case .roundedRectangle(let cornerRadius): return min(max(Double(cornerRadius), 0), shorter / 2)
        case .capsule, .circle: return shorter / 2
        }
    }
}
