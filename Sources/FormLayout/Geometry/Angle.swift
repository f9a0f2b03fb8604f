import Foundation

/// An angle, as SwiftUI's `Angle`; positive angles turn clockwise on the
/// screen (y grows downwards).
public struct Angle: Hashable, Sendable, Comparable {
    /// The angle in radians.
    public var radians: Double
    /// The angle in degrees.
    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }

    /// An angle of `radians`.
    public init(radians: Double) { self.radians = radians }
    /// An angle of `degrees`.
    public init(degrees: Double) { self.radians = degrees * .pi / 180 }

    /// An angle of `radians`.
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    /// An angle of `degrees`.
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    /// No rotation.
    public static let zero = Angle(radians: 0)

    /// Orders by size in radians.
    public static func < (a: Angle, b: Angle) -> Bool { a.radians < b.radians }
}

/// How `aspectRatio` sizes its content: as large as fits in the space
/// offered, or as small as fills it (SwiftUI's `ContentMode`).
public enum ContentMode: Hashable, Sendable {
    /// The largest size of the ratio that fits in the proposal.
    case fit
    /// The smallest size of the ratio that covers the proposal.
    case fill
}

/// An affine transform of the plane, `(x, y) ↦ (a·x + c·y + tx, b·x + d·y + ty)`,
/// as drawn items carry it (window coordinates); SVG's `matrix(a b c d tx ty)`.
public struct AffineTransform2D: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// The transform with these coefficients.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// Leaves every point where it is.
    public static let identity = AffineTransform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A rotation by `angle` (clockwise on screen) about `center`.
    public init(rotationBy angle: Angle, around center: CGPoint) {
        let cosine = cos(angle.radians), sine = sin(angle.radians)
        let x = Double(center.x), y = Double(center.y)
        self.init(a: cosine, b: sine, c: -sine, d: cosine,
                  tx: x - cosine * x + sine * y, ty: y - sine * x - cosine * y)
    }

    /// Whether the transform moves nothing.
    public var isIdentity: Bool { self == .identity }

    /// This transform, then `next`.
    public func followed(by next: AffineTransform2D) -> AffineTransform2D {
        AffineTransform2D(
            a: next.a * a + next.c * b, b: next.b * a + next.d * b,
            c: next.a * c + next.c * d, d: next.b * c + next.d * d,
            tx: next.a * tx + next.c * ty + next.tx, ty: next.b * tx + next.d * ty + next.ty)
    }

    /// Where `point` goes.
    public func apply(to point: CGPoint) -> CGPoint {
        let x = Double(point.x), y = Double(point.y)
        return CGPoint(x: a * x + c * y + tx, y: b * x + d * y + ty)
    }

    /// The transform that undoes this one, or nil when it flattens the plane.
    public var inverted: AffineTransform2D? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        return AffineTransform2D(
            a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
            tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
    }
}
