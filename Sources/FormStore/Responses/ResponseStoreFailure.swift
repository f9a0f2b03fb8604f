/// A store of responses kept apart from the form's file (PostgreSQL)
/// refused or failed: what `FormKitError.responseStore` carries.
///
/// The store's own target reports its errors in its own type and turns
/// them into this where FormStore's callers see them
/// (`FormStoreError.responseStore`, FormKit's `FormKitError.responseStore`),
/// so that a front end's one table of exit codes (or statuses) covers them
/// as it covers every other error. Each kind names the FormKit code it
/// gives.
public struct ResponseStoreFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure, each with the `FormKitError.Code` it gives.
    public enum Kind: String, Sendable, CaseIterable {
        /// The store's address does not parse (`invalidPath`).
        case badAddress
        /// Nothing answers at the address, or it stopped answering (`unavailable`).
        case unreachable
        /// The server refused the user or the password (`readOnly`: permission denied).
        case loginRefused
        /// The server has no database of that name (`noDatabase`).
        case noDatabase
        /// The store holds responses of another form (`formDiffers`).
        case formDiffers
        /// `--replace-form` while drafts of the old form are open (`conflict`).
        case draftsOpen
        /// The store's schema is newer than this formctl's (`schemaTooNew`).
        case schemaTooNew
        /// A row the store refuses or one formctl cannot read (`invalidValue`).
        case refusedRow
        /// Anything else (`internalError`).
        case failed
    }

    /// What kind of failure this is.
    public var kind: Kind
    /// The store's message, one line.
    public var message: String

    /// A failure of `kind` saying `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
