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
            return FormRow(number: number, width: width, minWidth: row.minWidth, maxWidth: row.maxWidth)
        }
    }

    /// Adds an empty row below the others, `width` points wide and
    /// adjustable within `minWidth…maxWidth` (both default to `width`).
    @discardableResult
    public func addRow(width: Double, minWidth: Double? = nil, maxWidth: Double? = nil) throws(FormStoreError) -> FormRow {
        let minimum = minWidth ?? width, maximum = maxWidth ?? width
        let key = "row"
        for value in [width, minimum, maximum] where !(value.isFinite && value > 0 && value <= 100_000) {
            throw .invalidValue(key: key, reason: "widths must be points between 0 and 100000, not \(value)")
        }
        guard minimum <= width, width <= maximum else {
            throw .invalidValue(key: key, reason: "the width \(width) must lie within \(minimum)…\(maximum)")
        }
        return try write { db in
            let number = (try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(number), 0) + 1 FROM form_row")) ?? 1
            try db.execute(sql: "INSERT INTO form_row (number, width, min_width, max_width) VALUES (?, ?, ?, ?)",
                           arguments: [number, width, minimum, maximum])
            return FormRow(number: number, width: width, minWidth: minimum, maxWidth: maximum)
        }
    }

    /// Removes an empty row; the rows below move up one number (their
    /// fields follow). A row that still holds fields is refused with
    /// `rowNotEmpty`: move or remove them first.
    public func removeRow(_ number: Int) throws(FormStoreError) {
        try write { db in
            guard try FormTables.row(number, db) != nil else { throw FormStoreError.unknownRow(number: number) }
            let keys = try String.fetchAll(db, sql: "SELECT key FROM field WHERE \"row\" = ? ORDER BY position", arguments: [number])
            guard keys.isEmpty else { throw FormStoreError.rowNotEmpty(number: number, keys: keys) }
            try db.execute(sql: "DELETE FROM form_row WHERE number = ?", arguments: [number])
            // One row at a time, upwards, so numbers never collide.
            let below = try Int.fetchAll(db, sql: "SELECT number FROM form_row WHERE number > ? ORDER BY number", arguments: [number])
            for old in below {
                try db.execute(sql: "UPDATE form_row SET number = ? WHERE number = ?", arguments: [old - 1, old])
            }
        }
    }
}
