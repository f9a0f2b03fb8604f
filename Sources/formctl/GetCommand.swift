import ArgumentParser
import FormModel
import FormStore

/// `formctl get KEY`: prints the raw value, as `git config --get` does.
struct GetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Print a field's raw value (exit 1 when there is no such field).")

    @Argument(help: "The field's key.")
    var key: String

    @Flag(help: "Print value, state, colour and length as JSON.")
    var json = false

    @OptionGroup var database: DatabaseOptions

    struct Output: Encodable {
        let key: String, value: String, state: String, color: String, length: Int
    }

    func run() throws {
        try Self.printValue(key: key, json: json, path: database.path, create: !database.noCreate)
    }

    /// Prints `key`'s value (or its JSON description); exit 1 when there is
    /// no such field.
    static func printValue(key: String, json: Bool, path: String, create: Bool) throws {
        let field: Field
        do {
            field = try DatabaseOptions.withDatabase(path: path, create: create, readingOnly: true) { database throws(FormStoreError) in
                try database.field(key)
            }
        } catch let exit as ExitCode where exit.rawValue == 64 {
            // A missing key is an answer, not a usage error: `git config --get` exits 1.
            throw ExitCode(1)
        }
        if json {
            Terminal.write(try JSONOutput.encode(Output(key: field.key, value: field.value, state: field.state.rawValue,
                                                        color: field.state.color.rawValue, length: field.length)))
        } else {
            Terminal.write(field.value + "\n")
        }
    }
}
