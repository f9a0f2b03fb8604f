/// A row with the fields it holds, as `formctl row list` shows it.
public struct RowListing: Hashable, Sendable {
    /// The row: number, width and range.
    public var row: FormRow
    /// Its fields, left to right, hidden ones included (check `isVisible`).
    public var fields: [Field]

    /// A row and its fields as given.
    public init(row: FormRow, fields: [Field]) {
        self.row = row
        self.fields = fields
    }

    /// Every row of `form`, top to bottom, with its fields in form order
    /// (grouped in one pass over the fields).
    public static func rows(of form: FormDefinition) -> [RowListing] {
        let byRow = Dictionary(grouping: form.fields, by: \.row)
        return form.rows.map { RowListing(row: $0, fields: byRow[$0.number] ?? []) }
    }
}
