import Foundation

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
        /// Orders weights from `ultraLight` (lightest) to `black` (heaviest).
        public static func < (a: Weight, b: Weight) -> Bool { a.rawValue < b.rawValue }
    }

    /// The dynamic type style, which fixes the point size and line height.
    public var style: TextStyle
    /// The weight; with the default measurer, heavier weights measure slightly wider.
    public var weight: Weight

    /// A font in `style`; a nil weight means regular, or semibold for `.headline` as in SwiftUI.
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

    /// 34 pt on 41 pt lines.
    public static let largeTitle = Font(style: .largeTitle)
    /// 28 pt on 34 pt lines.
    public static let title = Font(style: .title)
    /// 22 pt on 28 pt lines.
    public static let title2 = Font(style: .title2)
    /// 20 pt on 25 pt lines.
    public static let title3 = Font(style: .title3)
    /// 17 pt on 22 pt lines, semibold.
    public static let headline = Font(style: .headline)
    /// 15 pt on 20 pt lines.
    public static let subheadline = Font(style: .subheadline)
    /// 17 pt on 22 pt lines; the default for `Text` and text fields.
    public static let body = Font(style: .body)
    /// 16 pt on 21 pt lines.
    public static let callout = Font(style: .callout)
    /// 13 pt on 18 pt lines.
    public static let footnote = Font(style: .footnote)
    /// 12 pt on 16 pt lines.
    public static let caption = Font(style: .caption)
    /// 11 pt on 13 pt lines.
    public static let caption2 = Font(style: .caption2)
}
