/// Builds views from closures, as SwiftUI's `@ViewBuilder`: several
/// statements, `if`/`else`, `if let`, `switch` and availability checks.
///
/// Every method consumes the views it is given: each view statement of a
/// body passes through here, and a view passed in borrowed and returned
/// is copied and the original destroyed, through the runtime's value
/// witnesses for a view holding strings or closures (a form's field view
/// was copied whole once per field: 4% of a layout).
@resultBuilder
public enum ViewBuilder {
    /// Passes each view statement through unchanged.
    @inlinable
    public static func buildExpression<Content: View>(_ content: consuming Content) -> Content { content }
    /// An empty closure builds an `EmptyView`.
    @inlinable
    public static func buildBlock() -> EmptyView { EmptyView() }
    /// The first statement of a block is the view itself, with no tuple around it.
    @inlinable
    public static func buildPartialBlock<Content: View>(first content: consuming Content) -> Content { content }
    /// Each later statement joins the views before it in a `TupleView`, laid
    /// out in code order: a block of n statements is a chain of n - 1 pairs.
    @inlinable
    public static func buildPartialBlock<Accumulated: View, Next: View>(accumulated: consuming Accumulated, next: consuming Next) -> TupleView<Accumulated, Next> {
        TupleView(accumulated, next)
    }
    /// An `if` without `else`: the view, or nil, which draws nothing and takes no room.
    @inlinable
    public static func buildOptional<Content: View>(_ content: consuming Content?) -> Content? { content }
    /// The older name of `buildOptional`, kept for source compatibility.
    @inlinable
    public static func buildIf<Content: View>(_ content: consuming Content?) -> Content? { content }
    /// The `if` branch of an `if`/`else` (or a `switch` case), wrapped so both branches share one type.
    @inlinable
    public static func buildEither<TrueContent: View, FalseContent: View>(first: consuming TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }
    /// The `else` branch of an `if`/`else` (or a later `switch` case).
    @inlinable
    public static func buildEither<TrueContent: View, FalseContent: View>(second: consuming FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }
    /// Content under `if #available`, type-erased so the result type names no newer types.
    @inlinable
    public static func buildLimitedAvailability<Content: View>(_ content: consuming Content) -> AnyView { AnyView(content) }
}

/// Several views side by side in their parent, in code order: the views of
/// a block so far and the next one (`ViewBuilder.buildPartialBlock`).
///
/// A pair rather than a parameter pack (or SwiftUI's `TupleView<(C0, C1,
/// …)>`, which the runtime walks by reflection): code that builds views is
/// specialised for its concrete types all the way down, where a value holding
/// a pack was copied and destroyed through runtime type metadata.
public struct TupleView<Accumulated: View, Next: View>: _PrimitiveView {
    /// The views of the block before the last one (itself a `TupleView` when
    /// there are several).
    public var accumulated: Accumulated
    /// The last view of the block.
    public var next: Next

    /// Usually made by `ViewBuilder` from a block of statements rather than by hand.
    @inlinable
    public init(_ accumulated: Accumulated, _ next: Next) {
        self.accumulated = accumulated
        self.next = next
    }

    @inlinable
    public static func _makeView(_ view: Self, into graph: _ViewGraph) {
        graph.make(view.accumulated)
        graph.make(view.next)
    }
}

/// One of two views, chosen by an `if`/`else` in a view builder.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: _PrimitiveView {
    @usableFromInline enum Storage { case trueContent(TrueContent), falseContent(FalseContent) }
    @usableFromInline let storage: Storage
    @inlinable init(storage: Storage) { self.storage = storage }

    @inlinable

    public static func _makeView(_ view: Self, into graph: _ViewGraph) {
        switch view.storage {
        case .trueContent(let content): graph.make(content)
        case .falseContent(let content): graph.make(content)
        }
    }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError("Optional has no body") }
    @inlinable
    public static func _makeView(_ view: Self, into graph: _ViewGraph) {
        if let view { graph.make(view) }
    }
}

/// A view that shows nothing and takes no room.
public struct EmptyView: _PrimitiveView {
    /// What an empty builder closure produces.
    @inlinable
    public init() {}
    @inlinable
    public static func _makeView(_ view: Self, into graph: _ViewGraph) {}
}

/// Groups views without laying them out; modifiers on a group apply to
/// each of its views, as in SwiftUI.
public struct Group<Content: View>: _PrimitiveView {
    /// The grouped views, laid out as if written in the group's parent.
    public var content: Content
    /// Groups the views `content` builds.
    @inlinable
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    @inlinable
    public static func _makeView(_ view: Self, into graph: _ViewGraph) { graph.make(view.content) }
}

/// A type-erased view.
public struct AnyView: _PrimitiveView {
    @usableFromInline let makeView: (_ViewGraph) -> Void
    /// Erases `view`'s type; it lays out exactly as `view` would.
    @inlinable
    public init<V: View>(_ view: V) {
        makeView = { graph in graph.make(view) }
    }
    /// Same as `init(_:)`, under SwiftUI's labelled spelling.
    @inlinable
    public init<V: View>(erasing view: V) { self.init(view) }
    @inlinable
    public static func _makeView(_ view: Self, into graph: _ViewGraph) { view.makeView(graph) }
}

/// Views computed from a collection, one per element, as SwiftUI's `ForEach`.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: _PrimitiveView {
    /// The elements, one view each, in collection order.
    public var data: Data
    /// Builds the view for one element.
    public var content: (Data.Element) -> Content

    // Identity matters to SwiftUI for animating changes between updates; a
    // headless layout is computed from scratch, so identifiers are accepted
    // and not kept (making the `Identifiable` key path costs more than
    // building the row it identifies).

    /// One view per element, identified by the key path `id`.
    @inlinable
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }

    @inlinable

    public static func _makeView(_ view: Self, into graph: _ViewGraph) {
        // The closure read once: where this runs unspecialised, each read of
        // a field of `view` looks the type's metadata up again.
        let content = view.content
        var elements = view.data.makeIterator()
        guard let first = elements.next() else { return }
        // The first element shows how much room the others need. Not for
        // a few elements (a form's row of fields): the room the enclosing
        // `ForEach` made holds them, and measuring what one added to every
        // array cost more than building a field.
        let mark = graph.arenaMark
        graph.make(content(first))
        let remaining = view.data.count - 1
        if remaining >= _ViewGraph.smallestReservedForEach { graph.reserveArena(forMore: remaining, since: mark) }
        while let element = elements.next() { graph.make(content(element)) }
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// One view per identifiable element.
    @inlinable
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// One view per integer of a constant range.
    @inlinable
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data
        self.content = content
    }
}
