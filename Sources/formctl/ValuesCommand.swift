import ArgumentParser
import FormKit

/// `formctl values`: every field's value, key → value in form order.
struct ValuesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "values",
        abstract: "Print every field's value, key → value in form order, as JSON or CSV.",
        discussion: "Every field is printed, hidden ones too (a hidden field keeps its value). JSON is one object whose keys are in form order; CSV (RFC 4180) is a header row of keys and one row of values, with CRLF line ends. Any Unicode is kept as it is.")

    @Option(help: "json (default) or csv.")
    var format: FormValues.Format = .json

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let values = try database.run { form throws(FormKitError) in try form.values() }
        Terminal.write(values.text(format))
    }
}

extension FormValues.Format: ExpressibleByArgument {}
