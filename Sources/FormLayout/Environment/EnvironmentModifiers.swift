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

extension View {
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
