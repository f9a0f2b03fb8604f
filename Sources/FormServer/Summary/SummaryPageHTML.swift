import FormKit
import Mustache

/// The owner's summary page (`GET /owner/summary`): each question's chart
/// as inline SVG, drawn by formctl as `formctl summary --format svg` draws
/// it, with its figures as lines and a table under it that says every bar
/// in words and numbers (the chart's text alternative)
/// (`Templates/summary-page.mustache`). The script (`PageAssets.summaryScript`)
/// draws it again as responses arrive.
struct SummaryPageHTML {
    let title: String
    let summary: ResponseSummary
    /// The form's page, which the summary links back to.
    let formPath: String

    /// The charts' width in points: beside their tables on a laptop's
    /// screen, and still legible scaled down to a phone's.
    static let chartWidth = 480

    /// The page, rendered with `Templates/summary-page.mustache`.
    var html: String { PageTemplates.render(view, with: "summary-page") }

    struct View {
        let documentTitle: String, stylePath: String, scriptPath: String
        let heading: String, formPath: String, eventsPath: String, responses: Int
        let charts: [Chart]
        let hasCharts: Bool
    }

    /// One question: its heading, figures, chart and table.
    struct Chart {
        let id: String, title: String, lines: [String]
        /// The bars, drawn; nil when there are none (a repeat's instances,
        /// a question nobody answered).
        let svg: String?
        let table: Table?
    }

    struct Table { let axis: String, hasShares: Bool, rows: [Row] }
    struct Row { let label: String, count: Int, share: String }

    var view: View {
        let charts = summary.charts.enumerated().map { index, chart in
            let id = "chart-\(index + 1)"
            let hasShares = chart.bars.contains { $0.share != nil }
            let table = chart.bars.isEmpty ? nil
                : Table(axis: chart.axis, hasShares: hasShares,
                        rows: chart.bars.map { Row(label: $0.label, count: $0.count, share: $0.share ?? "") })
            return Chart(id: id, title: chart.title, lines: chart.lines,
                         svg: chart.bars.isEmpty ? nil : chart.svg(id: id, width: Self.chartWidth, heading: false), table: table)
        }
        let counted = summary.responses == 1 ? "1 complete response" : "\(summary.responses) complete responses"
        return View(documentTitle: "Summary: \(title)", stylePath: PageAssets.style.path, scriptPath: PageAssets.summaryScript.path,
                    heading: "Summary of \(counted)", formPath: formPath, eventsPath: PagePaths.owner.api + "/events",
                    responses: summary.responses, charts: charts, hasCharts: !charts.isEmpty)
    }
}

// The templates read a view by name through `child(named:)`, not through
// `Mirror`, which made the page five times slower to write.
extension SummaryPageHTML.View: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "documentTitle": documentTitle
        case "stylePath": stylePath
        case "scriptPath": scriptPath
        case "heading": heading
        case "formPath": formPath
        case "eventsPath": eventsPath
        case "responses": responses
        case "charts": charts
        case "hasCharts": hasCharts
        default: nil
        }
    }
}

extension SummaryPageHTML.Chart: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "title": title
        case "lines": lines
        case "svg": svg
        case "table": table
        default: nil
        }
    }
}

extension SummaryPageHTML.Table: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "axis": axis
        case "hasShares": hasShares
        case "rows": rows
        default: nil
        }
    }
}

extension SummaryPageHTML.Row: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "count": count
        case "share": share
        default: nil
        }
    }
}
