import FormModel
import FormStore
import FormText

/// Writes `ResponseRecord`s as the bytes of a `ResponseExport`'s format,
/// appended to a byte buffer: the one implementation of the formats'
/// rows, used both by the export of many responses and by
/// `ResponseExport.text(of:index:)`.
///
/// Everything that does not depend on the response (the header, each
/// column's JSON key) is encoded once. Fields are written by the one CSV
/// and JSON string writers, `CSVField` and `JSONString`, which work on
/// the stored bytes.
struct ResponseEncoder {
    let format: ResponseExportFormat
    let includesHidden: Bool
    /// What comes before the first response.
    let prologue: [UInt8]
    /// Per column: `"KEY":`, the start of a JSON member.
    private let members: [[UInt8]]
    private let export: ResponseExport
    /// Per column, the choices `--split` writes it as (nil: one column).
    private let splitColumns: [[String]?]
    /// Per column, whether CSV writes its lists as JSON arrays.
    private let arrayColumns: [Bool]
    /// Whether some key is a path (`children.2.name`): JSON then nests
    /// the values (`NestedJSON`).
    private let nests: Bool

    init(_ export: ResponseExport) {
        self.export = export
        format = export.format
        includesHidden = export.includesHidden
        prologue = Array(export.prologue.utf8)
        splitColumns = export.splitColumns
        arrayColumns = export.arrayColumns
        nests = export.keys.contains { $0.contains(".") }
        members = export.keys.map { key in
            var member: [UInt8] = []
            var key = key
            key.withUTF8 { JSONString.append($0, to: &member) }
            member.append(UInt8(ascii: ":"))
            return member
        }
    }

    /// What comes after the last of `count` responses.
    func epilogue(count: Int) -> [UInt8] { Array(export.epilogue(count: count).utf8) }

    /// Appends `record`, the response at `index` in the export (for JSON's
    /// separating commas), to `out`.
    func append(_ record: ResponseRecord, index: Int, to out: inout [UInt8]) {
        record.bytes.withUnsafeBufferPointer { bytes in
            switch format {
            case .csv:
                Self.appendDecimal(record.id, to: &out)
                out.append(UInt8(ascii: ","))
                CSVField.append(UnsafeBufferPointer(rebasing: bytes[record.submittedAt]), to: &out)
                out.append(UInt8(ascii: ","))
                Self.appendStatus(record.status, to: &out)
                for column in record.values.indices {
                    if let choices = splitColumns[column] {
                        Self.appendSplit(record, column, choices: choices, includesHidden: includesHidden, bytes, to: &out)
                        continue
                    }
                    out.append(UInt8(ascii: ","))
                    Self.appendCSVCell(record, column, includesHidden: includesHidden, asArray: arrayColumns[column], bytes, to: &out)
                }
                out.append(0x0D)
                out.append(0x0A)
            case .json:
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.append(0x0A)
                appendObject(record, bytes, to: &out)
            case .jsonl:
                appendObject(record, bytes, to: &out)
                out.append(0x0A)
            }
        }
    }

    /// Column `column`'s answer as one CSV cell (no comma before it):
    /// empty when the response lacks it or it was not shown (unless
    /// `includesHidden`), a `select_multiple` as its choices joined by one
    /// space, as XLSForm and ODK write them, or as its JSON array when
    /// `asArray` (`FormValues.csvText`), anything else as it was stored.
    static func appendCSVCell(_ record: ResponseRecord, _ column: Int, includesHidden: Bool, asArray: Bool,
                              _ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard let range = record.values[column], includesHidden || record.shown[column] else { return }
        if record.types[column] == .selectMultiple {
            let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            var text = FormValues.csvText(value, type: .selectMultiple, asArray: asArray)
            text.withUTF8 { CSVField.append($0, to: &out) }
        } else {
            CSVField.append(UnsafeBufferPointer(rebasing: bytes[range]), to: &out)
        }
    }

