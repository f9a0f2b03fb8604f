import FormModel
import GRDB
import Synchronization

/// The form as this database's last planned value write left it, with
/// the minimap it stored, and the writing connection's `ConnectionVersion`
/// just after that write (inside its transaction). While the writer's
/// version is still that one, nobody has written since, in this process
/// or another, so the next plan, and a reader of the whole form (the
/// server's event feed), take the form from here instead of reading a
/// large form again.
///
/// Kept only once the write's transaction committed: a write that failed
/// leaves the memory as it was, and any later statement on the writer (a
/// savepoint rolled back too) moves the version past it.
struct WrittenForm: Sendable {
    let version: ConnectionVersion
    let form: FormDefinition
    let rects: [MinimapRect]
}

/// Where a shared database keeps its `WrittenForm`.
final class WrittenFormMemory: Sendable {
    private let last = Mutex<WrittenForm?>(nil)

    /// Remembers `written` (a write that committed).
    func keep(_ written: WrittenForm) {
        last.withLock { $0 = written }
    }

    /// The form last written, if the writer `db` has not moved since.
    func form(unchangedOn db: Database) throws -> WrittenForm? {
        guard let written = last.withLock({ $0 }) else { return nil }
        return try ConnectionVersion(db) == written.version ? written : nil
    }

    /// Whether a form is kept at all (before looking on the writer).
    var isEmpty: Bool { last.withLock { $0 == nil } }
}
