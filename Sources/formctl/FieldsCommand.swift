import ArgumentParser
import FormKit

/// `formctl fields`: the fields in form order with their states.
struct FieldsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fields",
        abstract: "List the fields in form order with their states.")

    @Flag(help: "Print the fields as JSON.")
    var json = false

    @OptionGroup var database: DatabaseOptions

    struct Output: Encodable {
        let key: String, label: String, value: String, state: String, color: String
        let length: Int, row: Int, position: Int, visible: Bool
        let rules: FieldRules
    }

    func run() throws {
        let fields = try database.run { form throws(FormKitError) in try form.fields() }
        if json {
            let output = fields.map {
                Output(key: $0.key, label: $0.label, value: $0.value, state: $0.state.rawValue, color: $0.state.color.rawValue,
                       length: $0.length, row: $0.row, position: $0.position, visible: $0.isVisible, rules: $0.rules)
            }
            Terminal.write(try reportingErrors { () throws(FormKitError) in try JSONText.encode(output) })
            return
        }
        let rows = fields.map { field in
            [DisplayText.cell(field.key, limit: 24), DisplayText.cell(field.label, limit: 24), DisplayText.cell(field.value),
             field.state.rawValue, field.state.color.rawValue, String(field.row), field.isVisible ? "yes" : "no"]
        }
        Terminal.write(DisplayText.table(header: ["KEY", "LABEL", "VALUE", "STATE", "COLOR", "ROW", "SHOWN"], rows: rows))
    }
}
