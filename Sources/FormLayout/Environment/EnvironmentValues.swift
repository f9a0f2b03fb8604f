/// Font, colours, line limit and layout direction: what flows down the
/// tree to the views inside. Public so that `environment(_:_:)` can name
/// its values by key path, as SwiftUI's do (`\.layoutDirection`).
public struct EnvironmentValues {
    @usableFromInline var font: Font?
    @usableFromInline var fontWeight: Font.Weight?
    @usableFromInline var foreground: Color?
    @usableFromInline var lineLimit: Int?
    /// The direction views are laid out in (`LayoutDirection`).
    public var layoutDirection: LayoutDirection = .leftToRight

    @usableFromInline init() {}

    var resolvedFont: Font {
        var font = font ?? .body
        if let fontWeight { font.weight = fontWeight }
        return font
    }
    var resolvedForeground: Color { foreground ?? .primary }
}
