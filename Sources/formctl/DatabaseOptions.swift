import ArgumentParser
import FormModel
import FormStore
import Foundation

/// Where the database is, shared by every command.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The form database.", valueName: "path"))
    var db: String?

    @Flag(name: .long, help: "Fail (exit 66) instead of creating a missing database.")
    var noCreate = false

    /// `--db`, else `$FORMCTL_DB`, else `./form.db`.
    var path: String { Self.resolvePath(db) }

    /// Opens the database (creating it with the seed form unless told not
    /// to) and runs `body`; store errors become a message and an exit code.
    func withDatabase<T>(_ body: (FormDatabase) throws(FormStoreError) -> T) throws -> T {
        try Self.withDatabase(path: path, create: !noCreate, body)
    }

    /// `withDatabase(_:)` for commands that only read: a database formctl
    /// may not write is opened for reading instead of refused.
    func readingDatabase<T>(_ body: (FormDatabase) throws(FormStoreError) -> T) throws -> T {
        try Self.withDatabase(path: path, create: !noCreate, readingOnly: true, body)
    }

    /// `db`, else `$FORMCTL_DB`, else `./form.db`.
    static func resolvePath(_ db: String?) -> String {
        if let db { return db }
        if let fromEnvironment = ProcessInfo.processInfo.environment["FORMCTL_DB"], !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        return "form.db"
    }

    /// `withDatabase(_:)` for a path already resolved.
    static func withDatabase<T>(path: String, create: Bool, readingOnly: Bool = false,
                                _ body: (FormDatabase) throws(FormStoreError) -> T) throws -> T {
        try reportingErrors { () throws(FormStoreError) -> T in
            let database: FormDatabase
            do throws(FormStoreError) {
                database = try FormDatabase.open(path: path, create: create, minimap: minimapLayout)
            } catch {
                guard readingOnly, case .readOnly = error else { throw error }
                database = try FormDatabase.openForReading(path: path, minimap: minimapLayout)
            }
            defer { try? database.close() }
            return try body(database)
        }
    }

    /// The model layer's minimap: the form laid out as seed 002 does it.
    static let minimapLayout: MinimapLayout = { form in FormPicture(form: form).minimapRects }
}

/// Runs `body`, turning a `FormStoreError` into `formctl: message` on
/// standard error and the documented exit code.
func reportingErrors<T>(_ body: () throws(FormStoreError) -> T) throws -> T {
    do {
        return try body()
    } catch {
        Terminal.printError(error.description)
        throw ExitCode(error.exitCode)
    }
}

extension FormStoreError {
    /// The exit code documented in the README for this error.
    var exitCode: Int32 {
        switch self {
        case .unknownField, .unknownRow, .duplicateField, .outOfRange, .rowNotEmpty: 64
        case .invalidValue: 65
        case .noDatabase, .noFolder: 66
        case .notADatabase, .notAFormDatabase: 74
        case .busy: 75
        case .readOnly: 77
        case .schemaTooNew: 78
        case .underlying: 70
        }
    }
}
