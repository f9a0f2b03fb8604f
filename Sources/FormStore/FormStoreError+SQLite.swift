import GRDB

extension FormStoreError {
    /// Turns any error thrown while using the database at `path` into a
    /// `FormStoreError`, keeping ones that already are.
    init(_ error: any Error, path: String) {
        if let error = error as? FormStoreError {
            self = error
            return
        }
        guard let error = error as? DatabaseError else {
            self = .underlying(message: String(describing: error))
            return
        }
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            self = .busy(path: path)
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            self = .notADatabase(path: path)
        case .SQLITE_READONLY, .SQLITE_PERM:
            self = .readOnly(path: path)
        case .SQLITE_FULL:
            self = .underlying(message: "the disk holding \(path) is full")
        default:
            self = .underlying(message: error.message ?? error.description)
        }
    }
}

/// Runs `body`, turning whatever it throws into a `FormStoreError`.
func mappingErrors<T>(path: String, _ body: () throws -> T) throws(FormStoreError) -> T {
    do {
        return try body()
    } catch {
        throw FormStoreError(error, path: path)
    }
}
