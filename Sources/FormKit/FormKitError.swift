/// Everything a FormKit operation can fail with, as a value with a message a
/// user can act on and the exit code the formctl CLI documents for it.
public enum FormKitError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The store refused or failed: a missing or foreign file, a busy or
    /// read-only database, an unknown field or row, a refused value or rule…
    case store(FormStoreError)
    /// `FormFile.field(_:)` (`formctl get`) found no field with this key.
    /// Unlike the other operations, where an unknown key is a usage error,
    /// this is an answer (exit 1, as `git config --get`); `suggestion` is the
    /// nearest existing key.
    case fieldNotFound(key: String, suggestion: String?)
    /// A failure that is formctl's fault, not the user's.
    case internalError(String)

    /// The message for the user: what happened and what to do about it.
    public var description: String {
        switch self {
        case .store(let error): error.description
        case .fieldNotFound(let key, let suggestion): FormStoreError.unknownField(key: key, suggestion: suggestion).description
        case .internalError(let message): "internal error: \(message)"
        }
    }

    /// The process exit code for the error, as the README's table documents
    /// (sysexits-style):
    ///
    /// | code | errors |
    /// | --- | --- |
    /// | 1 | `fieldNotFound` (`get`) |
    /// | 64 | unknown field, row or page, duplicate field or page, width or tab bar height out of range, removing a row or page that holds fields or the last page, a row on another page, a path that cannot name a file (`invalidPath`) |
    /// | 65 | refused value or rule (`invalidValue`) |
    /// | 66 | no database, no folder for it, a path that cannot be followed (`unreachablePath`) |
    /// | 70 | `internalError`, `underlying` store failures |
    /// | 74 | not a SQLite database, damaged, not formctl's, or holding a value formctl cannot use (`unusableValue`) |
    /// | 75 | busy |
    /// | 77 | read-only, permission denied |
    /// | 78 | schema too new |
    ///
    /// `check` failing is not an error: `CheckReport.exitCode` is 1 then.
    public var exitCode: Int32 {
        switch self {
        case .fieldNotFound: 1
        case .internalError: 70
        case .store(let error):
            switch error {
            case .unknownField, .unknownRow, .duplicateField, .outOfRange, .rowNotEmpty, .invalidPath,
                 .unknownPage, .duplicatePage, .pageNotEmpty, .lastPage, .rowOnOtherPage, .tabBarHeightOutOfRange: 64
            case .invalidValue: 65
            case .noDatabase, .noFolder, .unreachablePath: 66
            case .notADatabase, .notAFormDatabase, .unusableValue: 74
            case .busy: 75
            case .readOnly, .permissionDenied: 77
            case .schemaTooNew: 78
            case .underlying: 70
            }
        }
    }
}
