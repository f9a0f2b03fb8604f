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
        /// Its share of the answers (`33.6%`), for a choice; nil for a
        /// range, a date or an answer, which are counted only.
        public var share: String?

        public init(label: String, count: Int, share: String? = nil) {
            (self.label, self.count, self.share) = (label, count, share)
        }

        /// The figures written after the bar: its count, and its share
        /// when it has one (`40 · 33.6%`).
        public var figures: String {
            share.map { "\(count) · \($0)" } ?? String(count)
        }
    }

    /// The chart's title (the question).
    public var title: String
    /// What the bars are, as a table's first column names them
    /// (`Choice`, `Range`, `Week`, `Answer`).
    public var axis: String
    /// Lines of figures above the bars (counts, quartiles…).
    public var lines: [String]
    /// The bars, top to bottom; none when there is nothing to draw.
    public var bars: [Bar]

    public init(title: String, axis: String = "Answer", lines: [String], bars: [Bar]) {
        (self.title, self.axis, self.lines, self.bars) = (title, axis, lines, bars)
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
