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
}
