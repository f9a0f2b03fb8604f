import CLISupport
import FormKit

/// How a `CheckReport` is printed: by `formctl check`, and by `formctl
/// submit` when the form does not pass, so that both print the same list.
enum CheckOutput {
    /// The report as `check` prints it: one line per field that does not
    /// pass (`key (page P): state: reason`, the page named when there is
    /// more than one to look in), or one line saying that all pass.
    static func text(_ report: CheckReport) -> String {
        if report.passes && report.emptyOptionalKeys.isEmpty {
            return "all \(report.shownFieldCount) shown fields are valid\n"
        }
        if report.passes {
            let empty = report.emptyOptionalKeys.map(DisplayText.escaped).joined(separator: ", ")
            return "all \(report.shownFieldCount) shown fields pass (empty but optional: \(empty))\n"
        }
        return report.problems.map { problem in
            let page = report.pageCount > 1 ? problem.page.map { " (page \(DisplayText.escaped($0)))" } ?? "" : ""
            return "\(DisplayText.escaped(problem.key))\(page): \(problem.state.rawValue): \(DisplayText.escaped(problem.reason))\n"
        }.joined()
    }

    /// The report as `check --json` prints it: the fields that do not pass.
    static func json(_ report: CheckReport) throws -> String {
        try reportingErrors { () throws(FormKitError) in try JSONText.encode(report.problems) }
    }
}
