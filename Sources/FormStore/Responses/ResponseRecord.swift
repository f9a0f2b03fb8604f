import FormModel

/// One response as an export reads it: its id, status and submission time,
/// and one value per export column, as UTF-8 bytes kept in one buffer.
///
/// `FormDatabase.scanResponses` hands out one record per response and
/// reuses its storage for the next, so that an export of many responses
/// allocates nothing per response: no `String` per value, no dictionary
/// per response, no `FormResponse`. A record is only the response's
/// values placed in columns; what a format makes of them (a hidden
/// answer empty or `null`, quoting) is the writer's.
public struct ResponseRecord: Sendable {
    /// The response's id.
    public internal(set) var id: Int64 = 0
    /// Complete or draft.
    public internal(set) var status: FormResponse.Status = .complete
    /// The text of the response: `submitted_at`, then each value present,
    /// as valid UTF-8 (what `String` would make of the stored bytes).
    public internal(set) var bytes: [UInt8] = []
    /// Where `submitted_at` is in `bytes`.
    public internal(set) var submittedAt: Range<Int> = 0..<0
    /// Per column: where its value is in `bytes`, or nil when the response
    /// has no answer for that column's key (a field added since, or one
    /// of another form).
    public internal(set) var values: [Range<Int>?]
    /// Per column: whether the field was shown when the response was
    /// submitted (false where there is no value).
    public internal(set) var shown: [Bool]
    /// Each column's answer's type (`answer.type`): how the exports write
    /// it; `text` for a column the response lacks.
    public internal(set) var types: [FieldType]

    /// An empty record of `columns` columns.
    public init(columns: Int) {
        values = Array(repeating: nil, count: columns)
        shown = Array(repeating: false, count: columns)
        types = Array(repeating: .text, count: columns)
        bytes.reserveCapacity(1024)
    }

    /// `response` placed in `columns` (keys): each column holds the answer
    /// with its key (the last one, should a response have two), an answer
    /// whose key is no column is left out.
    public init(_ response: FormResponse, columns: [String]) {
        self.init(columns: columns.count)
        var byKey: [String: FormResponse.Answer] = [:]
        for answer in response.answers { byKey[answer.key] = answer }
        start(id: response.id, status: response.status)
        var submitted = response.submittedAt
        submitted.withUTF8 { submittedAt = append($0) }
        for (column, key) in columns.enumerated() {
            guard let answer = byKey[key] else { continue }
            var value = answer.value
            value.withUTF8 { set(column, range: append($0), isShown: answer.isShown) }
            types[column] = answer.type
        }
    }

    /// Empties the record for the response `id`.
    mutating func start(id: Int64, status: FormResponse.Status) {
        self.id = id
        self.status = status
        bytes.removeAll(keepingCapacity: true)
        submittedAt = 0..<0
        for column in values.indices {
            values[column] = nil
            shown[column] = false
            types[column] = .text
        }
    }

    /// Appends `text` (valid UTF-8) to `bytes` and says where it went.
    mutating func append(_ text: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let start = bytes.count
        bytes.append(contentsOf: text)
        return start..<bytes.count
    }

    /// Appends `text` as `String` would read it from SQLite (up to its
    /// first NUL, ill-formed UTF-8 repaired with U+FFFD, as
    /// `String(cString:)` does) and says where it went.
    mutating func appendStored(_ text: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var end = text.count
        var ascii = true
        for index in 0..<text.count {
            let byte = text[index]
            if byte == 0 {
                end = index
                break
            }
            if byte >= 0x80 { ascii = false }
        }
        let kept = UnsafeBufferPointer(rebasing: text[0..<end])
        if ascii { return append(kept) }
        let start = bytes.count
        bytes.append(contentsOf: String(decoding: kept, as: UTF8.self).utf8)
        return start..<bytes.count
    }

    /// Sets the value of `column`.
    mutating func set(_ column: Int, range: Range<Int>, isShown: Bool) {
        values[column] = range
        shown[column] = isShown
    }

    /// Sets `submitted_at`.
    mutating func setSubmittedAt(_ range: Range<Int>) {
        submittedAt = range
    }
}
