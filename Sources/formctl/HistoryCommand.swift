import ArgumentParser
import FormStore

/// `formctl history`: every change of a value, oldest first.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show the changes of values (also those made with sqlite3), oldest first.")

    @Argument(help: "Only this field's changes.") var key: String?
    @Flag(help: "Print the changes as JSON.") var json = false
    @Option(help: "Only the last N changes.") var limit: Int?
    @OptionGroup var database: DatabaseOptions

    func run() throws {
        var entries = try database.withDatabase { db throws(FormStoreError) in try db.history(key: key) }
        if let limit, limit >= 0, entries.count > limit { entries = Array(entries.suffix(limit)) }
        if json {
            Terminal.write(try JSONOutput.encode(entries))
            return
        }
        func show(_ value: String?) -> String { value.map { "\"" + DisplayText.cell($0, limit: 30) + "\"" } ?? "∅" }
        var text = ""
        for entry in entries {
            text += "\(entry.changedAt)  \(DisplayText.escaped(entry.key))  \(show(entry.oldValue)) → \(show(entry.newValue))  (\(entry.source.rawValue))\n"
        }
        Terminal.write(text)
    }
}
