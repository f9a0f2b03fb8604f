import ArgumentParser
import CLISupport
import FormKit

/// `formctl fields`: the fields in form order with their states.
struct FieldsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fields",
        abstract: "List the fields in form order with their states.")

    @Flag(help: "Print the fields as JSON.")
    var json = false

    @Option(help: "Only the fields of this page.")
    var page: String?

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let listings = try database.run { form throws(FormKitError) in try form.fieldListings(page: page) }
        if json {
            let output = listings.map(FieldListingJSON.init)
            Terminal.write(try reportingErrors { () throws(FormKitError) in try JSONText.encode(output) })
            return
        }
        let rows = listings.map { listing in
            let field = listing.field
            return [DisplayText.cell(field.key, limit: 24), DisplayText.cell(field.label, limit: 24), field.rules.type.rawValue,
                    DisplayText.cell(field.value),
                    field.state.rawValue, field.state.color.rawValue, DisplayText.cell(listing.page, limit: 24), String(field.row),
                    listing.isShown ? "yes" : "no"]
        }
        Terminal.write(DisplayText.table(header: ["KEY", "LABEL", "TYPE", "VALUE", "STATE", "COLOR", "PAGE", "ROW", "SHOWN"], rows: rows))
    }
}
