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

            Exit codes: 0 success; 1 no such field (get) or a field not valid (check); \
            64 usage (bad arguments, a number out of its range, unknown field, row or page, \
            width or tab bar height out of range, removing a row or page that still holds fields \
            or the last page, a --db that \
            cannot name a file: empty, :memory:, file: URIs, a trailing /, too long); \
            65 value refused (invalid UTF-8, NUL, bad pattern); 66 no database (or \
            its folder, or a path through a file or a symbolic link loop); \
            70 internal error; 74 not a formctl SQLite database, corrupt, or holding \
            a value formctl cannot use (the message gives the sqlite3 fix); \
            75 database busy; 77 database read-only or permission denied; \
            78 schema newer than this formctl.
            """,
        version: "0.1.0",
        subcommands: [
            SetCommand.self, GetCommand.self, FieldsCommand.self, MinimapCommand.self,
            FieldCommand.self, RowCommand.self, PageCommand.self, TabBarCommand.self, TitleCommand.self, HistoryCommand.self,
            CheckCommand.self,
            EditCommand.self,
        ]
    )

    static func main() {
        // One command, then exit: see FormFile.keepsClosedConnections. The
        // commands that keep running (edit, minimap --watch) turn it off.
        FormFile.keepsClosedConnections = true
        if let problem = ArgumentEncoding.problem() {
            Terminal.printError(problem)
            Foundation.exit(65)
        }
        let arguments = GlobalOptions.reordered(Array(CommandLine.arguments.dropFirst()))
        if let code = FastPath.run(arguments) { Foundation.exit(code) }
        main(arguments)
    }
}
