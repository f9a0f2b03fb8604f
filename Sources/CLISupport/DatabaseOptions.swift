import ArgumentParser
import FormKit

/// Where the database is, shared by every command. Both options may also
/// come before the command's name (`formctl --db PATH get first`):
/// `GlobalOptions` moves them after it before parsing.
public struct DatabaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The form database (default: $FORMCTL_DB, else ./form.db). May also come before the command.", valueName: "path"))
    public var db: String?

    @Flag(name: .long, help: "Fail (exit 66) instead of creating a missing database. May also come before the command.")
    public var noCreate = false

    public init() {}

    /// The form these options name.
    public var form: StoredForm { StoredForm(path: StoredForm.resolvedPath(db), createsMissingFile: !noCreate) }

    /// Runs `body` on the form; an error is printed as `formctl: message`
    /// and ends the command with its documented exit code.
    public func run<T>(_ body: (StoredForm) throws(FormKitError) -> T) throws -> T {
        try reportingErrors { () throws(FormKitError) -> T in try body(form) }
    }
}

/// Runs `body`, turning a `FormKitError` into `formctl: message` on
/// standard error and the exit code FormKit documents for it.
public func reportingErrors<T>(_ body: () throws(FormKitError) -> T) throws -> T {
    do {
        return try body()
    } catch {
        if case .badFile(let problems) = error {
            // One line per problem, `file:line:column: message`, as
            // compilers print them, so that editors can jump to each.
            for problem in problems { Terminal.printError(problem.description) }
        } else {
            Terminal.printError(error.description)
        }
        throw ExitCode(error.exitCode)
    }
}
