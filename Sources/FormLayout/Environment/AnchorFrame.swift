import Foundation

extension _ViewGraph {
    /// The frame to resolve a writer's anchor against (its own), and
    /// whether the writer's x axis is flipped, so that the anchor comes out
    /// in the coordinates of whoever reads it.
    ///
    /// After layout (the root's value, `onPreferenceChange`) frames are
    /// final, and the axis is flipped when the writer was built under
    /// right-to-left: its local x runs from its right edge.
    ///
    /// During layout, values are read for the host of an
    /// `overlayPreferenceValue` being placed, and every direction change in
    /// progress (`mirrorsInProgress`) is around that host, so around the
    /// writer too. The content built from the value is in coordinates
    /// those changes will mirror once placed, as the writer's frame will
    /// be: the anchor is wanted before those mirrors, and each one still to
    /// come turns the flip over once.
    func anchorFrame(ofWriter writer: NodeID) -> (frame: CGRect, flipped: Bool) {
        let builtRightToLeft = rightToLeftWriters.contains(nodes[Int(writer)].payload)
        return (frames[Int(writer)], builtRightToLeft != (mirrorsInProgress % 2 == 1))
    }
}
