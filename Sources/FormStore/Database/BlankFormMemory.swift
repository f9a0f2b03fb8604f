import FormModel
import GRDB
import Synchronization

/// The blank form (every field at its `default`), as respondents start
/// from it, kept on a shared database for the respondents' writes
/// (`writeDraftAnswer`, `submitDraft`), so that a respondent's answer
/// reads their draft's answers but not the whole form.
///
/// Kept with the writer's `ConnectionVersion` and used while that version
/// holds, as `WrittenForm` is; and since respondents' writes change only
/// responses, answers and history, never anything the blank form is made
/// of, each moves the kept version past itself (`unchanged(since:_:)`), so
/// that thirty people answering at once do not make each other read the
/// form again. Any other write (the owner's values, a structure change, a
/// refresh), in this process or another, leaves the version behind and
/// the next respondent's write reads the form afresh.
///
/// Everything here runs on the writer, inside a transaction. A
/// transaction that rolls back as a whole may have been read from (a
/// structure change in the same group that never committed), so the group
/// forgets the kept form then (`forget()`).
final class BlankFormMemory: Sendable {
    private struct Kept {
        var version: ConnectionVersion
        var form: FormDefinition
    }

    private let kept = Mutex<Kept?>(nil)
    private let reads = Mutex(0)

    /// How many times the form was read, not taken from memory (for tests).
    var readCount: Int { reads.withLock { $0 } }

    /// The blank form as the writer `db` sees it: the kept one while the
    /// writer has not moved since it was kept, else read now (and kept),
    /// with the version it is kept at.
    /// `shape` makes the blank form of the form as stored; it is the same
    /// for every call on one database (the caller's one way of shaping).
    func form(on db: Database, shape: RespondentShape) throws -> (form: FormDefinition, version: ConnectionVersion) {
        let now = try ConnectionVersion(db)
        if let kept = kept.withLock({ $0 }), kept.version == now { return (kept.form, now) }
        let form = try shape.form(try FormTables.definition(db), [:])
        reads.withLock { $0 += 1 }
        kept.withLock { $0 = Kept(version: now, form: form) }
        return (form, now)
    }

    /// Says that the writes on `db` since `version` (a respondent's:
    /// responses, answers, history) left the blank form as it was: the
    /// kept form, if it is still the one kept at `version`, holds at the
    /// writer's version now.
    func unchanged(since version: ConnectionVersion, on db: Database) throws {
        let now = try ConnectionVersion(db)
        kept.withLock { kept in
            if kept?.version == version { kept?.version = now }
        }
    }

    /// Lets the kept form go (a group's transaction rolled back).
    func forget() {
        kept.withLock { $0 = nil }
    }
}
