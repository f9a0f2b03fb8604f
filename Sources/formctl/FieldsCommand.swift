import ArgumentParser
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

    struct Output: Encodable {
        let key: String, label: String, value: String, state: String, color: String
        let length: Int, page: String, row: Int, position: Int, visible: Bool
        /// Whether the field is shown: `visible` and its `showIf` holding.
        let shown: Bool
        let rules: FieldRules
        /// `{"field": KEY, "equals": VALUE}` or `{"field": KEY, "filled": true}`, or null.
        let showIf: ConditionOutput?

        private enum CodingKeys: String, CodingKey {
            case key, label, value, state, color, length, page, row, position, visible, shown, rules, showIf
        }

        /// Every property, `showIf` as `null` when there is none, so JSON
        /// readers see one shape (as `rules` does).
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(key, forKey: .key)
            try container.encode(label, forKey: .label)
            try container.encode(value, forKey: .value)
            try container.encode(state, forKey: .state)
            try container.encode(color, forKey: .color)
            try container.encode(length, forKey: .length)
            try container.encode(page, forKey: .page)
            try container.encode(row, forKey: .row)
            try container.encode(position, forKey: .position)
            try container.encode(visible, forKey: .visible)
            try container.encode(shown, forKey: .shown)
            try container.encode(rules, forKey: .rules)
            try container.encode(showIf, forKey: .showIf)
        }
    }

    func run() throws {
        let listings = try database.run { form throws(FormKitError) in try form.fieldListings(page: page) }
        if json {
            let output = listings.map { listing in
                let field = listing.field
                return Output(key: field.key, label: field.label, value: field.value, state: field.state.rawValue, color: field.state.color.rawValue,
                              length: field.length, page: listing.page, row: field.row, position: field.position, visible: field.isVisible,
                              shown: listing.isShown, rules: field.rules, showIf: field.showIf.map(ConditionOutput.init))
            }
            Terminal.write(try reportingErrors { () throws(FormKitError) in try JSONText.encode(output) })
            return
        }
        let rows = listings.map { listing in
            let field = listing.field
            return [DisplayText.cell(field.key, limit: 24), DisplayText.cell(field.label, limit: 24), DisplayText.cell(field.value),
                    field.state.rawValue, field.state.color.rawValue, DisplayText.cell(listing.page, limit: 24), String(field.row),
                    listing.isShown ? "yes" : "no"]
        }
        Terminal.write(DisplayText.table(header: ["KEY", "LABEL", "VALUE", "STATE", "COLOR", "PAGE", "ROW", "SHOWN"], rows: rows))
    }
}
