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
                then those only older responses have (fields removed since). In a form with repeats, CSV has a \
                column per path of a field outside repeats (contact.phone) and one per top-level repeat holding its \
                number of instances; --repeat PATH writes that repeat's table instead: one row per instance, \
                response,path (children.2) and its fields by their path in the instance. An answer of a field that was not \
                shown is empty (null in JSON) unless --include-hidden. With --status draft the table adds each draft's \
                age: since its last write for a respondent's draft (serve --collect), else since it was stored. \
                See docs/responses.md.
                """)

        @Option(help: ArgumentHelp("table, json, jsonl or csv.", valueName: "format"))
        var format: ResponseListFormat = .table

        @Flag(help: "With --format csv: each select_multiple field as one 0/1 column per choice, named KEY/VALUE (as ODK Central exports).")
        var split = false

        @Option(name: .customLong("repeat"), help: ArgumentHelp(
            "With --format csv: one row per instance of this repeat (its declared path: children, households.members): response, path, then its fields (as ODK Central exports a repeat).",
            valueName: "path"))
        var repeatPath: String?

        @OptionGroup var filter: ResponseFilterOptions
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            if split && format != .csv { throw ValidationError("--split is for --format csv.") }
            // JSON nests each repeat's instances in their response; only
            // CSV, flat, needs a table per repeat.
            if repeatPath != nil && format != .csv {
                throw ValidationError("--repeat is for --format csv (JSON and JSON Lines nest each repeat's instances in their response).")
            }
        }

        func run() throws {
            let form = database.form
            let filter = filter.filter
            guard let export = format.export else { return try printTable(form, filter) }
            let output = BufferedOutput()
            try reportingErrors { () throws(FormKitError) in
                if let repeatPath {
                    try form.exportInstances(of: repeatPath, filter, includesHidden: self.filter.includeHidden, split: split, to: output.append)
                } else {
                    try form.exportResponses(filter, format: export, includesHidden: self.filter.includeHidden, split: split, to: output.append)
                }
            }
            output.flush()
        }

        /// The table: one line per response, its answers clipped to what
        /// the terminal has room for.
        private func printTable(_ form: StoredForm, _ filter: ResponseFilter) throws {
            let includesHidden = self.filter.includeHidden
            // Drafts listed alone show their age: since the last write of
            // a respondent's draft (serve --collect), which the sweep
            // counts its TTL from.
            let showsAge = filter.status == .draft
            var rows: [[String]] = []
            try reportingErrors { () throws(FormKitError) in
                let ages = showsAge ? try form.draftAges() : [:]
                try form.forEachResponse(filter) { response in
                    let answers = response.answers.filter { ($0.isShown || includesHidden) && !$0.value.isEmpty }
                    let summary = answers.isEmpty ? "(no answers)"
                        : answers.map { "\($0.key)=\(DisplayText.escaped($0.value))" }.joined(separator: ", ")
                    var row = [String(response.id), response.submittedAt, response.status.rawValue]
                    if showsAge { row.append(Self.age(seconds: ages[response.id] ?? 0)) }
                    rows.append(row + [summary])
                }
            }
            guard !rows.isEmpty else { return Terminal.write("no responses\n") }
            let idWidth = rows.map { $0[0].count }.max() ?? 2
            // id, submitted_at (24), status (8), age (8), two spaces between columns.
            let room = max(20, (Terminal.columns ?? 100) - max(2, idWidth) - 24 - 8 - 6 - (showsAge ? 10 : 0))
            let last = showsAge ? 4 : 3
            for index in rows.indices { rows[index][last] = Self.clipped(rows[index][last], to: room) }
            let header = showsAge ? ["id", "submitted_at", "status", "age", "answers"] : ["id", "submitted_at", "status", "answers"]
            Terminal.write(DisplayText.table(header: header, rows: rows))
        }

        /// An age in its two largest units: `3d 4h`, `2h 5m`, `5m 12s`, `12s`.
        static func age(seconds: Int64) -> String {
            let seconds = max(0, seconds)
            let units: [(String, Int64)] = [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)]
            guard let first = units.firstIndex(where: { seconds >= $0.1 }) else { return "0s" }
            let (name, size) = units[first]
            var text = "\(seconds / size)\(name)"
            if first + 1 < units.count {
                let (nextName, nextSize) = units[first + 1]
                let rest = (seconds % size) / nextSize
                if rest > 0 { text += " \(rest)\(nextName)" }
            }
            return text
        }

        /// `text` (already escaped) cut to `limit` characters with an ellipsis.
        static func clipped(_ text: String, to limit: Int) -> String {
            guard text.count > limit else { return text }
            return String(text.prefix(limit - 1)) + "…"
        }
    }
}
