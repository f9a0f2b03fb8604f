import FormStore

/// The formats `formctl responses` exports in (its `table` is the CLI's own).
public enum ResponseExportFormat: String, Hashable, Sendable, CaseIterable {
    /// One JSON array of responses, each `{"id", "status", "submitted_at",
    /// "values": {key: value}}`, keys of `values` in form order.
    case json
    /// One such object per line (JSON Lines).
    case jsonl
    /// RFC 4180 with CRLF line ends: a header row of `id,submitted_at,status`
    /// and one column per field key, then one row per response. In a form
    /// with repeats, a column per field outside repeats and one per
    /// top-level repeat holding its number of instances (`RepeatTable`).
    case csv
}

/// Writes responses as CSV, JSON or JSON Lines.
///
/// Columns (CSV) and `values` keys (JSON) are the field keys of the listed
/// responses: the form's in form order, then keys only older responses
/// have (fields removed since), in order of first appearance. A field
/// whose key is one of CSV's meta columns (`id`, `submitted_at`,
/// `status`) is written under `values.KEY` (no field key holds a dot), so
/// every header is unique; JSON needs no such care, since values sit under
/// `values`.
///
/// A field that was not shown when the response was submitted (hidden, or
/// its `show_if` not holding) kept a value but gave no answer: it is
/// written as an empty cell (CSV) or `null` (JSON), unless
/// `includesHidden`. A field the response does not have (added later) is
/// an empty cell in CSV and absent from `values`.
public struct ResponseExport: Sendable {
    /// The format.
    public var format: ResponseExportFormat
    /// The field keys, in column order.
    public var keys: [String]
    /// Whether the kept values of fields that were not shown are written.
    public var includesHidden: Bool
    /// CSV's `--split`: for each `select_multiple` field's key, its choice
    /// values; its column is written as one 0/1 column per choice, named
    /// `KEY/VALUE` (ODK Central's export). Empty: one column per key.
    public var splitChoices: [String: [String]] = [:]
    /// CSV: the keys of `select_multiple` fields whose cells are their JSON
    /// arrays, because a choice value of the field holds a space or comma
    /// (`SelectionValue.needsArrayCells`); other lists are joined by a space.
    public var arrayCells: Set<String> = []

    /// The meta columns CSV starts with, in order.
    public static let metaColumns = ["id", "submitted_at", "status"]

    /// An export of `keys` in `format`.
    public init(format: ResponseExportFormat, keys: [String], includesHidden: Bool = false) {
        self.format = format
        self.keys = keys
        self.includesHidden = includesHidden
    }

    /// CSV's header row: the meta columns, then each key (`values.KEY` for
    /// a key equal to a meta column's name).
    public var csvHeader: [String] {
        Self.metaColumns + keys.flatMap { key -> [String] in
            if let choices = splitChoices[key] { return choices.map { "\(key)/\($0)" } }
            return [Self.metaColumns.contains(key) ? "values.\(key)" : key]
        }
    }

    /// For `--split`: the choices of each column, nil for a column written
    /// whole, in column order.
    var splitColumns: [[String]?] { keys.map { splitChoices[$0] } }

    /// For CSV: whether each column's lists are written as JSON arrays, in
    /// column order.
    var arrayColumns: [Bool] { keys.map { arrayCells.contains($0) } }

    /// What comes before the first response.
    public var prologue: String {
        switch format {
        case .csv: CSVField.record(csvHeader)
        case .json: "["
        case .jsonl: ""
        }
    }

