import FormStore

/// The database a `FormSession` keeps open, lent to the session's
/// `StoredForm` so that StoredForm's operations run on it: one copy of every
/// operation, whether a call opens the file or a session holds it.
///
/// Equal only to itself: a session's `StoredForm` is not the same value as a
/// plain `StoredForm` of that path, since it reads and writes through another
/// connection (and stops working when the session is closed).
final class OpenDatabase: Hashable, Sendable {
    let database: FormDatabase

    init(_ database: FormDatabase) {
        self.database = database
    }

    static func == (left: OpenDatabase, right: OpenDatabase) -> Bool { left === right }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
