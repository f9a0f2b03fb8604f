import FormModel
import GRDB

/// The `form_group` table (migration 0013): one row per group, repeat and
/// instance of the form, expanded, and the `group_path` of `form_row`.
enum GroupTable {
    /// The migration that adds groups (0013_groups).
    static let version = 13

    private static let columns = """
        path, kind, page, first_row, title, hint, show_if, min_count, max_count, unique_items, item_title, add_label, body
        """

    /// Every group, repeat and instance in the order they were written
    /// (outer before inner, form order). A row formctl cannot use is
    /// reported with the SQL that mends it (`StoredRow`).
    static func groups(_ db: Database) throws -> [FormGroup] {
        let rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT \(columns) FROM form_group ORDER BY rowid"))
        guard let first = rows.first else { return [] }
        let index = ColumnIndex(first)
        return try rows.map { try group(from: $0, columns: index) }
    }

    /// The group, repeat or instance at `path`; nil when there is none.
    static func group(_ path: String, _ db: Database) throws -> FormGroup? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT \(columns) FROM form_group WHERE path = ?"), arguments: [path])
            .map { try group(from: $0, columns: ColumnIndex($0)) }
    }

    private static func group(from row: Row, columns index: ColumnIndex) throws -> FormGroup {
        let unnamed = StoredRow(row, table: "form_group", identity: "", columns: index)
        let stored = unnamed.identified(as: "path = \(StoredRow.sql(try unnamed.raw("path")))")
        let path = try stored.text("path")
        let kindText = try stored.text("kind", replacement: "'group'")
        guard let kind = FormGroup.Kind(rawValue: kindText) else {
            try stored.mismatch("kind", expected: "'group', 'repeat' or 'instance'", replacement: "'group'")
        }
        var group = FormGroup(
            path: path, kind: kind, page: try stored.text("page", replacement: "'main'"),
            firstRow: try stored.integer("first_row", in: 1...1_000_001, replacement: "1"),
            title: try stored.optionalText("title"), hint: try stored.optionalText("hint"))
        if let json = try stored.optionalText("show_if") {
            guard let condition = StoredCondition.condition(from: json) else {
                try stored.mismatch("show_if", expected: "NULL, or a condition as JSON ({\"field\":\"KEY\",\"filled\":true})", replacement: "NULL")
            }
            group.showIf = condition
        }
        if kind == .repeat {
            let minCount = try stored.optionalInteger("min_count", in: 0...10_000) ?? 0
            let body = try stored.optionalText("body") ?? "{}"
            group.repeatRules = RepeatRules(
                minCount: minCount, maxCount: try stored.optionalInteger("max_count", in: 1...10_000),
                unique: try stored.boolean("unique_items"), itemTitle: try stored.optionalText("item_title"),
                addLabel: try stored.optionalText("add_label"), body: body, isList: body.hasPrefix("{\"field\""))
        }
        return group
    }

    /// Makes the table hold `groups`, replacing what it held (a few rows
    /// per group and instance: rewritten whole, in order).
    static func write(_ groups: [FormGroup], _ db: Database) throws {
        try db.execute(sql: "DELETE FROM form_group")
        try append(groups, db)
    }

    /// Adds `groups` after those the table holds (in form order: outer before inner).
    static func append(_ groups: [FormGroup], _ db: Database) throws {
        guard !groups.isEmpty else { return }
        let insert = try db.cachedStatement(sql: "INSERT INTO form_group (\(columns), parent) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        for group in groups {
            let rules = group.repeatRules
            let values: [(any DatabaseValueConvertible)?] = [
                group.path, group.kind.rawValue, group.page, group.firstRow, group.title, group.hint,
                group.showIf.map(StoredCondition.text(of:)), rules?.minCount, rules?.maxCount, rules.map { $0.unique ? 1 : 0 },
                rules?.itemTitle, rules?.addLabel, rules?.body, group.parent,
            ]
            try insert.execute(arguments: StatementArguments(values))
        }
    }

    /// Gives each row of `rows` its group (`form_row.group_path`) where it differs from `stored`'s.
    static func writeRowGroups(_ rows: [FormRow], _ db: Database) throws {
        let update = try db.cachedStatement(sql: "UPDATE form_row SET group_path = ? WHERE number = ? AND group_path IS NOT ?")
        for row in rows { try update.execute(arguments: [row.group, row.number, row.group]) }
    }

    /// Each row's group, by number (`form_row.group_path`), from row `firstRow` on.
    static func rowGroups(_ db: Database, from firstRow: Int? = nil) throws -> [Int: String] {
        var groups: [Int: String] = [:]
        let select = "SELECT number, group_path FROM form_row WHERE group_path IS NOT NULL"
        // Without a first row, no more condition (see `FormTables.rows`).
        let rows = if let firstRow {
            try Row.fetchAll(db.cachedStatement(sql: select + " AND number >= ?"), arguments: [firstRow])
        } else {
            try Row.fetchAll(db.cachedStatement(sql: select))
        }
        for row in rows {
            // Decoded, not subscripted: a value someone wrote with sqlite3
            // is an error to report, not a trap.
            groups[try row.decode(Int.self, forColumn: "number")] = try row.decode(String.self, forColumn: "group_path")
        }
        return groups
    }

    /// The group, repeat or instance row `number` belongs to; nil for a
    /// top-level row (or a database from before groups).
    static func group(ofRow number: Int, _ db: Database) throws -> String? {
        guard try db.tableExists("form_group") else { return nil }
        return try String.fetchOne(db, sql: "SELECT group_path FROM form_row WHERE number = ?", arguments: [number])
    }

    /// Moves where groups start after rows from `number` on were renumbered
    /// by `delta` (a row inserted at `number`: +1; removed: -1, for the
    /// groups after it).
    static func shiftFirstRows(from number: Int, by delta: Int, _ db: Database) throws {
        guard try db.tableExists("form_group") else { return }
        try db.execute(sql: "UPDATE form_group SET first_row = first_row + ? WHERE first_row >= ?", arguments: [delta, number])
    }
}
