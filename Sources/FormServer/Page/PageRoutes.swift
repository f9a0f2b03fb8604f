import FormKit
import Hummingbird

/// The page in a browser: `GET /` (`?page=KEY` chooses the page, writing
/// nothing), `POST /` (the plain form post, for a browser without script)
/// and the page's files, `GET /assets/NAME.HASH.EXT` (`PageAssets`). The page's script then talks to the JSON API and
/// `/api/events`. Each page route's FormKit work runs on the database's
/// threads (`DatabaseWork`), as the API's does.
struct PageRoutes: Sendable {
    let form: StoredForm
    let body: RequestBodyReader
    /// Where the page is: `/`, or `/owner` in `--collect` mode (where `/`
    /// is each respondent's own page).
    var paths = PagePaths.shared

    func add(to router: some RouterMethods<ServerContext>) {
        router.get(RouterPath(paths.page)) { request, _ in
            let query = Self.query(of: request)
            let (html, status) = await DatabaseWork.run { page(query["page"], outcome: PageOutcome(query: query), focus: query["focus"]) }
            return Self.html(html, status: status, to: request)
        }
        router.post(RouterPath(paths.page)) { request, _ in
            let post = FormPostBody(bytes: try await body.bytes(of: request).readableBytesView)
            let page = post.page ?? Self.query(of: request)["page"]
            let (outcome, focus) = await DatabaseWork.run { saveAndChange(post) }
            var location = paths.page
            var items: [String] = []
            if let page { items.append("page=" + PageLink.queryValue(page)) }
            if let outcome { items.append(outcome.query) }
            if let focus { items.append("focus=" + PageLink.queryValue(focus)) }
            if !items.isEmpty { location += "?" + items.joined(separator: "&") }
            return Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
        }
        router.get("assets/:file") { request, _ in
            guard let asset = PageAssets.asset(at: request.uri.path) else { throw APIError.routeNotFound }
            return asset.response(to: request)
        }
    }

    /// The HTML of page `key` (nil: the one the form shows) with
    /// `outcome` (and `focus`, see `PageHTML.focus`), and its status; an error (an unknown page: 404) as a
    /// short HTML page with the CLI's message and its status. Blocking:
    /// called on `DatabaseWork`'s threads.
    func page(_ key: String?, outcome: PageOutcome?, focus: String? = nil) -> (html: String, status: HTTPResponse.Status) {
        do throws(FormKitError) {
            let snapshot = try PageSnapshot.load(from: form, page: key)
            let report = outcome == .checkFailed ? try form.check() : nil
            return (PageHTML(snapshot: snapshot, outcome: outcome, report: report, paths: paths, focus: focus).html, .ok)
        } catch {
            return (ErrorPageHTML(error: error).html, HTTPStatusTable.status(for: error.code))
        }
    }

    /// Saves the posted values (`save`), then adds or removes the instance
    /// an Add or Remove button asked for, when every value was saved.
    /// Returns what to show and what to focus (`PageHTML.focus`).
    /// Blocking: called on `DatabaseWork`'s threads.
    func saveAndChange(_ post: FormPostBody) -> (outcome: PageOutcome?, focus: String?) {
        let outcome = save(post)
        // A page that is not saved whole (a stale page's values in repeats
        // among them) adds or removes nothing.
        guard outcome == nil, let action = post.repeatAction else { return (outcome, nil) }
        do throws(FormKitError) {
            return (nil, try action.perform(on: form))
        } catch {
            return (.repeatRefused(path: action.path, code: PageOutcome.Reason(error)), nil)
        }
    }

    /// Saves the posted values that differ from the stored ones (a value
    /// left as it was is not written again, so another browser's change to
    /// it stands) in one transaction (`loadValues`: one commit, one layout),
    /// then submits when Submit was pressed and every value was saved.
    /// Returns what to show. Blocking: called on `DatabaseWork`'s threads.
    ///
    /// A value refused on its own (not UTF-8 text, a NUL, a field that no
    /// longer exists) is left out and named, and the others are still
    /// saved, as when each value was set by itself; a failure of the whole
    /// write (busy, read-only) names every value it would have saved.
    ///
    /// A page drawn before an instance was added or removed elsewhere
    /// (`InstanceCounts`) has none of its values inside repeats saved:
    /// their numbers may name other instances now. They are named, with
    /// `conflict`.
    func save(_ post: FormPostBody) -> PageOutcome? {
        let current = try? form.editableForm()
        let posted = post.changes(from: current?.fields ?? [])
        let isStale = current.map { post.instances != nil && post.instances != InstanceCounts.of($0) } ?? false
        var refused: [String: PageOutcome.Reason] = [:]
        var pending: [(key: String, value: String)] = []
        for (key, value) in posted {
            if isStale, let current, InstanceCounts.isInRepeat(key, of: current) {
                refused[key] = .store(.conflict)
            } else if let value {
                pending.append((key, value))
            } else {
                refused[key] = .store(.invalidValue)
            }
        }
        // Each round either writes every pending value, or leaves out the
        // one key a refusal names (refused before anything is written),
        // or gives up on them all: it ends.
        while !pending.isEmpty {
            do throws(FormKitError) {
                _ = try form.loadValues(FormValues(entries: pending))
                pending = []
            } catch .store(.invalidValue(let key, _)) where pending.contains(where: { $0.key == key }) {
                refused[key] = refused[key] ?? .store(.invalidValue)
                pending.removeAll { $0.key == key }
            } catch .store(.unknownField(let key, _)) where pending.contains(where: { $0.key == key }) {
                refused[key] = refused[key] ?? .store(.unknownName)
                pending.removeAll { $0.key == key }
            } catch {
                for (key, _) in pending where refused[key] == nil { refused[key] = PageOutcome.Reason(error) }
                pending = []
            }
        }
        let notSaved = posted.map(\.key).filter { refused[$0] != nil }
        if let first = notSaved.first { return .notSaved(keys: notSaved, code: refused[first] ?? .store(.invalidValue)) }
        guard post.submits else { return nil }
        do throws(FormKitError) {
            return .submitted(id: try form.submit().response.id)
        } catch .checkFailed {
            return .checkFailed
        } catch {
            return .failed(code: PageOutcome.Reason(error))
        }
    }

    /// The query's parameters, the first of each name.
    static func query(of request: Request) -> [String: String] {
        var query: [String: String] = [:]
        for (name, value) in request.uri.queryParameters where query[String(name)] == nil {
            query[String(name)] = String(value)
        }
        return query
    }

    /// An HTML response, never cached (it shows live values).
    static func html(_ text: String, status: HTTPResponse.Status, to request: Request) -> Response {
        ContentCoding.response(ByteBuffer(string: text), status: status, to: request,
                               headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"])
    }
}
