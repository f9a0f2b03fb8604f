import ArgumentParser
import CLISupport
import FormKit
import Foundation

/// `formctl set KEY VALUE`: stores a value and prints its new state.
struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Store a field's value and print its new state.",
        discussion: "Any value is accepted (a half-filled form is normal); the state says how it stands: empty, short, valid or invalid.")

    @Argument(help: "The field's key (see `formctl fields`).")
    var key: String

    @Argument(help: ArgumentHelp(
        "The new value. Leave it out with --stdin.",
        discussion: "A typed field takes its type's forms (42, 0.5, yes, 2026-03-01, 09:30); a select takes one argument whole when it is a choice's value or label (\"Vitamin A\"); a select_multiple takes several values, as several arguments, a JSON array, or one with spaces or commas."))
    var values: [String] = []

    @Flag(help: "Read the value from standard input (one trailing newline is dropped).")
    var stdin = false

    @Flag(help: "Change a read-only field (read_only: true) too; without it, setting one is refused (exit 64).")
    var force = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if stdin && !values.isEmpty { throw ValidationError("Give either a VALUE or --stdin, not both.") }
        if !stdin && values.isEmpty { throw ValidationError("Missing the VALUE (or use --stdin).") }
    }

    func run() throws {
        if values.count > 1 {
            // Several values: a select_multiple's selection, and nothing else.
            let form = database.form
            let field = try reportingErrors { () throws(FormKitError) in try form.field(key) }
            guard field.rules.type == .selectMultiple else {
                throw ValidationError("\(key) is a \(field.rules.type.rawValue) field and takes one value (\(values.count) given): quote a value that holds spaces.")
            }
            return try Self.store(key: key, value: SelectionValue.encode(values), in: form, force: force)
        }
        guard let value = values.first else {
            let bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
            let form = database.form
            let field = try reportingErrors { () throws(FormKitError) in try form.set(key, toInput: bytes, force: force) }
            return Terminal.write(field.stateLine + "\n")
        }
        try Self.store(key: key, value: value, in: database.form, force: force)
    }

    /// Stores `value` in `key` and prints the field's new state.
    static func store(key: String, value: String, in form: StoredForm, force: Bool = false) throws {
        let field = try reportingErrors { () throws(FormKitError) in try form.set(key, to: value, force: force) }
        Terminal.write(field.stateLine + "\n")
    }
}
