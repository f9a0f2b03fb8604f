import ArgumentParser
import FormModel
import FormStore
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
        let newValue = try reportingErrors { () throws(FormStoreError) -> String in
            if let value { return value }
            var bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
            if bytes.last == UInt8(ascii: "\n") {
                bytes.removeLast()
                if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            }
            return try FieldInput.value(fromUTF8: bytes, key: key)
        }
        let field = try database.withDatabase { database throws(FormStoreError) in
            try database.setValue(key: key, value: newValue)
        }
        Terminal.write(field.stateLine + "\n")
    }
}
