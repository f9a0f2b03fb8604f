import ArgumentParser
import CLISupport
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
        Terminal.write(json ? try CheckOutput.json(report) : CheckOutput.text(report))
        if !report.passes { throw ExitCode(report.exitCode) }
    }
}
