import FormStore

/// Writes `ResponseRecord`s as the CSV rows of a `RepeatTable`, appended
/// to a byte buffer: a response's row, or a row per instance it has.
/// Cells are written as the flat CSV writes them (`ResponseEncoder`), so
/// an answer is the same text in every table: empty when it was not
/// shown, unless `includesHidden`; a `select_multiple` joined by a space,
/// or its JSON array, or split into 0/1 columns.
struct RepeatTableEncoder {
    let table: RepeatTable
    let includesHidden: Bool

    /// The header row.
    var prologue: [UInt8] { Array(CSVField.record(table.header).utf8) }

    /// Appends `record`'s rows to `out`.
    func append(_ record: ResponseRecord, to out: inout [UInt8]) {
        record.bytes.withUnsafeBufferPointer { bytes in
            for row in table.rows {
                // An instance has a row where the response holds one of
                // its answers (or one of an instance inside it).
                if table.isRepeatTable, !row.members.contains(where: { record.values[$0] != nil }) { continue }
                ResponseEncoder.appendDecimal(record.id, to: &out)
                out.append(UInt8(ascii: ","))
                if table.isRepeatTable {
                    var path = row.path ?? ""
                    path.withUTF8 { CSVField.append($0, to: &out) }
                } else {
                    CSVField.append(UnsafeBufferPointer(rebasing: bytes[record.submittedAt]), to: &out)
                    out.append(UInt8(ascii: ","))
                    ResponseEncoder.appendStatus(record.status, to: &out)
                }
                appendCells(record, row, bytes, to: &out)
                out.append(0x0D)
                out.append(0x0A)
            }
        }
    }

    /// The cells of `row` after the meta columns, each with its leading comma.
    private func appendCells(_ record: ResponseRecord, _ row: RepeatTable.RowPlan, _ bytes: UnsafeBufferPointer<UInt8>,
                             to out: inout [UInt8]) {
        for (index, column) in table.columns.enumerated() {
            switch column.content {
            case .count(let slot):
                // The highest instance number present: instances are
                // numbered from 1 without gaps.
                var count = 0
                for entry in row.counts where entry.slot == slot && record.values[entry.column] != nil {
                    count = max(count, entry.number)
                }
                out.append(UInt8(ascii: ","))
                ResponseEncoder.appendDecimal(Int64(count), to: &out)
            case .answer:
                let scan = index < row.answers.count ? row.answers[index] : nil
                if let choices = column.splitChoices {
                    guard let scan else {
                        for _ in choices { out.append(UInt8(ascii: ",")) }
                        continue
                    }
                    ResponseEncoder.appendSplit(record, scan, choices: choices, includesHidden: includesHidden, bytes, to: &out)
                    continue
                }
                out.append(UInt8(ascii: ","))
                if let scan {
                    ResponseEncoder.appendCSVCell(record, scan, includesHidden: includesHidden, asArray: column.asArray, bytes, to: &out)
                }
            }
        }
    }
}
