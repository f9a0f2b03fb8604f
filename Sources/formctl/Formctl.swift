import ArgumentParser
import CLISupport
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
        version: version,
        subcommands: [
            SetCommand.self, GetCommand.self, FieldsCommand.self, MinimapCommand.self,
            FieldCommand.self, RowCommand.self, PageCommand.self, TabBarCommand.self, TitleCommand.self, HistoryCommand.self,
            CheckCommand.self, ValuesCommand.self, SubmitCommand.self, ResponsesCommand.self, ApplyCommand.self, ExportCommand.self,
            SummaryCommand.self, RepeatCommand.self, EditCommand.self, ServeLauncher.self,
        ]
    )

    /// formctl's own version.
    static let release = "0.1.0"

    /// What `--version` prints: formctl's version and the database schema
    /// version it writes (the newest migration it carries, so it follows
    /// the migrations without being written down twice), since a database
    /// opened by this formctl is migrated to it and an older formctl then
    /// refuses the file.
    static var version: String { "formctl \(release) (database schema \(StoredForm.schemaVersion))" }

    static func main() {
        // One command, then exit: see StoredForm.keepsClosedConnections. The
        // commands that keep running (edit, minimap --watch) turn it off.
        StoredForm.keepsClosedConnections = true
        if let problem = ArgumentEncoding.problem() {
            Terminal.printError(problem)
            Foundation.exit(ExitStatus.refused)
        }
        let arguments = GlobalOptions.reordered(Array(CommandLine.arguments.dropFirst()))
        if let code = FastPath.run(arguments) { Foundation.exit(code) }
        main(arguments)
    }
}
