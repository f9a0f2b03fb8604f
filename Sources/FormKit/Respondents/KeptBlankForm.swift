import FormStore
import Synchronization

/// The blank respondent form of a session's file
/// (`StoredForm.blankRespondentForm()`), kept while the file has not
/// changed: what a store of drafts apart from the file (PostgreSQL) makes
/// every respondent's form from, at each of their requests. The file's
/// own drafts keep theirs inside the write (FormStore's
/// `BlankFormMemory`); here the check is the session's `readVersion()`,
/// one pragma, and any commit to the file (the owner's values, a new
/// structure, `sqlite3`) reads the form afresh.
public final class KeptBlankForm: Sendable {
    private struct Kept {
        let version: ReadVersion
        let form: FormDefinition
    }

    private let session: FormSession
    private let kept = Mutex<Kept?>(nil)

    /// The blank form of `session`'s file.
    public init(session: FormSession) {
        self.session = session
    }

    /// The blank form as the file holds it now.
    public func form() throws(FormStoreError) -> FormDefinition {
        let version = session.readVersion()
        if let version, let kept = kept.withLock({ $0 }), kept.version == version { return kept.form }
        let form: FormDefinition
        do throws(FormKitError) {
            form = try session.file.blankRespondentForm()
        } catch {
            if case .store(let error) = error { throw error }
            throw .underlying(message: error.description)
        }
        if let version { kept.withLock { $0 = Kept(version: version, form: form) } }
        return form
    }
}
