/// A chart of counts, one horizontal bar per category: how formctl draws
/// a question's answers (`formctl summary`, `/owner/summary`), in a
/// terminal (`text(columns:colour:)`) or as SVG (`svg(id:width:)`), as it
/// draws the minimap, without a chart library.
public struct BarChart: Hashable, Sendable {
    /// One bar.
    public struct Bar: Hashable, Sendable {
        /// What the bar counts (`Red`, `10 – 20`, `2026-01-05`).
        public var label: String
        /// Its length, against the longest bar.
        public var count: Int
        /// The figures written after the bar (`40 · 33.6%`).
        public var figures: String

        public init(label: String, count: Int, figures: String) {
            (self.label, self.count, self.figures) = (label, count, figures)
        }
    }

    /// The chart's title (the question).
    public var title: String
    /// Lines of figures above the bars (counts, quartiles…).
    public var lines: [String]
    /// The bars, top to bottom; none when there is nothing to draw.
    public var bars: [Bar]

    public init(title: String, lines: [String], bars: [Bar]) {
        (self.title, self.lines, self.bars) = (title, lines, bars)
    }

    /// What the chart shows, in words: its lines and each bar's figures
    /// (the SVG's description, for a reader who cannot see it).
    public var description: String {
        var parts = lines
        if !bars.isEmpty { parts.append(bars.map { "\($0.label): \($0.figures)" }.joined(separator: "; ")) }
        return parts.joined(separator: ". ")
    }

    /// The longest bar's count (at least 1, so that no length divides by 0).
    var longest: Int { max(1, bars.map(\.count).max() ?? 0) }
}
