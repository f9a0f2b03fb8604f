/// Font, colours and line limit: what flows down the tree to text and shapes.
struct EnvironmentValues {
    var font: Font?
    var fontWeight: Font.Weight?
    var foreground: Color?
    var lineLimit: Int?

    var resolvedFont: Font {
        var font = font ?? .body
        if let fontWeight { font.weight = fontWeight }
        return font
    }
    var resolvedForeground: Color { foreground ?? .primary }
}
