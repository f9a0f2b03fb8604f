import ArgumentParser
import CLISupport
import FormKit

/// `formctl summary`: how the responses answered each question, as charts.
struct SummaryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Summarise the complete responses: a chart and the figures of each question.",
        discussion: """
            For each question (or each PATH given: a field's declared path such as age or children.age, \
            or a group's or repeat's path for everything in it): how many answered, left it empty, or were \
            not shown it; choices and booleans as a count and share per choice; numbers as min, quartiles \
            (percentile_cont), median, mean, max and a histogram of round bins; dates as counts per day, \
            week (from Monday) or month; text as the number of distinct answers and the 10 most common; \
            a repeat as its instances per response. An answer that is not its type or breaks a bound \
            counts as answered and goes into no figure. Figures are exact: no binary floating point. \
            text draws bars in 24-bit colour on a terminal, plain (#) otherwise; json gives every figure; \
            svg one chart per question. See docs/responses.md.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, svg }

    @Argument(help: ArgumentHelp("Questions to summarise (default: all).", valueName: "path"))
    var paths: [String] = []

    @Option(help: "text, json or svg.")
    var format: Format = .text

    @Option(help: ArgumentHelp("Which responses: complete (the default) or draft.", valueName: "status"))
    var status: FormResponse.Status = .complete

    @Option(help: ArgumentHelp(
        "Only responses submitted at or after this time: an RFC 3339 date or date-time (2026-11-25, 2026-11-25T18:00:00Z); without an offset, UTC.",
        valueName: "time"))
    var since: String?

    @Option(help: "With --format text, when to colour the bars: auto, always or never.")
    var color: MinimapCommand.ColorMode = .auto

    @Option(help: "With --format text, the width in terminal columns (default: the terminal's, at most 100).")
    var width: Int?

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if let since, SubmissionTime(rfc3339: since) == nil {
            throw ValidationError("--since takes an RFC 3339 date or date-time such as \(SubmissionTime.examples) (without an offset, UTC), not '\(DisplayText.escaped(since))'.")
        }
        if let width, !MinimapCommand.widths.contains(width) { throw ValidationError("--width must be between 1 and 4096 columns.") }
    }

    func run() throws {
        let filter = ResponseFilter(status: status, submittedSince: since.flatMap { SubmissionTime(rfc3339: $0)?.text })
        let summary = try reportingErrors { () throws(FormKitError) in try database.form.summary(of: paths, filter) }
        switch format {
        case .json:
            Terminal.write(try reportingErrors { () throws(FormKitError) in try JSONText.encode(summary) })
        case .svg:
            Terminal.write(summary.svg)
        case .text:
            let colour = switch color {
            case .always: true
            case .never: false
            case .auto: Terminal.outputIsTerminal && !Terminal.noColorRequested
            }
            Terminal.write(summary.text(columns: width ?? min(Terminal.columns ?? 80, 100), colour: colour))
        }
    }
}
