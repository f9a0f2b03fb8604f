import ArgumentParser
import FormKit

/// `formctl check`: re-validates every field; exit 1 when one is not valid.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Re-validate every field; exit 1 when a shown field is not valid.",
        discussion: "A shown field fails when it is empty and required, short (yellow) or invalid (orange); the reason is printed beside it. An empty optional field (field rule KEY --optional) passes; it stays empty (red).")

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
            Terminal.write(report.problems.map {
                "\(DisplayText.escaped($0.key)): \($0.state.rawValue): \(DisplayText.escaped($0.reason))\n"
            }.joined())
        }
        if !report.passes { throw ExitCode(report.exitCode) }
    }
}
