@usableFromInline
package struct RotationModifier: UnaryNodeModifier {
    let payload: RotationPayload

    @usableFromInline
    init(angle: Angle, anchor: UnitPoint) { payload = RotationPayload(angle: angle, anchor: anchor) }

    @usableFromInline var kind: NodeKind { .rotation }
    @usableFromInline func addPayload(to graph: _ViewGraph) -> Int { graph.rotations.appendIndex(payload) }
}

extension View {
    /// Draws the view rotated by `angle` about `anchor` of its frame; layout
    /// is unchanged.
    @inlinable
    public consuming func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        modified(RotationModifier(angle: angle, anchor: anchor))
    }
}
