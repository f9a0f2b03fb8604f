import FormKit
import Hummingbird

/// The page in a browser: `GET /` (`?page=KEY` chooses the page, writing
/// nothing), `POST /` (the plain form post, for a browser without script)
/// and the static `GET /app.js` and `GET /app.css`, held in the binary as
/// string constants. The page's script then talks to the JSON API and
/// `/api/events`.
struct PageRoutes: Sendable {
    let form: StoredForm
    let body: RequestBodyReader

    func add(to router: Router<ServerContext>) {
        router.get("/") { request, _ in
            let query = Self.query(of: request)
            return page(query["page"], outcome: PageOutcome(query: query))
        }
        router.post("/") { request, _ in
            let post = FormPostBody(bytes: try await body.bytes(of: request).readableBytesView)
            let page = post.page ?? Self.query(of: request)["page"]
            let outcome = save(post)
            var location = "/"
            var items: [String] = []
            if let page { items.append("page=" + PageLink.queryValue(page)) }
            if let outcome { items.append(outcome.query) }
            if !items.isEmpty { location += "?" + items.joined(separator: "&") }
            return Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
        }
        router.get("app.js") { _, _ in
            Self.asset(PageScript.text, contentType: "text/javascript; charset=utf-8")
        }
        router.get("app.css") { _, _ in
            Self.asset(PageStyle.text, contentType: "text/css; charset=utf-8")
        }
    }

    /// The page `key` (nil: the one the form shows) with `outcome`; an
    /// error (an unknown page: 404) as a short HTML page with the CLI's
    /// message and its status.
    func page(_ key: String?, outcome: PageOutcome?) -> Response {
        do throws(FormKitError) {
            let snapshot = try PageSnapshot.load(from: form, page: key)
            let report = outcome == .checkFailed ? try form.check() : nil
            return Self.html(PageHTML(snapshot: snapshot, outcome: outcome, report: report).html, status: .ok)
        } catch {
            return Self.html(ErrorPageHTML(error: error).html, status: HTTPStatusTable.status(for: error.code))
        }
    }

    /// Saves each posted value that differs from the stored one (a value
    /// left as it was is not written again, so another browser's change to
    /// it stands), then submits when Submit was pressed and every value
    /// was saved. Returns what to show.
    func save(_ post: FormPostBody) -> PageOutcome? {
        var stored: [String: String] = [:]
        if let listings = try? form.fieldListings() {
            for listing in listings { stored[listing.field.key] = listing.field.value }
        }
        var notSaved: [String] = []
        var firstError: FormKitError.Code?
        for (key, value) in post.values where value == nil || stored[key] != value {
            guard let value else {
                notSaved.append(key)
                firstError = firstError ?? .invalidValue
                continue
            }
            do throws(FormKitError) {
                try form.set(key, to: value)
            } catch {
                notSaved.append(key)
                firstError = firstError ?? error.code
            }
        }
        if !notSaved.isEmpty { return .notSaved(keys: notSaved, code: firstError ?? .invalidValue) }
        guard post.submits else { return nil }
        do throws(FormKitError) {
            return .submitted(id: try form.submit().response.id)
        } catch .checkFailed {
            return .checkFailed
        } catch {
            return .failed(code: error.code)
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
    static func html(_ text: String, status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// A static asset; `no-cache` makes browsers ask again (a new formctl
    /// may serve a new script) while keeping it for the page's own loads.
    static func asset(_ text: String, contentType: String) -> Response {
        Response(status: .ok, headers: [.contentType: contentType, .cacheControl: "no-cache"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
