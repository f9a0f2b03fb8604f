import FormStore

/// The `SELECT` that `formctl responses sql` prints: the responses as a
/// wide table, one row per response and one column per field key, the
/// same columns (and the same cells) as `responses --format csv`, for
/// `sqlite3 -csv -header form.db "$(formctl responses sql)"`.
///
/// It pivots `answer` with one `max(CASE WHEN a.key = 'KEY' ...)` per key
/// over `response` LEFT JOIN `answer`, grouped by response. An answer of a
/// field that was not shown is NULL (an empty cell), as in the export,
/// unless `includesHidden`. Keys are written as SQL string literals and
/// column names as quoted identifiers, each with its quotes doubled, so a
/// key cannot change the statement whatever it holds.
public struct ResponseSQL: Sendable {
    /// The field keys, in column order (`StoredForm.responseKeys`).
    public var keys: [String]
    /// Which responses; nil fields choose all.
    public var filter: ResponseFilter
    /// Whether the kept values of fields that were not shown are selected.
    public var includesHidden: Bool

    /// The statement for `keys`, `filter` and `includesHidden`.
    public init(keys: [String], filter: ResponseFilter = ResponseFilter(), includesHidden: Bool = false) {
        self.keys = keys
        self.filter = filter
        self.includesHidden = includesHidden
    }

    /// The statement, one column to a line, ending in `;` and a newline.
    public var text: String {
        let header = ResponseExport(format: .csv, keys: keys).csvHeader
        var columns = ["r.id AS id", "r.submitted_at AS submitted_at", "r.status AS status"]
        let shown = includesHidden ? "" : " AND a.shown = 1"
        for (key, name) in zip(keys, header.dropFirst(ResponseExport.metaColumns.count)) {
            columns.append("max(CASE WHEN a.key = \(Self.literal(key))\(shown) THEN a.value END) AS \(Self.identifier(name))")
        }
        var sql = "SELECT " + columns.joined(separator: ",\n       ")
            + "\nFROM response AS r LEFT JOIN answer AS a ON a.response_id = r.id"
        let conditions = self.conditions
        if !conditions.isEmpty { sql += "\nWHERE " + conditions.joined(separator: " AND ") }
        return sql + "\nGROUP BY r.id\nORDER BY r.id;\n"
    }

    /// The filter as conditions on `r`.
    private var conditions: [String] {
        var conditions = Self.conditions(filter, on: "r.")
        if let limit = filter.limit {
            // The last `limit` of the chosen responses, as the export lists them.
            var inner = "SELECT id FROM response"
            let own = Self.conditions(filter, on: "")
            if !own.isEmpty { inner += " WHERE " + own.joined(separator: " AND ") }
            conditions.append("r.id IN (\(inner) ORDER BY id DESC LIMIT \(max(0, limit)))")
        }
        return conditions
    }

    /// The status and time conditions of `filter` on the columns of `table` (`r.` or none).
    private static func conditions(_ filter: ResponseFilter, on table: String) -> [String] {
        var conditions: [String] = []
        if let status = filter.status { conditions.append("\(table)status = \(literal(status.rawValue))") }
        if let since = filter.submittedSince { conditions.append("\(table)submitted_at >= \(literal(since))") }
        return conditions
    }

    /// `text` as an SQL string literal.
    static func literal(_ text: String) -> String { quoted(text, by: "'") }

    /// `name` as an SQL identifier.
    static func identifier(_ name: String) -> String { quoted(name, by: "\"") }

    /// `text` between two `quote`s, each `quote` in it doubled. Scalars,
    /// not characters: a quote followed by a combining mark is one
    /// `Character` that is not a quote, but SQLite still reads the quote.
    private static func quoted(_ text: String, by quote: Unicode.Scalar) -> String {
        var result = String.UnicodeScalarView()
        result.append(quote)
        for scalar in text.unicodeScalars {
            if scalar == quote { result.append(quote) }
            result.append(scalar)
        }
        result.append(quote)
        return String(result)
    }
}

extension StoredForm {
    /// The `SELECT` giving the responses `filter` chooses as a wide table,
    /// the columns of `responses --format csv` (`ResponseSQL`).
    public func responsesSQL(_ filter: ResponseFilter = ResponseFilter(), includesHidden: Bool = false) throws(FormKitError) -> String {
        ResponseSQL(keys: try responseKeys(filter), filter: filter, includesHidden: includesHidden).text
    }
}
