/// Everything a FormKit operation can fail with: a value with a message a
/// user can act on (`description`) and a `code` to match on.
///
/// FormKit knows nothing of exit codes or HTTP statuses: a front end maps
/// `code` to its own (the formctl CLI to sysexits-style exit codes, a
/// server to statuses), each in one table, as GRDB's `DatabaseError` carries
/// SQLite's result codes for its callers to interpret.
public enum FormKitError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The store refused or failed: a missing or foreign file, a busy or
    /// read-only database, an unknown field or row, a refused value or rule…
    case store(FormStoreError)
    /// `StoredForm.field(_:)` (`formctl get`) found no field with this key.
    /// Unlike the other operations, where an unknown key is a mistake in
    /// the request, this is an answer (as `git config --get`);
    /// `suggestion` is the nearest existing key.
    case fieldNotFound(key: String, suggestion: String?)
    /// A file the user gave (a form file, a JSON Schema, a values file)
    /// does not parse or says something that cannot hold; each problem
    /// names its place. Nothing was written.
    case badFile([FileProblem])
    /// `submit` found shown fields that do not pass `check` (the report
    /// lists them); nothing was stored. `submit --draft` stores anyway.
    case checkFailed(CheckReport)
    /// A failure that is formctl's fault, not the user's.
    case internalError(String)
    /// The store of responses kept apart from the file (PostgreSQL,
    /// `--responses`) refused or failed.
    case responseStore(ResponseStoreFailure)

    /// What kind of failure this is, for a front end to match on and map to
    /// its exit codes or statuses. Several errors share a code when a user
    /// does the same thing about them.
    public enum Code: String, CaseIterable, Sendable {
        /// A look-up found no such field: an answer, not a mistake (`get`).
        case fieldNotFound
        /// The form does not pass `check`, so it was not submitted.
        case checkFailed
        /// The request names a field, row, page or response that does not exist.
        case unknownName
        /// The request clashes with the form as it is: a key in use, a row
        /// or page that still holds fields, the last page, a row on another
        /// page, a form file that leaves out fields holding values (without
        /// `--prune`), a response that is not a draft opened for editing, a
        /// draft opened over values that were not submitted, a read-only
        /// field set without `--force`.
        case conflict
        /// A number outside its range: a row width, a tab bar height.
        case outOfRange
        /// A path that cannot name a form's file (empty, `:memory:`, a URI,
        /// a trailing `/`, too long).
        case invalidPath
        /// A value, key, label or rule the store refuses (NUL, invalid
        /// UTF-8, a pattern that does not compile, a minimum above the
        /// maximum).
        case invalidValue
        /// There is no database at the path, or no folder for it, or the
        /// path cannot be followed.
        case noDatabase
        /// The file is not a SQLite database, is damaged (its pages or its
        /// schema), is someone else's, or holds a value formctl cannot use.
        case unusableDatabase
        /// Another connection held the lock past the busy timeout.
        case busy
        /// The file or its folder cannot be written, or cannot be read.
        case readOnly
        /// A newer formctl wrote the database.
        case schemaTooNew
        /// The store of responses (PostgreSQL) does not answer: no server
        /// at its address, or it went away.
        case unavailable
        /// The store of responses (PostgreSQL) holds responses of another
        /// form: its recorded fingerprint is not this form's.
        case formDiffers
        /// A form, schema or values file that does not parse or cannot
        /// hold (each problem with file:line:column).
        case badFile
        /// formctl's own fault, or a failure of the system below it (disk
        /// full, I/O error).
        case internalError
    }

    /// What kind of failure this is.
    public var code: Code {
        switch self {
        case .fieldNotFound: .fieldNotFound
        case .checkFailed: .checkFailed
        case .badFile: .badFile
        case .internalError: .internalError
        case .responseStore(let failure): failure.code
        case .store(let error):
            switch error {
            case .unknownField, .unknownRow, .unknownPage, .unknownResponse, .unknownRepeat: .unknownName
            case .duplicateField, .duplicatePage, .rowNotEmpty, .pageNotEmpty, .lastPage, .rowOnOtherPage, .rowInGroup, .fieldsHoldValues, .valuesNotKept,
                 .responseNotDraft, .unsavedValues, .alreadySubmitted, .instancesRefused, .readOnlyField: .conflict
            case .outOfRange, .tabBarHeightOutOfRange: .outOfRange
            case .invalidPath: .invalidPath
            case .invalidValue: .invalidValue
            case .noDatabase, .noFolder, .unreachablePath: .noDatabase
            case .notADatabase, .notAFormDatabase, .damagedSchema, .unusableValue: .unusableDatabase
            // Drafts open up as they are submitted or swept: try later.
            case .busy, .tooManyDrafts: .busy
            case .readOnly, .permissionDenied: .readOnly
            case .schemaTooNew: .schemaTooNew
            case .underlying, .diskFull: .internalError
            case .responseStore(let failure): failure.code
            }
        }
    }

    /// The message for the user: what happened and what to do about it.
    public var description: String {
        switch self {
        case .store(let error): error.description
        case .fieldNotFound(let key, let suggestion): FormStoreError.unknownField(key: key, suggestion: suggestion).description
        case .badFile(let problems): problems.map(\.description).joined(separator: "\n")
        case .checkFailed(let report):
            "not submitted: \(report.problems.count == 1 ? "a shown field does" : "\(report.problems.count) shown fields do") not pass check ("
                + report.problems.map { "\($0.key): \($0.reason)" }.joined(separator: "; ")
                + "); fix \(report.problems.count == 1 ? "it" : "them"), or store the values as a draft with --draft"
        case .internalError(let message): "internal error: \(message)"
        case .responseStore(let failure): failure.message
        }
    }
}

extension ResponseStoreFailure {
    /// The FormKit error code it gives.
    var code: FormKitError.Code {
        switch kind {
        case .badAddress: .invalidPath
        case .unreachable: .unavailable
        case .loginRefused: .readOnly
        case .noDatabase: .noDatabase
        case .formDiffers: .formDiffers
        case .draftsOpen: .conflict
        case .schemaTooNew: .schemaTooNew
        case .refusedRow: .invalidValue
        case .failed: .internalError
        }
    }
}
