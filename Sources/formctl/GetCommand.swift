import ArgumentParser
import CLISupport
import FormKit

/// `formctl get KEY`: prints the raw value, as `git config --get` does.
struct GetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Print a field's raw value (exit 1 when there is no such field).")

    @Argument(help: "The field's key.")
    var key: String

    @Flag(help: "Print value, state, colour, length, visible (the stored flag) and shown (visible, and its show_if holding) as JSON.")
    var json = false

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        try Self.printValue(key: key, json: json, form: database.form)
    }

    /// Prints `key`'s value (or its JSON description); exit 1 when there is
    /// no such field (FormKit's `fieldNotFound`).
    static func printValue(key: String, json: Bool, form: StoredForm) throws {
        if json {
            let (field, shown) = try reportingErrors { () throws(FormKitError) in try form.shownField(key) }
            let output = FieldJSON(field, isShown: shown)
            Terminal.write(try reportingErrors { () throws(FormKitError) in try JSONText.encode(output) })
        } else {
            let field = try reportingErrors { () throws(FormKitError) in try form.field(key) }
            Terminal.write(field.value + "\n")
        }
    }
}