    /// `response` in the format; `index` is its place in the export (for
    /// JSON's separating commas). The same bytes the export of many
    /// responses writes (both are `ResponseEncoder`'s).
    public func text(of response: FormResponse, index: Int) -> String {
        var out: [UInt8] = []
        ResponseEncoder(self).append(ResponseRecord(response, columns: keys), index: index, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// What comes after the last response; `count` is how many there were.
    public func epilogue(count: Int) -> String {
        switch format {
        case .csv, .jsonl: ""
        case .json: count == 0 ? "]\n" : "\n]\n"
        }
    }

    /// One response as a JSON object (no newline), `values` in column
    /// order: what `formctl submit --json` prints and JSON Lines holds.
    public func object(_ response: FormResponse) -> String {
        var out: [UInt8] = []
        ResponseEncoder(self).appendObject(ResponseRecord(response, columns: keys), to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

extension StoredForm {
    /// How many bytes of an export are gathered before they are written:
    /// large enough that writing costs few system calls, small enough to
    /// stay in the cache.
    static let exportChunkSize = 1 << 16

    /// Writes the responses `filter` chooses in `format` to `output`, in
    /// pieces, reading them in one pass (`formctl responses --format`).
    /// Columns: `responseKeys(filter)`. With a `source`, the responses are
    /// its (PostgreSQL), the form and its keys still the file's.
    public func exportResponses(_ filter: ResponseFilter, format: ResponseExportFormat, includesHidden: Bool = false,
                                split: Bool = false, from source: (any ResponseSource)? = nil,
                                to output: (String) -> Void) throws(FormKitError) {
        try exportResponses(filter, format: format, includesHidden: includesHidden, split: split, from: source) { (bytes: UnsafeRawBufferPointer) in
            output(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// Writes the responses `filter` chooses in `format` to `output` as
    /// UTF-8, in pieces of about 64 KiB, each ending at the end of a
    /// response (so each is valid UTF-8 by itself); the pointer is valid
    /// only during the call. The fast way to export many responses: the
    /// rows are read through `FormDatabase.scanResponses` and written as
    /// bytes, with no `String` per value or per row.
    ///
    /// `split` (CSV): each `select_multiple` field of the form is written as
    /// one 0/1 column per choice of the form's, `KEY/VALUE`, all empty
    /// when the field was not shown.
    ///
    /// CSV of a form with repeats is the responses' table of a
    /// `RepeatTable`: columns by path for the fields outside repeats, and
    /// one per top-level repeat holding its number of instances; each
    /// repeat's fields are in its own table (`exportInstances`).
    ///
    /// With a `source`, the responses come from it and are written by the
    /// same encoders: the same responses give the same bytes.
    public func exportResponses(_ filter: ResponseFilter, format: ResponseExportFormat, includesHidden: Bool = false,
                                split: Bool = false, from source: (any ResponseSource)? = nil,
                                bytes output: (UnsafeRawBufferPointer) -> Void) throws(FormKitError) {
        if let source {
            let (definition, formKeys) = try reading { db throws(FormStoreError) in (try db.definition(), try db.fieldKeys()) }
            let keys = formKeys + (try source.otherKeys(filter, formKeys: formKeys))
            let plan = Self.exportPlan(definition, keys: keys, format: format, includesHidden: includesHidden, split: split)
            return try Self.write(plan, keys: keys, scan: { (body: (ResponseRecord) -> Void) throws(FormKitError) in
                try source.forEachResponse(filter) { response in body(ResponseRecord(response, columns: keys)) }
            }, to: output)
        }
        try reading { db throws(FormStoreError) in
            let keys = try db.responseKeys(filter)
            // The definition is read only for CSV, as before sources: JSON
            // needs nothing of the form but its keys.
            let definition = format == .csv ? try db.definition() : nil
            let plan = Self.exportPlan(definition, keys: keys, format: format, includesHidden: includesHidden, split: split)
            try Self.write(plan, keys: keys, scan: { (body: (ResponseRecord) -> Void) throws(FormStoreError) in
                try db.scanResponses(filter, columns: keys) { record in body(record) }
            }, to: output)
        }
    }

    /// What an export writes: a flat export, or for CSV of a form with
    /// repeats the responses' `RepeatTable`.
    enum ExportPlan {
        case flat(ResponseExport)
        case table(RepeatTable, includesHidden: Bool)
    }

    /// The plan for `keys` of `definition` (nil: not read, for JSON).
    static func exportPlan(_ definition: FormDefinition?, keys: [String], format: ResponseExportFormat,
                           includesHidden: Bool, split: Bool) -> ExportPlan {
        var export = ResponseExport(format: format, keys: keys, includesHidden: includesHidden)
        if format == .csv, let definition {
            if definition.groups.contains(where: { $0.kind == .repeat }) {
                return .table(RepeatTable(responsesOf: FormSpec(definition: definition), keys: keys, split: split), includesHidden: includesHidden)
            }
            for field in definition.fields where field.rules.type == .selectMultiple {
                if split { export.splitChoices[field.key] = field.rules.choices.map(\.value) }
                if SelectionValue.needsArrayCells(field.rules.choices) { export.arrayCells.insert(field.key) }
            }
        }
        return .flat(export)
    }

    /// Writes `plan` with the records `scan` hands out, in pieces of
    /// about `exportChunkSize`.
    static func write<E: Error>(_ plan: ExportPlan, keys: [String], scan: ((ResponseRecord) -> Void) throws(E) -> Void,
                                to output: (UnsafeRawBufferPointer) -> Void) throws(E) {
        switch plan {
        case .table(let table, let includesHidden):
            try export(table, includesHidden: includesHidden, scan: scan, to: output)
        case .flat(let export):
            let encoder = ResponseEncoder(export)
            var out: [UInt8] = []
            out.reserveCapacity(exportChunkSize + 4096)
            out.append(contentsOf: encoder.prologue)
            var count = 0
            // `scan` hands records to a closure that writes through
            // `output`: both are non-escaping, which the compiler only
            // allows once `output` is seen as escaping (it still does not).
            try withoutActuallyEscaping(output) { (output) throws(E) in
                try scan { record in
                    encoder.append(record, index: count, to: &out)
                    count += 1
                    if out.count >= exportChunkSize {
                        out.withUnsafeBytes(output)
                        out.removeAll(keepingCapacity: true)
                    }
                }
            }
            out.append(contentsOf: encoder.epilogue(count: count))
            if !out.isEmpty { out.withUnsafeBytes(output) }
        }
    }
}

extension StoredForm {
    /// Writes one row per instance of the repeat declared at `repeatPath`
    /// (`children`, or `households.members` for one inside another) in
    /// the responses `filter` chooses, as CSV (RFC 4180, CRLF), to
    /// `output` (`formctl responses --format csv --repeat PATH`, ODK
    /// Central's repeat table): `response` (its id), `path`
    /// (`households.1.members.3`), then the instance's fields by their
    /// path in it (`name`, `address.street`; a list's value by the list's
    /// key), and per repeat inside it the number of its instances. Cells
    /// are written as `exportResponses` writes them, `split` and
    /// `includesHidden` too. A path that is not a repeat's is
    /// `unknownRepeat` (64), naming the repeats, before anything is
    /// written. With a `source`, the responses are its.
    public func exportInstances(of repeatPath: String, _ filter: ResponseFilter, includesHidden: Bool = false, split: Bool = false,
                                from source: (any ResponseSource)? = nil,
                                bytes output: (UnsafeRawBufferPointer) -> Void) throws(FormKitError) {
        if let source {
            let (spec, formKeys) = try reading { db throws(FormStoreError) in (FormSpec(definition: try db.definition()), try db.fieldKeys()) }
            let keys = formKeys + (try source.otherKeys(filter, formKeys: formKeys))
            guard let table = RepeatTable(instancesOf: repeatPath, in: spec, keys: keys, split: split) else {
                throw .store(.unknownRepeat(path: repeatPath, repeats: RepeatTable.repeatPaths(of: spec)))
            }
            return try Self.export(table, includesHidden: includesHidden, scan: { (body: (ResponseRecord) -> Void) throws(FormKitError) in
                try source.forEachResponse(filter) { response in body(ResponseRecord(response, columns: keys)) }
            }, to: output)
        }
        try reading { db throws(FormStoreError) in
            let spec = FormSpec(definition: try db.definition())
            let keys = try db.responseKeys(filter)
            guard let table = RepeatTable(instancesOf: repeatPath, in: spec, keys: keys, split: split) else {
                throw .unknownRepeat(path: repeatPath, repeats: RepeatTable.repeatPaths(of: spec))
            }
            try Self.export(table, includesHidden: includesHidden, scan: { (body: (ResponseRecord) -> Void) throws(FormStoreError) in
                try db.scanResponses(filter, columns: keys) { record in body(record) }
            }, to: output)
        }
    }

    /// `exportInstances(of:_:includesHidden:split:from:bytes:)` as text,
    /// in pieces each ending at the end of a response.
    public func exportInstances(of repeatPath: String, _ filter: ResponseFilter, includesHidden: Bool = false, split: Bool = false,
                                from source: (any ResponseSource)? = nil, to output: (String) -> Void) throws(FormKitError) {
        try exportInstances(of: repeatPath, filter, includesHidden: includesHidden, split: split, from: source) { (bytes: UnsafeRawBufferPointer) in
            output(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// Writes `table`'s header, then the rows of each record `scan` hands
    /// out, in pieces as `exportResponses` does.
    private static func export<E: Error>(_ table: RepeatTable, includesHidden: Bool, scan: ((ResponseRecord) -> Void) throws(E) -> Void,
                                         to output: (UnsafeRawBufferPointer) -> Void) throws(E) {
        let encoder = RepeatTableEncoder(table: table, includesHidden: includesHidden)
        var out: [UInt8] = []
        out.reserveCapacity(exportChunkSize + 4096)
        out.append(contentsOf: encoder.prologue)
        // As in `write`: `output` seen as escaping, which it does not.
        try withoutActuallyEscaping(output) { (output) throws(E) in
            try scan { record in
                encoder.append(record, to: &out)
                if out.count >= exportChunkSize {
                    out.withUnsafeBytes(output)
                    out.removeAll(keepingCapacity: true)
                }
            }
        }
        if !out.isEmpty { out.withUnsafeBytes(output) }
    }
}
