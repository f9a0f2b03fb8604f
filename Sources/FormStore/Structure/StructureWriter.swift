import FormModel
import GRDB

/// Writes the difference between the stored form and a target form (`formctl
/// apply`): only the pages, rows and fields that differ, with statements
/// prepared once, so that a change to a form of ten thousand fields writes
/// what changed and nothing else. Runs inside the caller's write transaction;
/// the caller refreshes the derived data once, after it.
///
/// Pages and fields are matched by key, rows by page and place on the page
/// (the second row of page `contact` stays the second row of `contact`,
/// whatever its number in the whole form). A field that stays keeps its row
/// in the `field` table, and so its value and id.
enum StructureWriter {
    /// Makes the tables hold `target`, which was computed from `current`
    /// (what they hold now): every field of `target` keeps the value it has
    /// there, fields `target` lacks are removed (their values go to
    /// `history` through the delete trigger).
    static func write(from current: FormDefinition, to target: FormDefinition, _ db: Database) throws {
        // Rows move to free numbers and pages go before their rows do: the
        // foreign keys hold again at the commit, where they are checked.
        try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
        try writeForm(current, target, db)
        try writePages(current, target, db)
        let rows = try moveRows(current, target, db)
        try writeFields(current, target, rowNumbers: rows.numbers, db)
        let delete = try db.cachedStatement(sql: "DELETE FROM form_row WHERE number = ?")
        for number in rows.removed {
            try delete.execute(arguments: [number])
        }
        if !current.groups.isEmpty || !target.groups.isEmpty {
            try GroupTable.writeRowGroups(target.rows, db)
            if current.groups != target.groups { try GroupTable.write(target.groups, db) }
        }
    }

    // MARK: The form row

