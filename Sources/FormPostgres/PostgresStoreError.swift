import FormStore

/// Everything reaching responses in PostgreSQL can fail with: a message a
/// user can act on, in one line, and a kind for a front end to map to its
/// exit codes (formctl's are in CLISupport's one table).
public struct PostgresStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure, for the exit code.
    public enum Kind: String, Sendable, CaseIterable {
        /// The URI does not parse as a libpq URI, or names a parameter
        /// formctl does not take.
        case badURI
        /// Nothing answers at the URI's address (no server, no socket).
        case unreachable
        /// The server refused the user or the password.
        case loginRefused
        /// The server has no database of that name.
        case noDatabase
        /// The database holds responses of another form (its fingerprint
        /// differs from this form's).
        case formDiffers
        /// `--replace-form` while drafts of the old form are open.
        case draftsOpen
        /// The database's schema is newer than this formctl's migrations.
        case schemaTooNew
        /// A row the store refuses (a CHECK), or one formctl cannot read.
        case refusedRow
        /// Anything else the server or the connection reported.
        case failed
    }

    /// What kind of failure this is.
    public var kind: Kind
    /// The message, one line, without a `formctl:` prefix.
    public var message: String

    /// An error of `kind` saying `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

extension PostgresStoreError {
    /// The error as FormStore's callers see a separate store's failures
    /// (`FormStoreError.responseStore`, FormKit's `responseStore`).
    public var failure: ResponseStoreFailure {
        let kind: ResponseStoreFailure.Kind = switch kind {
        case .badURI: .badAddress
        case .unreachable: .unreachable
        case .loginRefused: .loginRefused
        case .noDatabase: .noDatabase
        case .formDiffers: .formDiffers
        case .draftsOpen: .draftsOpen
        case .schemaTooNew: .schemaTooNew
        case .refusedRow: .refusedRow
        case .failed: .failed
        }
        return ResponseStoreFailure(kind, message)
    }
}
