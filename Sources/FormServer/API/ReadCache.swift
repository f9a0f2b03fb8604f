import FormKit
import Synchronization

/// Answers of read routes kept while the database has not changed: each
/// answer is stored with the `ReadVersion` read just before it was
/// computed, and given again while a reader sees that same version. A
/// commit by anyone (this server, another `formctl`, the `sqlite3` shell)
/// changes every reader's version, so no answer outlives a change.
///
/// Computing `GET /api/fields` is a read of the whole form and its JSON;
/// looking up the version is one pragma.
final class ReadCache: Sendable {
    private struct Entry {
        let version: ReadVersion
        let text: String
    }

    /// Each reader's versions count on their own, so answers are kept per
    /// reader.
    private struct Key: Hashable {
        let route: String
        let connection: ObjectIdentifier
    }

    private let session: FormSession
    private let entries = Mutex([Key: Entry]())
    /// Answers kept at most (routes × pages): past it the cache starts
    /// again empty, so no request can grow it without bound.
    private let capacity: Int

    init(session: FormSession, capacity: Int = 256) {
        self.session = session
        self.capacity = capacity
    }

    /// The answer kept for `key` if nothing changed since it was
    /// computed; otherwise `compute`'s, kept. Errors are not kept.
    func text(for key: String, _ compute: () throws(FormKitError) -> String) throws(FormKitError) -> String {
        guard let version = session.readVersion() else { return try compute() }
        let key = Key(route: key, connection: version.connection)
        if let entry = entries.withLock({ $0[key] }), entry.version == version { return entry.text }
        let text = try compute()
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = Entry(version: version, text: text)
        }
        return text
    }

    /// The cache key of `name`'s answer for `page` (nil: the selected one).
    static func route(_ name: String, page: String?) -> String {
        guard let page else { return name }
        return name + "?page=" + page
    }
}
