import ArgumentParser
import CLISupport
import FormKit

/// `formctl responses`: the stored responses, listed or exported, and
/// each one shown, deleted or opened for editing.
struct ResponsesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "responses",
        abstract: "List or export the stored responses (default: list); show, delete or open one; print a wide-table SELECT.",
        subcommands: [List.self, Show.self, Delete.self, Open.self, SQL.self],
        defaultSubcommand: List.self)
}

/// What `responses --format` prints.
enum ResponseListFormat: String, CaseIterable, ExpressibleByArgument {
    /// Readable columns: id, submitted_at, status and the answers, clipped.
    case table
    case json, jsonl, csv

    /// The export format; nil for the table.
    var export: ResponseExportFormat? { ResponseExportFormat(rawValue: rawValue) }
}

extension ResponsesCommand {
    /// `formctl responses [list]`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the responses, oldest first, as a table or as JSON, JSON Lines or CSV.",
            discussion: """
                The table shows each response's id, submitted_at, status and its shown, non-empty answers \
                (key=value), clipped to the terminal. JSON is one array of {"id", "status", "submitted_at", \
                "values": {key: value}}; JSON Lines one such object per line; CSV (RFC 4180, CRLF) a header row \
                of id,submitted_at,status and one column per field key (a field named id, submitted_at or status \
                is written as values.KEY), then one row per response. The keys are the form's, in form order, \
                then those only older responses have (fields removed since). An answer of a field that was not \
                shown is empty (null in JSON) unless --include-hidden. See docs/responses.md.
                """)

        @Option(help: ArgumentHelp("table, json, jsonl or csv.", valueName: "format"))
        var format: ResponseListFormat = .table

        @Flag(help: "With --format csv: each select_multiple field as one 0/1 column per choice, named KEY/VALUE (as ODK Central exports).")
        var split = false

        @OptionGroup var filter: ResponseFilterOptions
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            if split && format != .csv { throw ValidationError("--split is for --format csv.") }
        }

        func run() throws {
            let form = database.form
            let filter = filter.filter
            guard let export = format.export else { return try printTable(form, filter) }
            let output = BufferedOutput()
            try reportingErrors { () throws(FormKitError) in
                try form.exportResponses(filter, format: export, includesHidden: self.filter.includeHidden, split: split, to: output.append)
            }
            output.flush()
        }

        /// The table: one line per response, its answers clipped to what
        /// the terminal has room for.
        private func printTable(_ form: StoredForm, _ filter: ResponseFilter) throws {
            let includesHidden = self.filter.includeHidden
            var rows: [[String]] = []
            try reportingErrors { () throws(FormKitError) in
                try form.forEachResponse(filter) { response in
                    let answers = response.answers.filter { ($0.isShown || includesHidden) && !$0.value.isEmpty }
                    let summary = answers.isEmpty ? "(no answers)"
                        : answers.map { "\($0.key)=\(DisplayText.escaped($0.value))" }.joined(separator: ", ")
                    rows.append([String(response.id), response.submittedAt, response.status.rawValue, summary])
                }
            }
            guard !rows.isEmpty else { return Terminal.write("no responses\n") }
            let idWidth = rows.map { $0[0].count }.max() ?? 2
            // id, submitted_at (24), status (8), two spaces between columns.
            let room = max(20, (Terminal.columns ?? 100) - max(2, idWidth) - 24 - 8 - 6)
            for index in rows.indices { rows[index][3] = Self.clipped(rows[index][3], to: room) }
            Terminal.write(DisplayText.table(header: ["id", "submitted_at", "status", "answers"], rows: rows))
        }

        /// `text` (already escaped) cut to `limit` characters with an ellipsis.
        static func clipped(_ text: String, to limit: Int) -> String {
            guard text.count > limit else { return text }
            return String(text.prefix(limit - 1)) + "…"
        }
    }
}
