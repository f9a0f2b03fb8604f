import FormLayout
import FormModel
import FormRender
import FormScreens

extension ResponseSummary {
    /// One chart per question, in order: what `summary --format text` and
    /// `svg` and the owner's summary page draw.
    public var charts: [BarChart] { questions.map(\.chart) }

    /// `summary --format text`: the count of responses, then each
    /// question's chart for a terminal `columns` wide; bars in the
    /// minimap's green with `colour`, plain `#` without.
    public func text(columns: Int, colour: Bool) -> String {
        let heading = responses == 1 ? "1 response" : "\(responses) responses"
        let bars = colour ? FieldColor.green.color : nil
        return ([heading + "\n"] + charts.map { $0.text(columns: columns, colour: bars) }).joined(separator: "\n")
    }

    /// `summary --format svg`: every chart, one above the other.
    public var svg: String {
        BarChart.svgDocument(charts, title: "Summary of \(responses) response\(responses == 1 ? "" : "s")")
    }
}

extension QuestionSummary {
    /// The question's chart: its counts and figures as lines, its choices,
    /// bins or most common answers as bars.
    public var chart: BarChart {
        let title = label == path ? "\(path) (\(type))" : "\(label) — \(path) (\(type))"
        var lines = ["\(answered) answered · \(unanswered) unanswered · \(notShown) not shown"]
        var bars: [BarChart.Bar] = []
        var axis = "Answer"
        switch figures {
        case .numbers(let figures?):
            lines.append("min \(figures.min) · q1 \(figures.q1) · median \(figures.median) · q3 \(figures.q3) · max \(figures.max) · mean \(figures.mean)")
            bars = figures.histogram.enumerated().map { index, bin in
                let closing = index == figures.histogram.count - 1 ? "]" : ")"
                return BarChart.Bar(label: "[\(bin.from), \(bin.to)\(closing)", count: bin.count)
            }
            axis = "Range"
        case .numbers(nil):
            lines.append("no answer is a usable number")
        case .choices(let choices):
            bars = choices.map { BarChart.Bar(label: $0.label, count: $0.count, share: Self.percent($0.count, of: answered)) }
            axis = "Choice"
        case .dates(let figures?):
            lines.append("earliest \(figures.earliest) · latest \(figures.latest) · by \(figures.bin)")
            bars = figures.bins.map { BarChart.Bar(label: Self.dateLabel($0, bin: figures.bin), count: $0.count) }
            axis = figures.bin.prefix(1).uppercased() + figures.bin.dropFirst()
        case .dates(nil):
            lines.append("no answer is a usable date")
        case .text(let figures):
            lines.append(figures.distinct == 1 ? "1 distinct answer" : "\(figures.distinct) distinct answers")
            bars = figures.common.map { BarChart.Bar(label: $0.value, count: $0.count) }
        case .instances(let figures):
            lines = ["\(figures.instances) instance\(figures.instances == 1 ? "" : "s") · per response: min \(figures.min) · median \(figures.median) · max \(figures.max)"]
        }
        return BarChart(title: title, axis: axis, lines: lines, bars: bars)
    }

    /// `count / total` as a percentage with at most one decimal (`33.6%`).
    static func percent(_ count: Int, of total: Int) -> String {
        guard total > 0 else { return "0%" }
        let tenths = Int((Int128(count) * 2_000 / Int128(total) + 1) / 2)
        return tenths % 10 == 0 ? "\(tenths / 10)%" : "\(tenths / 10).\(tenths % 10)%"
    }

    /// A date bin as a reader names it: the day, the week's first day, the
    /// month, the year, or the span of years.
    private static func dateLabel(_ bin: DateBin, bin unit: String) -> String {
        switch unit {
        case "day": bin.from
        case "week": "week of " + bin.from
        case "month": String(bin.from.prefix(7))
        case "year": String(bin.from.prefix(4))
        default: String(bin.from.prefix(4)) + "–" + String(bin.to.prefix(4))
        }
    }
}
