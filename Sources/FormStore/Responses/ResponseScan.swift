import FormModel
import GRDB
import GRDBSQLite

extension FormDatabase {
    /// Calls `body` with each response `filter` chooses, oldest first, its
    /// values placed in `columns` (distinct field keys, an export's
    /// columns: `responseKeys(_:)`), reading them in one pass.
    ///
    /// The fast way to read many responses (`formctl responses --format
    /// csv` of 100,000): one statement stepped through SQLite's C API,
    /// text copied straight from SQLite into one reused `ResponseRecord`,
    /// where `forEachResponse` makes a `FormResponse` of `String`s for
    /// each. The record is only valid during the call. An error `body`
    /// throws ends the reading and is thrown as `underlying`, unless it
    /// is a `FormStoreError`.
    public func scanResponses(_ filter: ResponseFilter, columns: [String],
                              _ body: (ResponseRecord) throws -> Void) throws(FormStoreError) {
        try mappingErrors(path: path) {
            try queue.read { db in try ResponseScan.scan(filter, columns: columns, db, body) }
        }
    }
}

/// The raw reading behind `FormDatabase.scanResponses`.
enum ResponseScan {
    static func scan(_ filter: ResponseFilter, columns: [String], _ db: Database,
                     _ body: (ResponseRecord) throws -> Void) throws {
        let (condition, arguments) = filter.responseCondition
        // Rows come in (id, position) order without sorting: `response` by
        // its rowid, each one's answers by the answer table's primary key.
        let sql = """
            SELECT r.id, r.status, r.submitted_at, a.position, a.key, a.value, a.shown, a.type
            FROM response r LEFT JOIN answer a ON a.response_id = r.id
            \(condition)
            ORDER BY r.id, a.position
            """
        let statement = try db.makeStatement(sql: sql)
        try statement.setArguments(arguments)
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }

        let keys = columns.map { Array($0.utf8) }
        var columnOf: [String: Int] = [:]
        for (column, key) in columns.enumerated() where columnOf[key] == nil { columnOf[key] = column }
        // The column the key at each position went to last time: answers
        // of responses to the same form have the same key at the same
        // position, so one comparison of bytes finds the column, with no
        // String made and no hashing.
        var columnAt = Array(repeating: -1, count: columns.count)
        var record = ResponseRecord(columns: columns.count)
        var current: Int64?
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                var message: String?
                if let connection = db.sqliteConnection, let text = sqlite3_errmsg(connection) { message = String(cString: text) }
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
            }
            let id = sqlite3_column_int64(handle, 0)
            if id != current {
                if current != nil { try body(record) }
                current = id
                let status = text(handle, 1)
                guard let known = status.elementsEqual("complete".utf8) ? FormResponse.Status.complete
                        : status.elementsEqual("draft".utf8) ? .draft : nil else {
                    throw FormStoreError.underlying(message: "response \(id) has status '\(String(decoding: status, as: UTF8.self))', which formctl does not know")
                }
                record.start(id: id, status: known)
                let submittedAt = record.appendStored(text(handle, 2))
                record.setSubmittedAt(submittedAt)
            }
            // No answer row: a response without answers (LEFT JOIN).
            guard sqlite3_column_type(handle, 3) != SQLITE_NULL else { continue }
            let position = Int(sqlite3_column_int64(handle, 3)) - 1
            let key = text(handle, 4)
            var column = -1
            if position >= 0, position < columnAt.count {
                let guess = columnAt[position]
                if guess >= 0, keys[guess].withUnsafeBufferPointer({ $0.elementsEqual(key) }) { column = guess }
            }
            if column < 0 {
                guard let found = columnOf[String(decoding: key, as: UTF8.self)] else { continue }
                column = found
                if position >= 0, position < columnAt.count { columnAt[position] = found }
            }
            let value = record.appendStored(text(handle, 5))
            record.set(column, range: value, isShown: sqlite3_column_int64(handle, 6) != 0)
            record.types[column] = answerType(text(handle, 7))
        }
        if current != nil { try body(record) }
    }

    /// An answer's type from its `answer.type` bytes: `text` (nearly every
    /// answer) without making a String; an unknown name reads as text.
    private static func answerType(_ bytes: UnsafeBufferPointer<UInt8>) -> FieldType {
        if bytes.elementsEqual("text".utf8) { return .text }
        return FieldType(rawValue: String(decoding: bytes, as: UTF8.self)) ?? .text
    }

    /// Column `index` of the current row as bytes, valid until the next
    /// step; empty for NULL.
    private static func text(_ handle: SQLiteStatement, _ index: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let pointer = sqlite3_column_text(handle, index) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, index)))
    }
}

extension ResponseFilter {
    /// Whether the filter chooses every response.
    var choosesEverything: Bool { status == nil && submittedSince == nil && limit == nil }

    /// A `WHERE` clause choosing the filter's responses as `r` (empty when
    /// it chooses all), and its arguments. Conditions on `response`
    /// itself where there is no limit, so SQLite walks the table once
    /// rather than first gathering the ids.
    var responseCondition: (sql: String, arguments: StatementArguments) {
        if choosesEverything { return ("", StatementArguments()) }
        if limit != nil {
            let (ids, arguments) = idQuery
            return ("WHERE r.id IN (\(ids))", arguments)
        }
        let (conditions, arguments) = conditions(on: "r.")
        return ("WHERE " + conditions.joined(separator: " AND "), StatementArguments(arguments))
    }
}
