import GRDB

extension FormStoreError {
    /// Turns any error thrown while using the database at `path` into a
    /// `FormStoreError`, keeping ones that already are.
    init(_ error: any Error, path: String) {
        if let error = error as? FormStoreError {
            self = error
            return
        }
        if let unusable = error as? UnusableValue {
            self = .unusableValue(
                path: path, table: unusable.table, column: unusable.column, row: unusable.row, value: unusable.value,
                expected: unusable.expected,
                fix: unusable.fix ?? "UPDATE \(unusable.table) SET \(unusable.column) = \(unusable.replacement) WHERE \(unusable.row)")
            return
        }
        guard let error = error as? DatabaseError else {
            self = .underlying(message: String(describing: error))
            return
        }
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            self = .busy(path: path)
        case .SQLITE_CORRUPT where error.message?.hasPrefix("malformed database schema") == true:
            // SQLite could not parse an entry of sqlite_master as it read
            // the schema: say so, with its message naming the entry.
            self = .damagedSchema(path: path, difference: nil, sqliteMessage: error.message ?? "malformed database schema")
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            self = .notADatabase(path: path)
        case .SQLITE_READONLY, .SQLITE_PERM:
            self = .readOnly(path: path)
        case .SQLITE_FULL:
            self = .diskFull(path: path)
        case .SQLITE_CANTOPEN:
            self = .underlying(message: "cannot open \(path): \(error.message ?? "unable to open database file")")
        case .SQLITE_ERROR where error.message?.contains("unsupported file format") == true:
            // A schema format number (header offset 44) SQLite does not know.
            self = .notADatabase(path: path)
        default:
            self = .underlying(message: error.message ?? error.description)
        }
    }
}

/// Runs `body` on the database at `path`, turning whatever it throws into
/// a `FormStoreError`. An error that would be formctl's own fault
/// (`underlying`) is first held against the file's schema: when that is not
/// the one formctl made, the file is damaged (`SchemaDamage`).
func mappingErrors<T>(path: String, _ body: () throws -> T) throws(FormStoreError) -> T {
    do {
        return try body()
    } catch {
        throw SchemaDamage.explaining(error, as: FormStoreError(error, path: path), path: path)
    }
}
