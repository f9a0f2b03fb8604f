/// A piece of user interface, as SwiftUI's `View`: a value whose `body`
/// describes it in terms of other views. Primitive views (text, shapes,
/// stacks, modifiers) have no body; they put nodes into the layout graph
/// directly through `_makeView`.
public protocol View {
    /// The type of view this one is made of.
    associatedtype Body: View
    /// The content of the view.
    @ViewBuilder var body: Body { get }

    /// Adds the nodes this view stands for to `graph`'s output. The default
    /// asks `body`; primitives override it. Not for use outside the engine.
    static func _makeView(_ view: Self, into graph: _ViewGraph)
}

extension View {
    @inlinable
    public static func _makeView(_ view: Self, into graph: _ViewGraph) {
        Body._makeView(view.body, into: graph)
    }
}

/// Views that draw or lay out themselves have no body; asking for one is a
/// programming error, as in SwiftUI.
public protocol _PrimitiveView: View where Body == Never {}

extension _PrimitiveView {
    public var body: Never { fatalError("\(Self.self) is a primitive view and has no body") }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
    @inlinable
    public static func _makeView(_ view: Never, into graph: _ViewGraph) {}
}
