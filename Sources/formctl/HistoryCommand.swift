import ArgumentParser
import FormKit

/// `formctl history`: every change of a value, oldest first.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show the changes of values (also those made with sqlite3), oldest first.")

    @Argument(help: "Only this field's changes.") var key: String?
    @Flag(help: "Print the changes as JSON.") var json = false
    @Option(help: "Only the last N changes.") var limit: Int?
    @OptionGroup var database: DatabaseOptions

    func validate() throws { try OptionRange.check(limit, "--limit", in: OptionRange.limit) }

    func run() throws {
        let entries = try database.run { form throws(FormKitError) in try form.history(of: key, limit: limit) }
        if json {
            Terminal.write(try reportingErrors { () throws(FormKitError) in try JSONText.encode(entries) })
            return
        }
        func quoted(_ value: String) -> String { "\"" + DisplayText.cell(value, limit: 30) + "\"" }
        var text = ""
        for entry in entries {
            let change = switch (entry.oldValue, entry.newValue) {
            case (nil, let new?): "added with \(quoted(new))"
            case (let old?, nil): "removed, was \(quoted(old))"
            case (let old?, let new?): "\(quoted(old)) → \(quoted(new))"
            case (nil, nil): "no value"
            }
            text += "\(entry.changedAt)  \(DisplayText.escaped(entry.key))  \(change)  (\(entry.source.rawValue))\n"
        }
        Terminal.write(text)
    }
}
