import FormKit
import Hummingbird
import Synchronization

/// Answers of read routes kept while the database has not changed: each
/// answer is stored with the `ReadVersion` looked up just before it was
/// computed, and given again while the version is the same. A commit by
/// anyone (this server, another `formctl`, the `sqlite3` shell) changes
/// the version, so no answer outlives a change.
///
/// Computing `GET /api/fields` is a read of the whole form and its JSON on
/// a database thread; looking up the version is one pragma on a
/// connection of its own, done on the request's thread.
final class ReadCache: Sendable {
    private struct Entry {
        let version: ReadVersion
        let text: String
    }

    private let session: FormSession
    private let entries = Mutex([String: Entry]())
    /// Answers kept at most (routes × pages): past it the cache starts
    /// again empty, so no request can grow it without bound.
    private let capacity: Int

    init(session: FormSession, capacity: Int = 256) {
        self.session = session
        self.capacity = capacity
    }

    /// The answer kept for `route` if nothing changed since it was
    /// computed; otherwise `compute`'s (on the database threads), kept.
    /// Errors are not kept.
    func answer(_ route: String, contentType: String,
                _ compute: @escaping @Sendable () throws(FormKitError) -> String) async throws(APIError) -> Response {
        let version = session.readVersion()
        if let version, let entry = entries.withLock({ $0[route] }), entry.version == version {
            return textResponse(entry.text, contentType: contentType)
        }
        let text = try await call(compute)
        if let version {
            entries.withLock { entries in
                if entries.count >= capacity, entries[route] == nil { entries.removeAll(keepingCapacity: true) }
                entries[route] = Entry(version: version, text: text)
            }
        }
        return textResponse(text, contentType: contentType)
    }

    /// The cache key of `name`'s answer for `page` (nil: the selected one).
    static func route(_ name: String, page: String?) -> String {
        guard let page else { return name }
        return name + "?page=" + page
    }
}
