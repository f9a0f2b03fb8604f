/// A modifier you write yourself, as SwiftUI's `ViewModifier`:
/// `body(content:)` says what a view becomes, with `content` standing for
/// the view being modified. Apply it with `.modifier(_:)`.
public protocol ViewModifier {
    /// The type of view the modifier makes of its content.
    associatedtype Body: View
    /// The view being modified, as the modifier's body sees it.
    typealias Content = _ViewModifier_Content<Self>
    /// The modified view, built around `content`.
    @ViewBuilder func body(content: Content) -> Body
}

/// Stands for the view a `ViewModifier` is applied to, inside its body.
/// Engine plumbing: public only because `ViewModifier.Content` names it.
public struct _ViewModifier_Content<Modifier: ViewModifier>: _PrimitiveView {
    @inlinable init() {}
    @inlinable
    public static func _makeView(_ view: Self, into graph: _ViewGraph) {
        graph.makeModifiedContent()
    }
}

/// Applies a `ViewModifier`.
@usableFromInline
package struct CustomModifier<Modifier: ViewModifier>: GraphModifier {
    @usableFromInline let modifier: Modifier

    @inlinable
    init(modifier: Modifier) { self.modifier = modifier }

    @inlinable
    package func makeView<Content: View>(content: Content, into graph: _ViewGraph) {
        graph.pushModifiedContent { graph in graph.make(content) }
        graph.make(modifier.body(content: _ViewModifier_Content()))
        graph.popModifiedContent()
    }
}

extension _ViewGraph {
    @usableFromInline
    func pushModifiedContent(_ build: @escaping (_ViewGraph) -> Void) { modifiedContents.append(build) }

    @usableFromInline
    func popModifiedContent() { modifiedContents.removeLast() }

    /// Builds the content of the innermost `ViewModifier` being applied.
    /// While it builds, the next one out is innermost, so a modifier whose
    /// content holds another modifier's content resolves each correctly.
    @usableFromInline
    func makeModifiedContent() {
        guard let build = modifiedContents.popLast() else { return }
        build(self)
        modifiedContents.append(build)
    }
}

extension View {
    /// Applies `modifier` to this view.
    @inlinable
    public consuming func modifier<M: ViewModifier>(_ modifier: M) -> some View {
        modified(CustomModifier(modifier: modifier))
    }
}