    /// A `select_multiple` column as one cell per choice, each with a
    /// leading comma: `1` for a choice the answer holds, `0` for one it
    /// does not, all empty when the field was not shown (unless
    /// `includesHidden`) or the response lacks it.
    static func appendSplit(_ record: ResponseRecord, _ column: Int, choices: [String], includesHidden: Bool,
                            _ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard let range = record.values[column], includesHidden || record.shown[column] else {
            for _ in choices { out.append(UInt8(ascii: ",")) }
            return
        }
        let chosen = Set((SelectionValue.decode(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)) ?? []).map(ScalarText.init))
        for choice in choices {
            out.append(UInt8(ascii: ","))
            out.append(chosen.contains(ScalarText(choice)) ? UInt8(ascii: "1") : UInt8(ascii: "0"))
        }
    }

    /// `{"id":…,"status":"…","submitted_at":"…","values":{…}}`, values in
    /// column order; a value not shown is `null` unless hidden ones are
    /// included; a column the response lacks is left out.
    /// `record` as one JSON object, no newline (`ResponseExport.object`).
    func appendObject(_ record: ResponseRecord, to out: inout [UInt8]) {
        record.bytes.withUnsafeBufferPointer { appendObject(record, $0, to: &out) }
    }

    private func appendObject(_ record: ResponseRecord, _ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"id":"#.utf8)
        Self.appendDecimal(record.id, to: &out)
        out.append(contentsOf: #","status":""#.utf8)
        Self.appendStatus(record.status, to: &out)
        out.append(contentsOf: #"","submitted_at":"#.utf8)
        JSONString.append(UnsafeBufferPointer(rebasing: bytes[record.submittedAt]), to: &out)
        out.append(contentsOf: #","values":"#.utf8)
        if nests {
            let tree = NestedJSON()
            for column in record.values.indices {
                guard let range = record.values[column] else { continue }
                var value: [UInt8] = []
                appendValue(record, column, range, bytes, to: &value)
                tree.insert(String(decoding: value, as: UTF8.self), at: export.keys[column])
            }
            out.append(contentsOf: tree.text.utf8)
            out.append(UInt8(ascii: "}"))
            return
        }
        out.append(UInt8(ascii: "{"))
        var first = true
        for column in record.values.indices {
            guard let range = record.values[column] else { continue }
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.append(contentsOf: members[column])
            appendValue(record, column, range, bytes, to: &out)
        }
        out.append(UInt8(ascii: "}"))
        out.append(UInt8(ascii: "}"))
    }

    /// Column `column`'s value as JSON: `null` when it was not shown
    /// (unless hidden ones are included), a typed answer as its type.
    private func appendValue(_ record: ResponseRecord, _ column: Int, _ range: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>,
                             to out: inout [UInt8]) {
        guard includesHidden || record.shown[column] else {
            out.append(contentsOf: "null".utf8)
            return
        }
        let value = UnsafeBufferPointer(rebasing: bytes[range])
        if record.types[column].isText {
            JSONString.append(value, to: &out)
        } else {
            // A typed answer as its JSON type (TypedJSONValue), the
            // choices of a select_multiple as it was answered.
            let text = String(decoding: value, as: UTF8.self)
            let rules = FieldRules(type: record.types[column])
            let typed = TypedJSONValue(text, rules: rules)
            if case .array(let values) = typed, SelectionValue.encode(values) != text {
                JSONString.append(value, to: &out)
            } else {
                out.append(contentsOf: FormValues.json(typed).utf8)
            }
        }
    }

    static func appendStatus(_ status: FormResponse.Status, to out: inout [UInt8]) {
        switch status {
        case .complete: out.append(contentsOf: "complete".utf8)
        case .draft: out.append(contentsOf: "draft".utf8)
        }
    }

    /// `number` in decimal, without making a `String` (ids are positive;
    /// anything else goes the slow way).
    static func appendDecimal(_ number: Int64, to out: inout [UInt8]) {
        guard number > 0 else {
            out.append(contentsOf: String(number).utf8)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = UInt64(number)
            var start = digits.count
            while rest > 0 {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}
