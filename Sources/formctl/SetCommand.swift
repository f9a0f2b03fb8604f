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

    @Argument(help: "The new value. Leave it out with --stdin.")
    var value: String?

    @Flag(help: "Read the value from standard input (one trailing newline is dropped).")
    var stdin = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if stdin && value != nil { throw ValidationError("Give either a VALUE or --stdin, not both.") }
        if !stdin && value == nil { throw ValidationError("Missing the VALUE (or use --stdin).") }
    }

    func run() throws {
        guard let value else {
            let bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
            let form = database.form
            let field = try reportingErrors { () throws(FormKitError) in try form.set(key, toInput: bytes) }
            return Terminal.write(field.stateLine + "\n")
        }
        try Self.store(key: key, value: value, in: database.form)
    }

    /// Stores `value` in `key` and prints the field's new state.
    static func store(key: String, value: String, in form: FormFile) throws {
        let field = try reportingErrors { () throws(FormKitError) in try form.set(key, to: value) }
        Terminal.write(field.stateLine + "\n")
    }
}
