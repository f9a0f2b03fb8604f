import FormModel
import GRDB

extension FormDatabase {
    /// Sets a row's width (seed 002's slider), which must lie within the
    /// row's range: otherwise `outOfRange` names the range. Returns the row.
    @discardableResult
    public func setRowWidth(row number: Int, width: Double) throws(FormStoreError) -> FormRow {
        try write { db in
            guard let row = try FormTables.row(number, db) else { throw FormStoreError.unknownRow(number: number) }
            guard width.isFinite, row.widthRange.contains(width) else {
                throw FormStoreError.outOfRange(row: number, width: width, range: row.widthRange)
            }
            try db.execute(sql: "UPDATE form_row SET width = ? WHERE number = ?", arguments: [width, number])
            return FormRow(number: number, width: width, minWidth: row.minWidth, maxWidth: row.maxWidth, page: row.page)
        }
    }

    /// Adds an empty row on page `page` (nil: the shown page, else the
    /// first), below the others, `width` points wide and adjustable within
    /// `minWidth…maxWidth` (both default to `width`). Row numbers run over
    /// the whole form, so the new row takes the number after the page's
    /// last row and the rows below move down one.
    @discardableResult
    public func addRow(width: Double, minWidth: Double? = nil, maxWidth: Double? = nil, page: String? = nil) throws(FormStoreError) -> FormRow {
        let minimum = minWidth ?? width, maximum = maxWidth ?? width
        let key = "row"
        for value in [width, minimum, maximum] where !(value.isFinite && value > 0 && value <= 100_000) {
            throw .invalidValue(key: key, reason: "widths must be points between 0 and 100000, not \(value)")
        }
        guard minimum <= width, width <= maximum else {
            throw .invalidValue(key: key, reason: "the width \(width) must lie within \(minimum)…\(maximum)")
        }
        return try write { db in
            let pageKey = try Self.rowPage(page, db)
            return try Self.insertRow(FormRow(number: 0, width: width, minWidth: minimum, maxWidth: maximum, page: pageKey), db)
        }
    }

    /// The page a new row goes on: `page` when it exists (else
    /// `unknownPage`), or the shown page, or the first.
    static func rowPage(_ page: String?, _ db: Database) throws -> String {
        if let page { return try existingPage(page, db).key }
        let form = try FormTables.definition(db)
        guard let key = form.shownPage?.key ?? form.pages.first?.key else {
            throw FormStoreError.invalidValue(key: "row", reason: "the form has no page to hold a row; add one first (formctl page add KEY)")
        }
        return key
    }

    /// Inserts `row` (its number is ignored) after the last row of its page,
    /// or below every row when the page has none, and returns it numbered.
    static func insertRow(_ row: FormRow, _ db: Database) throws -> FormRow {
        let last = try Int.fetchOne(db, sql: "SELECT MAX(number) FROM form_row WHERE page = ?", arguments: [row.page])
        let highest = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(number), 0) FROM form_row") ?? 0
        let number = (last ?? highest) + 1
        // Make room: rows below move down one, from the bottom up so
        // numbers never collide (fields follow through ON UPDATE CASCADE).
        let below = try Int.fetchAll(db, sql: "SELECT number FROM form_row WHERE number >= ? ORDER BY number DESC", arguments: [number])
        for old in below {
            try db.execute(sql: "UPDATE form_row SET number = ? WHERE number = ?", arguments: [old + 1, old])
        }
        try GroupTable.shiftFirstRows(from: number, by: 1, db)
        try db.execute(sql: "INSERT INTO form_row (number, width, min_width, max_width, page) VALUES (?, ?, ?, ?, ?)",
                       arguments: [number, row.width, row.minWidth, row.maxWidth, row.page])
        var numbered = row
        numbered.number = number
        return numbered
    }

    /// Removes an empty row; the rows below move up one number (their
    /// fields follow). A row that still holds fields is refused with
    /// `rowNotEmpty`: move or remove them first.
    public func removeRow(_ number: Int) throws(FormStoreError) {
        try write { db in
            guard try FormTables.row(number, db) != nil else { throw FormStoreError.unknownRow(number: number) }
            let keys = try String.fetchAll(db, sql: "SELECT key FROM field WHERE \"row\" = ? ORDER BY position", arguments: [number])
            if let group = try GroupTable.group(ofRow: number, db) { throw FormStoreError.rowInGroup(number: number, group: group) }
            guard keys.isEmpty else { throw FormStoreError.rowNotEmpty(number: number, keys: keys) }
            try db.execute(sql: "DELETE FROM form_row WHERE number = ?", arguments: [number])
            // One row at a time, upwards, so numbers never collide.
            let below = try Int.fetchAll(db, sql: "SELECT number FROM form_row WHERE number > ? ORDER BY number", arguments: [number])
            for old in below {
                try db.execute(sql: "UPDATE form_row SET number = ? WHERE number = ?", arguments: [old - 1, old])
            }
            try GroupTable.shiftFirstRows(from: number + 1, by: -1, db)
        }
    }
}
