/// A text style and weight, as SwiftUI's `Font` restricted to the dynamic
/// type styles (sizes at the default "Large" content size, see
/// `SwiftUIConstants.TextStyleMetrics`).
public struct Font: Hashable, Sendable {
    /// The dynamic type styles.
    public enum TextStyle: String, CaseIterable, Hashable, Sendable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }

    /// Font weights, as SwiftUI's `Font.Weight`.
    public enum Weight: Int, CaseIterable, Hashable, Sendable, Comparable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
        public static func < (a: Weight, b: Weight) -> Bool { a.rawValue < b.rawValue }
    }

    public var style: TextStyle
    public var weight: Weight

    public init(style: TextStyle, weight: Weight? = nil) {
        self.style = style
        // `.headline` is semibold by default in SwiftUI.
        self.weight = weight ?? (style == .headline ? .semibold : .regular)
    }

    /// This font with another weight.
    public func weight(_ weight: Weight) -> Font { Font(style: style, weight: weight) }
    /// This font, bold.
    public func bold() -> Font { weight(.bold) }

    /// The point size of the style.
    public var pointSize: CGFloat { SwiftUIConstants.TextStyleMetrics.of(style).pointSize }
    /// The distance between two baselines.
    public var lineHeight: CGFloat { SwiftUIConstants.TextStyleMetrics.of(style).lineHeight }

    public static let largeTitle = Font(style: .largeTitle)
    public static let title = Font(style: .title)
    public static let title2 = Font(style: .title2)
    public static let title3 = Font(style: .title3)
    public static let headline = Font(style: .headline)
    public static let subheadline = Font(style: .subheadline)
    public static let body = Font(style: .body)
    public static let callout = Font(style: .callout)
    public static let footnote = Font(style: .footnote)
    public static let caption = Font(style: .caption)
    public static let caption2 = Font(style: .caption2)
}
