/// Font, colours and line limit: what flows down the tree to text and shapes.
@usableFromInline
struct EnvironmentValues {
    @usableFromInline var font: Font?
    @usableFromInline var fontWeight: Font.Weight?
    @usableFromInline var foreground: Color?
    @usableFromInline var lineLimit: Int?

    @usableFromInline init() {}

    var resolvedFont: Font {
        var font = font ?? .body
        if let fontWeight { font.weight = fontWeight }
        return font
    }
    var resolvedForeground: Color { foreground ?? .primary }
}
