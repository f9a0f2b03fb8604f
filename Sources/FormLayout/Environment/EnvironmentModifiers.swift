/// Changes the font or colours that flow down to the content's text and shapes.
@usableFromInline
package struct EnvironmentModifier: GraphModifier {
    @usableFromInline let change: (inout EnvironmentValues) -> Void
    @usableFromInline init(change: @escaping (inout EnvironmentValues) -> Void) { self.change = change }
    @inlinable
    package func makeView<Content: View>(content: Content, into graph: _ViewGraph) {
        graph.withEnvironment(change) { graph.make(content) }
    }
}

/// Sets one environment value by key path (`environment(_:_:)`). Where
/// it changes the layout direction, each view of the content is wrapped in
/// a `LayoutDirectionNode`, which mirrors it.
@usableFromInline
package struct EnvironmentValueModifier<Value>: GraphModifier {
    @usableFromInline let keyPath: WritableKeyPath<EnvironmentValues, Value>
    @usableFromInline let value: Value
    @inlinable init(keyPath: WritableKeyPath<EnvironmentValues, Value>, value: Value) {
        self.keyPath = keyPath
        self.value = value
    }
    @inlinable
    package func makeView<Content: View>(content: Content, into graph: _ViewGraph) {
        graph.makeWithEnvironmentValue(keyPath, value) { graph.make(content) }
    }
}

extension _ViewGraph {
    /// Runs `body` (which builds content) with `keyPath` set to `value`;
    /// wraps what it builds in a direction node where the direction changes.
    @usableFromInline
    func makeWithEnvironmentValue<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value, _ body: () -> Void) {
        let outer = environment.layoutDirection
        let mark = outputMark
        withEnvironment({ $0[keyPath: keyPath] = value }) {
            let inner = environment.layoutDirection
            body()
            if inner != outer {
                let payload = inner == .rightToLeft ? 1 : 0
                wrapOutput(from: mark) { addUnary(.layoutDirection, payload: payload, child: $0) }
            }
        }
    }
}

extension View {
    /// Sets the environment value at `keyPath` for this view and the views
    /// inside it, as SwiftUI's `environment(_:_:)`:
    /// `.environment(\.layoutDirection, .rightToLeft)` mirrors it.
    @inlinable
    public consuming func environment<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) -> some View {
        modified(EnvironmentValueModifier(keyPath: keyPath, value: value))
    }

    /// The font of text in this view (`.body` when none is set).
    @inlinable
    public consuming func font(_ font: Font?) -> some View {
        modified(EnvironmentModifier { $0.font = font })
    }
    /// The weight of text in this view.
    @inlinable
    public consuming func fontWeight(_ weight: Font.Weight?) -> some View {
        modified(EnvironmentModifier { $0.fontWeight = weight })
    }
    /// Bold text.
    @inlinable
    public consuming func bold() -> some View { modified(EnvironmentModifier { $0.fontWeight = .bold }) }
    /// The colour of text and unfilled shapes in this view.
    @inlinable
    public consuming func foregroundColor(_ color: Color?) -> some View {
        modified(EnvironmentModifier { $0.foreground = color })
    }
    /// At most `number` lines for each text in this view (nil: no limit);
    /// text that needs more ends its last line with "…".
    @inlinable
    public consuming func lineLimit(_ number: Int?) -> some View {
        modified(EnvironmentModifier { $0.lineLimit = number.map { max(1, $0) } })
    }
    /// The colour of text and unfilled shapes in this view.
    @inlinable
    public consuming func foregroundStyle(_ color: Color) -> some View {
        modified(EnvironmentModifier { $0.foreground = color })
    }
}
