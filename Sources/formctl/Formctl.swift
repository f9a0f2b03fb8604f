import ArgumentParser
import FormKit
import Foundation

/// The `formctl` command: edits a form kept in SQLite and shows its minimap.
@main
struct Formctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formctl",
        abstract: "Edit a form kept in a SQLite file and see its minimap.",
        discussion: """
            The database is --db PATH, else $FORMCTL_DB, else ./form.db. A missing \
            file is created with the default form (seed 002's: first, middle and last \
            name, email, and a hidden twitter field) unless --no-create is given. \
            Both options may come before the command or after it: \
            `formctl --db f.db get first` is `formctl get first --db f.db`.

            \(ExitStatus.helpText)
            """,
        version: "0.1.0",
        subcommands: [
            SetCommand.self, GetCommand.self, FieldsCommand.self, MinimapCommand.self,
            FieldCommand.self, RowCommand.self, PageCommand.self, TabBarCommand.self, TitleCommand.self, HistoryCommand.self,
            CheckCommand.self, ValuesCommand.self, ApplyCommand.self, ExportCommand.self,
            EditCommand.self,
        ]
    )

    static func main() {
        // One command, then exit: see FormFile.keepsClosedConnections. The
        // commands that keep running (edit, minimap --watch) turn it off.
        FormFile.keepsClosedConnections = true
        if let problem = ArgumentEncoding.problem() {
            Terminal.printError(problem)
            Foundation.exit(ExitStatus.refused)
        }
        let arguments = GlobalOptions.reordered(Array(CommandLine.arguments.dropFirst()))
        if let code = FastPath.run(arguments) { Foundation.exit(code) }
        main(arguments)
    }
}
