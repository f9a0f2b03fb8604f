import Foundation

/// `rotationEffect(_:anchor:)`: lays out as its child; what the child draws
/// is rotated about the anchor of the node's frame.
enum RotationNode: TransparentNodeRules {
    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) {
        let rotation = list.graph.rotations[Int(node.payload)]
        let frame = list.frame(of: id)
        let center = CGPoint(x: frame.minX + rotation.anchor.x * frame.width, y: frame.minY + rotation.anchor.y * frame.height)
        let outer = list.transform
        list.transform = AffineTransform2D(rotationBy: rotation.angle, around: center).followed(by: outer)
        list.drawChildren(of: id)
        list.transform = outer
    }
}

/// A `rotationEffect`'s angle and anchor.
struct RotationPayload {
    let angle: Angle
    let anchor: UnitPoint
}