    private static func writeForm(_ current: FormDefinition, _ target: FormDefinition, _ db: Database) throws {
        if try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM form") == 0 {
            try FormTables.insertForm(titleTemplate: target.titleTemplate, minimapWidth: target.minimapWidth, db)
        } else if current.titleTemplate != target.titleTemplate {
            try db.execute(sql: "UPDATE form SET title_template = ? WHERE id = 1", arguments: [target.titleTemplate])
        }
        if current.tabBar != target.tabBar {
            try db.execute(sql: "UPDATE form SET tab_bar_height = ?, tab_bar_hidden = ? WHERE id = 1",
                           arguments: [target.tabBar.height, target.tabBar.isHidden])
        }
        if current.selectedPage != target.selectedPage {
            try db.execute(sql: "UPDATE form SET selected_page = ? WHERE id = 1", arguments: [target.selectedPage])
        }
        // The refresh after the write lays the form out again, mirrored or not.
        if current.direction != target.direction {
            try db.execute(sql: "UPDATE form SET direction = ? WHERE id = 1", arguments: [target.direction.rawValue])
        }
        if current.language != target.language {
            try db.execute(sql: "UPDATE form SET language = ? WHERE id = 1", arguments: [target.language])
        }
    }

    // MARK: Pages

    private static func writePages(_ current: FormDefinition, _ target: FormDefinition, _ db: Database) throws {
        let wanted = Set(target.pages.map(\.key))
        let deletePage = try db.cachedStatement(sql: "DELETE FROM page WHERE key = ?")
        for page in current.pages where !wanted.contains(page.key) {
            try deletePage.execute(arguments: [page.key])
        }
        // What the table holds (a page rows name but the table lost is
        // listed by `current`, not stored: it is inserted again).
        var stored: [String: (title: String, position: Int)] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT key, title, position FROM page") {
            stored[try row.decode(String.self, forColumn: "key")] =
                (try row.decode(String.self, forColumn: "title"), try row.decode(Int.self, forColumn: "position"))
        }
        // Positions are unique and checked row by row: when any page moves,
        // every page first moves above all positions, where none collide.
        if target.pages.contains(where: { page in stored[page.key].map { $0.position != page.position } ?? false }) {
            let highest = stored.values.map(\.position).max() ?? 0
            try db.execute(sql: "UPDATE page SET position = position + ?", arguments: [max(highest, target.pages.count)])
            for key in stored.keys { stored[key]?.position = -1 }
        }
        let insertPage = try db.cachedStatement(sql: "INSERT INTO page (key, title, position) VALUES (?, ?, ?)")
        let updatePage = try db.cachedStatement(sql: "UPDATE page SET title = ?, position = ? WHERE key = ?")
        for page in target.pages {
            guard let now = stored[page.key] else {
                try insertPage.execute(arguments: [page.key, page.title, page.position])
                continue
            }
            if now.title != page.title || now.position != page.position {
                try updatePage.execute(arguments: [page.title, page.position, page.key])
            }
        }
    }

    // MARK: Rows

    /// The rows of `form` on each page, top to bottom.
    static func rowsByPage(_ form: FormDefinition) -> [String: [FormRow]] {
        Dictionary(grouping: form.rows.sorted { $0.number < $1.number }, by: \.page)
    }

    /// Gives the rows that stay their numbers in `target` (their fields
    /// follow through `ON UPDATE CASCADE`), inserts the new ones, sets
    /// widths and ranges; the rows that go are parked above every number
    /// and returned, to be deleted once their fields have gone or moved.
    /// `numbers` maps each stored row's number to its new one.
    private static func moveRows(_ current: FormDefinition, _ target: FormDefinition, _ db: Database)
        throws -> (numbers: [Int: Int], removed: [Int]) {
        let targetRows = rowsByPage(target)
        var matched: [Int: FormRow] = [:] // stored number → target row
        for (page, rows) in rowsByPage(current) {
            let wanted = targetRows[page] ?? []
            for (index, row) in rows.enumerated() where index < wanted.count {
                matched[row.number] = wanted[index]
            }
        }
        // Rows that change number or go move above every number first, one
        // at a time, so that no two ever share one.
        let moving = current.rows.map(\.number).filter { matched[$0]?.number != $0 }.sorted()
        var parked: [Int: Int] = [:]
        if !moving.isEmpty {
            let base = max(current.rows.map(\.number).max() ?? 0, target.rows.count)
            guard base + moving.count <= 1_000_000 else {
                throw FormStoreError.invalidValue(key: "rows", reason: "a form has at most 1000000 rows")
            }
            let renumber = try db.cachedStatement(sql: "UPDATE form_row SET number = ? WHERE number = ?")
            for (index, number) in moving.enumerated() {
                try renumber.execute(arguments: [base + 1 + index, number])
                parked[number] = base + 1 + index
            }
            for number in moving {
                guard let row = matched[number], let temporary = parked[number] else { continue }
                try renumber.execute(arguments: [row.number, temporary])
            }
        }
        let kept = Set(matched.values.map(\.number))
        for row in target.rows where !kept.contains(row.number) {
            try FormTables.insert(row, db)
        }
        let setWidths = try db.cachedStatement(sql: "UPDATE form_row SET width = ?, min_width = ?, max_width = ? WHERE number = ?")
        for row in current.rows {
            guard let wanted = matched[row.number] else { continue }
            if (row.width, row.minWidth, row.maxWidth) != (wanted.width, wanted.minWidth, wanted.maxWidth) {
                try setWidths.execute(arguments: [wanted.width, wanted.minWidth, wanted.maxWidth, wanted.number])
            }
        }
        var numbers: [Int: Int] = [:]
        for row in current.rows { numbers[row.number] = matched[row.number]?.number ?? parked[row.number] }
        let removed = current.rows.compactMap { matched[$0.number] == nil ? parked[$0.number] : nil }
        return (numbers, removed)
    }

    // MARK: Fields

    /// Removes the fields `target` lacks, inserts its new ones and rewrites
    /// the ones that differ (row, place, label, hidden, rules, condition);
    /// `rowNumbers` says where each stored row now is.
    private static func writeFields(_ current: FormDefinition, _ target: FormDefinition, rowNumbers: [Int: Int],
                                    _ db: Database) throws {
        var stored: [String: Field] = [:]
        stored.reserveCapacity(current.fields.count)
        for field in current.fields { stored[field.key] = field }
        let wanted = Set(target.fields.map(\.key))

        let delete = try db.cachedStatement(sql: "DELETE FROM field WHERE key = ?")
        for field in current.fields where !wanted.contains(field.key) {
            try delete.execute(arguments: [field.key])
        }

        // Positions are unique and checked row by row: the fields that
        // change place move above every position first.
        let moving = target.fields.filter { field in stored[field.key].map { $0.position != field.position } ?? false }
        if !moving.isEmpty {
            let highest = max(current.fields.map(\.position).max() ?? 0, target.fields.count)
            guard highest + moving.count <= 2_147_483_647 else {
                throw FormStoreError.invalidValue(key: "fields", reason: "the fields' positions are too high to renumber")
            }
            let park = try db.cachedStatement(sql: "UPDATE field SET position = ? WHERE key = ?")
            for (index, field) in moving.enumerated() {
                try park.execute(arguments: [highest + 1 + index, field.key])
            }
        }
        let movingKeys = Set(moving.map(\.key))

        let update = try db.cachedStatement(sql: """
            UPDATE field SET "row" = ?, position = ?, label = ?, visible = ?, hint = ?, default_value = ?, read_only = ?,
                \(FormTables.ruleAssignments), \(FormTables.conditionAssignments)
            WHERE key = ?
            """)
        for field in target.fields {
            guard let now = stored[field.key] else {
                try FormTables.insert(field, db)
                continue
            }
            let changed = movingKeys.contains(field.key) || rowNumbers[now.row] != field.row || now.label != field.label
                || now.isVisible != field.isVisible || now.rules != field.rules || now.showIf != field.showIf
                || now.hint != field.hint || now.defaultValue != field.defaultValue || now.isReadOnly != field.isReadOnly
            guard changed else { continue }
            try update.execute(
                arguments: [field.row, field.position, field.label, field.isVisible, field.hint, field.defaultValue, field.isReadOnly]
                    + FormTables.ruleArguments(field.rules) + FormTables.conditionArguments(field.showIf) + [field.key])
            if now.rules.choices != field.rules.choices {
                try FormTables.writeChoices(field.rules.choices, key: field.key, db)
            }
        }
    }
}
