import ArgumentParser
import CLISupport
import FormKit
import FormText

/// `formctl history`: every change of a value, oldest first.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show the changes of values (also those made with sqlite3) and the responses stored or deleted, oldest first.",
        discussion: "A response's rows read `response 3 stored (complete)`, `response 3 draft -> complete` (a draft submitted again) and `response 3 deleted (was complete)`; with --json they are the raw rows (key #ID, old and new value the status before and after) with a response field holding the id.")

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
        func quoted(_ value: String) -> String { MessageQuote.quoted(value, limit: 30) }
        var text = ""
        for entry in entries {
            if let id = entry.responseID {
                text += "\(entry.changedAt)  \(Self.responseChange(id, entry))  (\(entry.source.rawValue))\n"
                continue
            }
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

    /// A response's history row in words (its values are statuses).
    static func responseChange(_ id: Int64, _ entry: HistoryEntry) -> String {
        func status(_ value: String) -> String { DisplayText.cell(value, limit: 30) }
        return switch (entry.oldValue, entry.newValue) {
        case (nil, let new?): "response \(id) stored (\(status(new)))"
        case (let old?, nil): "response \(id) deleted (was \(status(old)))"
        case (let old?, let new?) where old == new: "response \(id) submitted again (\(status(new)))"
        case (let old?, let new?): "response \(id) \(status(old)) → \(status(new))"
        case (nil, nil): "response \(id)"
        }
    }
}
