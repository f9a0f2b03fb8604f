import ArgumentParser
import FormKit

/// `formctl check`: re-validates every field; exit 1 when one is not valid.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Re-validate every field; exit 1 when a shown field is not valid.",
        discussion: "Every page is checked, in tab bar order; with two or more pages each failing field's page is named. A shown field fails when it is empty and required, short (yellow) or invalid (orange); the reason is printed beside it. An empty optional field (field rule KEY --optional) passes; it stays empty (red).")

    @Flag(help: "Print the fields that are not valid as JSON.") var json = false
    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let report = try database.run { form throws(FormKitError) in try form.check() }
        if json {
            Terminal.write(try reportingErrors { () throws(FormKitError) in try JSONText.encode(report.problems) })
        } else if report.passes && report.emptyOptionalKeys.isEmpty {
            Terminal.write("all \(report.shownFieldCount) shown fields are valid\n")
        } else if report.passes {
            let empty = report.emptyOptionalKeys.map(DisplayText.escaped).joined(separator: ", ")
            Terminal.write("all \(report.shownFieldCount) shown fields pass (empty but optional: \(empty))\n")
        } else {
            // The page is named when there is more than one to look in.
            Terminal.write(report.problems.map { problem in
                let page = report.pageCount > 1 ? problem.page.map { " (page \(DisplayText.escaped($0)))" } ?? "" : ""
                return "\(DisplayText.escaped(problem.key))\(page): \(problem.state.rawValue): \(DisplayText.escaped(problem.reason))\n"
            }.joined())
        }
        if !report.passes { throw ExitCode(report.exitCode) }
    }
}
