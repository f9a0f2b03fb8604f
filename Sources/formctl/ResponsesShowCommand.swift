import ArgumentParser
import CLISupport
import FormKit

extension ResponsesCommand {
    /// `formctl responses show ID`: every answer of one response.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Print one response: every answer with its field's key and label as they were, marking fields that were not shown.",
            discussion: "A field that was not shown (hidden, or its show_if not holding) kept a value but gave no answer: it is marked (not shown). With --json: {\"id\", \"status\", \"created_at\", \"submitted_at\", \"answers\": [{\"key\", \"label\", \"value\", \"shown\"}]}. An unknown id exits 64, naming the ids there are.")

        @OptionGroup var response: ResponseIDArgument

        @Flag(help: "Print the response as JSON.")
        var json = false

        @OptionGroup var database: DatabaseOptions

        struct Output: Encodable {
            struct Answer: Encodable {
                let key: String, label: String, value: String, shown: Bool
            }
            let id: Int64, status: String
            let created_at: String, submitted_at: String
            let answers: [Answer]
        }

        func run() throws {
            let id = response.id
            let response = try database.run { form throws(FormKitError) in try form.response(id) }
            if json {
                let output = Output(id: response.id, status: response.status.rawValue, created_at: response.createdAt,
                                    submitted_at: response.submittedAt,
                                    answers: response.answers.map { .init(key: $0.key, label: $0.label, value: $0.value, shown: $0.isShown) })
                return Terminal.write(try reportingErrors { () throws(FormKitError) in try JSONText.encode(output) })
            }
            var text = "response \(response.id) (\(response.status.rawValue)), submitted \(response.submittedAt)"
            if response.createdAt != response.submittedAt { text += ", first stored \(response.createdAt)" }
            text += "\n"
            let rows = response.answers.map { answer in
                [DisplayText.escaped(answer.key), DisplayText.escaped(answer.label),
                 DisplayText.escaped(answer.value) + (answer.isShown ? "" : (answer.value.isEmpty ? "" : "  ") + "(not shown)")]
            }
            text += rows.isEmpty ? "no answers\n" : DisplayText.table(header: ["key", "label", "value"], rows: rows)
            Terminal.write(text)
        }
    }

    /// `formctl responses delete ID`.
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete one response and its answers; history records its id, the time and its status, not the answers.")

        @OptionGroup var response: ResponseIDArgument
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let id = response.id
            let deleted = try database.run { form throws(FormKitError) in try form.deleteResponse(id) }
            Terminal.write("deleted response \(deleted.id) (\(deleted.status.rawValue))\n")
        }
    }

    /// `formctl responses open ID`.
    struct Open: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "open",
            abstract: "Load a draft's values into the form for editing; the next submit replaces that draft.",
            discussion: "Only a draft opens (a complete response exits 64). While the form holds non-empty values that were not submitted, open refuses (exit 64) and says how to submit or clear them first (formctl values --clear), unless --force is given. Each value that changes gets a history row, as with values --load; the fields the draft has no answer for are emptied.")

        @OptionGroup var response: ResponseIDArgument

        @Flag(help: "Open the draft even though the form holds values that were not submitted (they stay in history).")
        var force = false

        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let id = response.id, force = force
            let (response, update) = try database.run { form throws(FormKitError) in try form.openResponse(id, force: force) }
            Terminal.write(update.changed.map { $0.stateLine + "\n" }.joined()
                + "draft \(response.id) open for editing (\(ValuesCommand.summary(update))); formctl submit replaces it\n")
        }
    }

    /// `formctl responses sql`.
    struct SQL: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sql",
            abstract: "Print the SQL query that gives one row per response and one column per field key, as --format csv does.",
            discussion: "The columns are id, submitted_at, status and the field keys, those of responses --format csv, with the same filters; an answer of a field that was not shown is NULL unless --include-hidden. For the wide table in sqlite3: sqlite3 -csv -header form.db \"$(formctl responses sql)\". See docs/responses.md.")

        @OptionGroup var filter: ResponseFilterOptions
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let filter = filter.filter, includesHidden = self.filter.includeHidden
            Terminal.write(try database.run { form throws(FormKitError) in try form.responsesSQL(filter, includesHidden: includesHidden) })
        }
    }
}
