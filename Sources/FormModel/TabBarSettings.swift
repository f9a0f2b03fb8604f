/// How the tab bar of a multi-page form is drawn (seed 003: a custom bar
/// height, and a bar that can be hidden).
public struct TabBarSettings: Hashable, Codable, Sendable {
    /// The bar's height in points.
    public var height: Double
    /// A hidden bar gives its height back to the page's content.
    public var isHidden: Bool

    /// Settings as given; `height` should lie in `heightRange`.
    public init(height: Double = TabBarSettings.defaultHeight, isHidden: Bool = false) {
        self.height = height
        self.isHidden = isHidden
    }

    /// UIKit's tab bar height (without the home indicator's safe area).
    public static let defaultHeight = 49.0
    /// The heights formctl accepts: low enough for a caption, at most a
    /// sixth of the default 768-point window.
    public static let heightRange = 30.0...120.0
}
