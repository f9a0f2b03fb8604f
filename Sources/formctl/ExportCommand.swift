import ArgumentParser
import CLISupport
import FormKit

/// `formctl export`: the form's structure as a form file that `apply` accepts.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print the form's structure as a form file (YAML or JSON) that apply accepts, or as a JSON Schema of its values.",
        discussion: "Pages in tab order, rows top to bottom, fields left to right, with labels, rules, hidden flags, show_if conditions, the tab bar and the title template; no values. Properties at their defaults are left out. The format is described in docs/form-files.md. With --format json-schema: a JSON Schema (draft 2020-12) of what 'values --format json' prints, valid exactly when check passes; a rule a schema cannot say the same way is refused (exit 65). See docs/json-schema.md.")

    @Option(help: ArgumentHelp("The form file's format.", valueName: "format"))
    var format: ExportFormat = .yaml

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let text = try database.run { form throws(FormKitError) in try form.export(format: format) }
        Terminal.write(text)
    }
}

extension ExportFormat: ExpressibleByArgument {}
