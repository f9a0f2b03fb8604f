import ArgumentParser
import CLISupport
import FormKit

/// `formctl apply FILE`: the database's structure brought in line with a
/// form file.
struct ApplyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Bring the form's structure in line with a form file (YAML or JSON), printing each change.",
        discussion: """
            Pages and fields are matched by key, rows by page and place on the page. Every \
            value of a field that stays is kept. Each change is one line: + added, - removed, \
            ~ changed (`+ field phone (page contact, row 2)`, `~ row 1 width 540 -> 600`). \
            A missing database is created from the file (not from the default form). Applying \
            a file the form already matches writes nothing at all. A field the file leaves out \
            that holds a value is not removed without --prune: apply then exits 64, lists those \
            fields and writes nothing. A JSON Schema's drawing hints for other tools (x-*, ui:*, \
            options, widget, format: textarea and others) are dropped with a warning on standard error each.
            """)

    @Argument(help: ArgumentHelp("The form file, YAML or JSON; - reads standard input.", valueName: "file"))
    var file: String

    @Flag(help: "Print the changes and write nothing (a missing database is not created).")
    var dryRun = false

    @Flag(help: "Remove the fields the file leaves out even when they hold values (the values stay in history).")
    var prune = false

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let form = database.form
        var warnings: [FileProblem] = []
        let spec = try reportingErrors { () throws(FormKitError) -> FormSpec in
            // What was dropped is said first, also when the file is refused.
            defer { for warning in warnings { Terminal.printError(Self.warningLine(warning)) } }
            return try FormSpec.decode(try InputFile.bytes(file), file: file, warnings: &warnings)
        }
        let outcome = try reportingErrors { () throws(FormKitError) -> ApplyOutcome in
            try form.apply(spec, dryRun: dryRun, prune: prune)
        }
        var text = ""
        if outcome.created {
            let target = outcome.plan.target
            let counts = "\(Self.count(target.pages.count, "page")), \(Self.count(target.rows.count, "row")), \(Self.count(target.fields.count, "field"))"
            text += "\(dryRun ? "would create" : "created") \(form.path) from \(file): \(counts)\n"
        }
        for change in outcome.plan.changes {
            text += DisplayText.escaped(change.description) + "\n"
        }
        if outcome.plan.isEmpty {
            text += "\(form.path) already matches \(file): nothing to change\n"
        } else if dryRun {
            text += "dry run: \(Self.count(outcome.plan.changes.count, "change")), nothing written\n"
        }
        Terminal.write(text)
        if let refusal = outcome.refusal {
            Terminal.printError(refusal.description)
            throw ExitCode(refusal.exitCode)
        }
    }

    /// `file:line:column (pointer): warning: message`, as compilers place a warning.
    static func warningLine(_ problem: FileProblem) -> String {
        var warning = problem
        warning.message = "warning: " + problem.message
        return warning.description
    }

    private static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
