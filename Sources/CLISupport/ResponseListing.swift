import FormKit

/// `formctl responses [list]`'s work, the same whether the responses are
/// in the SQLite file (`formctl`) or in PostgreSQL (`formctl-serve`, with a
/// `source`): one code path, so the output is the same bytes.
public enum ResponseListing {
    /// Prints the responses `options` choose, from `source` when given.
    public static func run(_ options: ResponseListOptions, source: (any ResponseSource)?) throws {
        let form = options.database.form
        let filter = options.filter.filter
        guard let export = options.format.export else { return try printTable(form, filter, options, source: source) }
        let output = BufferedOutput()
        try reportingErrors { () throws(FormKitError) in
            if let repeatPath = options.repeatPath {
                try form.exportInstances(of: repeatPath, filter, includesHidden: options.filter.includeHidden, split: options.split,
                                         from: source, to: output.append)
            } else {
                try form.exportResponses(filter, format: export, includesHidden: options.filter.includeHidden, split: options.split,
                                         from: source, to: output.append)
            }
        }
        output.flush()
    }

    /// The table: one line per response, its answers clipped to what
    /// the terminal has room for.
    private static func printTable(_ form: StoredForm, _ filter: ResponseFilter, _ options: ResponseListOptions,
                                   source: (any ResponseSource)?) throws {
        let includesHidden = options.filter.includeHidden
        // Drafts listed alone show their age: since the last write of
        // a respondent's draft (serve --collect), which the sweep
        // counts its TTL from.
        let showsAge = filter.status == .draft
        var rows: [[String]] = []
        try reportingErrors { () throws(FormKitError) in
            var ages: [Int64: Int64] = [:]
            if showsAge { ages = if let source { try source.draftAges() } else { try form.draftAges() } }
            let body = { (response: FormResponse) in
                let answers = response.answers.filter { ($0.isShown || includesHidden) && !$0.value.isEmpty }
                let summary = answers.isEmpty ? "(no answers)"
                    : answers.map { "\($0.key)=\(DisplayText.escaped($0.value))" }.joined(separator: ", ")
                var row = [String(response.id), response.submittedAt, response.status.rawValue]
                if showsAge { row.append(age(seconds: ages[response.id] ?? 0)) }
                rows.append(row + [summary])
            }
            if let source {
                try source.forEachResponse(filter, body)
            } else {
                try form.forEachResponse(filter, body)
            }
        }
        guard !rows.isEmpty else { return Terminal.write("no responses\n") }
        let idWidth = rows.map { $0[0].count }.max() ?? 2
        // id, submitted_at (24), status (8), age (8), two spaces between columns.
        let room = max(20, (Terminal.columns ?? 100) - max(2, idWidth) - 24 - 8 - 6 - (showsAge ? 10 : 0))
        let last = showsAge ? 4 : 3
        for index in rows.indices { rows[index][last] = clipped(rows[index][last], to: room) }
        let header = showsAge ? ["id", "submitted_at", "status", "age", "answers"] : ["id", "submitted_at", "status", "answers"]
        Terminal.write(DisplayText.table(header: header, rows: rows))
    }

    /// An age in its two largest units: `3d 4h`, `2h 5m`, `5m 12s`, `12s`.
    public static func age(seconds: Int64) -> String {
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
    public static func clipped(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }
}
