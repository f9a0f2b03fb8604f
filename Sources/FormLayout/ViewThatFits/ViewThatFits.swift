/// The first of several alternatives that fits, as SwiftUI's `ViewThatFits`:
/// the children are tried in code order, and the first whose ideal size
/// along `axes` fits the proposal is shown; when none does, the last one.
///
/// Only the child shown is placed, drawn and collected for preferences;
/// the others are measured and left out, as SwiftUI leaves them out of the
/// view tree (so a field that appears in two alternatives is found, by
/// `LayoutResult.frame(of:)`, where it is shown).
///
/// ```swift
/// ViewThatFits(in: .horizontal) {
///     HStack { nameField; emailField }   // side by side when there is room
///     VStack { nameField; emailField }   // else one above the other
/// }
/// ```
public struct ViewThatFits<Content: View>: _PrimitiveView {
    @usableFromInline let axes: Axis.Set
    @usableFromInline let content: Content

    /// Alternatives in order of preference, fitted along `axes` (both by
    /// default; with no axis, the first child is shown).
    @inlinable
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }

    @inlinable
    public static func _makeView(_ view: Self, into graph: _ViewGraph) {
        // The axes are the payload itself: two bits need no side array.
        graph.addContainer(.viewThatFits, payload: Int(view.axes.rawValue), axis: .none, content: view.content)
    }
}
