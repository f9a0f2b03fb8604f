import FormKit
import Hummingbird
import ServiceLifecycle

/// The respondents' routes in `--collect` mode (docs/serve.md): `GET /`,
/// their own page, and `/api/respond/…`, each answering from the
/// respondent's own form, named by their cookie (`RespondentCookie`): the
/// draft it names, or the blank form. Nothing here reads or writes the
/// form's shared values or another respondent's draft.
///
/// Reads make nothing. A write (`PUT` a field, `POST` submit) without a
/// cookie that names an open draft makes a new id, sets the cookie and
/// starts a draft; with `--once`, a cookie that has submitted gets 409
/// `alreadySubmitted` instead. A client's own id is never adopted unless
/// it already names a draft, so a planted cookie names nothing.
struct RespondRoutes: Sendable {
    let form: StoredForm
    let body: RequestBodyReader
    let settings: CollectSettings
    let feed: RespondentFeed
    /// The blank form's page, drawn once while the form stays the same.
    let blankPages = BlankPageCache()

    /// `POST /api/respond/submit`'s answer.
    struct Submitted: Encodable { let status: String }

    func add(to router: some RouterMethods<ServerContext>) {
        router.get("/") { request, _ in
            let respondent = RespondentCookie.respondent(of: request)
            let query = PageRoutes.query(of: request)
            let (html, status) = await DatabaseWork.run {
                pageHTML(respondent, page: query["page"], outcome: PageOutcome(query: query), focus: query["focus"])
            }
            return PageRoutes.html(html, status: status, to: request)
        }
        // The plain form post, for a browser without script: the values
        // that differ from the respondent's are answered one by one, then
        // a repeat's Add or an instance's Remove is done, or the draft is
        // submitted when Submit was pressed.
        router.post("/") { request, _ in
            let post = FormPostBody(bytes: try await body.bytes(of: request).readableBytesView)
            let page = post.page ?? PageRoutes.query(of: request)["page"]
            let cookie = RespondentCookie.respondent(of: request)
            let (respondent, outcome, focus) = await DatabaseWork.run { save(post, cookie: cookie) }
            if let respondent { feed.notify(respondent) }
            var items: [String] = []
            if let page { items.append("page=" + PageLink.queryValue(page)) }
            if let outcome { items.append(outcome.query) }
            if let focus { items.append("focus=" + PageLink.queryValue(focus)) }
            var response = Response(status: .seeOther, headers: [.location: "/" + (items.isEmpty ? "" : "?" + items.joined(separator: "&")),
                                                                 .cacheControl: "no-store"])
            if let respondent {
                response.headers[.setCookie] = RespondentCookie.setCookie(respondent, ttl: settings.draftTTL, request: request)
            }
            return response
        }
        let api = router.group("api/respond")
        RespondRepeatRoutes(form: form, settings: settings, feed: feed).add(to: api)
        api.get("fields") { request, _ in
            let respondent = RespondentCookie.respondent(of: request)
            let page = request.uri.queryParameters["page"].map(String.init)
            return try await json { () throws(FormKitError) in
                try form.respondentForm(respondent).fieldListings(page: page).map(FieldListingJSON.init)
            }
        }
        api.get("fields/:key") { request, context in
            let key = try context.parameters.require("key")
            let respondent = RespondentCookie.respondent(of: request)
            return try await json { () throws(FormKitError) in
                let (field, shown) = try form.respondentForm(respondent).shownField(key)
                return FieldJSON(field, isShown: shown)
            }
        }
        api.put("fields/:key") { request, context in
            let key = try context.parameters.require("key")
            let change = try await body.valueChange(from: request)
            let cookie = RespondentCookie.respondent(of: request)
            let (respondent, field, created) = try await call { () throws(FormKitError) in
                let written = try form.answer(key, with: change.value, cookie: cookie, limits: settings.limits)
                let (field, shown) = try written.form.shownField(key)
                return (written.respondent, try JSONText.encode(FieldJSON(field, isShown: shown)), written.created)
            }
            feed.notify(respondent)
            var response = textResponse(field, contentType: "application/json; charset=utf-8")
            response.headers[.setCookie] = RespondentCookie.setCookie(respondent, ttl: settings.draftTTL, request: request)
            if created { response.headers[HeaderName.formctlDraft] = "new" }
            return response
        }
        api.get("minimap") { request, _ in
            let respondent = RespondentCookie.respondent(of: request)
            let page = request.uri.queryParameters["page"].map(String.init)
            return try await text(contentType: "application/json; charset=utf-8") { () throws(FormKitError) in
                try form.respondentForm(respondent).minimap(format: .json, page: page)
            }
        }
        api.post("submit") { request, _ in
            // The body is not read: a respondent's submit takes nothing.
            let cookie = RespondentCookie.respondent(of: request)
            let respondent = try await call { () throws(FormKitError) in
                try form.submitDraft(cookie: cookie, limits: settings.limits).respondent
            }
            feed.notify(respondent)
            var response = try await json { () throws(FormKitError) in Submitted(status: "complete") }
            response.status = .created
            // Kept after the submit: it names no draft until the next
            // write, and under --once it says this respondent submitted.
            response.headers[.setCookie] = RespondentCookie.setCookie(respondent, ttl: settings.draftTTL, request: request)
            return response
        }
        api.get("events") { request, _ in
            let respondent = RespondentCookie.respondent(of: request)
            let page = request.uri.queryParameters["page"].map(String.init)
            // An unknown page is a 404 before the stream starts.
            _ = try await call { () throws(FormKitError) in try form.respondentForm(respondent).minimap(format: .json, page: page) }
            let reconnecting = request.headers[HeaderName.lastEventID] != nil
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store", HeaderName.xAccelBuffering: "no"],
                body: ResponseBody { writer in
                    try await stream(respondent, page: page, reconnecting: reconnecting, to: &writer)
                })
        }
    }

    /// Saves a respondent's plain form post: the posted values that differ
    /// from their form's, each answered as `PUT` answers it, then the Add
    /// or Remove asked for, or a submit when Submit was pressed, once
    /// every value was saved. A page drawn before their instances changed
    /// (in another tab: `InstanceCounts`) has none of its values inside
    /// repeats saved, as the owner's page does. Returns the respondent
    /// written as (nil: nothing written), what to show and what to focus.
    /// Blocking: on a database thread.
    private func save(_ post: FormPostBody, cookie: RespondentID?) -> (RespondentID?, PageOutcome?, String?) {
        var respondent: RespondentID?
        do throws(FormKitError) {
            let current = try form.respondentForm(cookie)
            let isStale = post.instances != nil && post.instances != InstanceCounts.of(current.form)
            var notSaved: [String] = []
            var code = PageOutcome.Reason.store(.invalidValue)
            for (key, value) in post.changes(from: current.form.fields) {
                if isStale, InstanceCounts.isInRepeat(key, of: current.form) {
                    notSaved.append(key)
                    code = .store(.conflict)
                    continue
                }
                guard let value else {
                    notSaved.append(key)
                    continue
                }
                do throws(FormKitError) {
                    // One post writes as one respondent: the first answer's.
                    respondent = try form.answer(key, with: value, cookie: respondent ?? cookie, limits: settings.limits).respondent
                } catch {
                    notSaved.append(key)
                    code = PageOutcome.Reason(error)
                }
            }
            if !notSaved.isEmpty { return (respondent, .notSaved(keys: notSaved, code: code), nil) }
            if let action = post.repeatAction {
                do throws(FormKitError) {
                    let done = try action.perform(on: form, cookie: respondent ?? cookie, limits: settings.limits)
                    return (done.respondent, nil, done.focus)
                } catch {
                    return (respondent, .repeatRefused(path: action.path, code: PageOutcome.Reason(error)), nil)
                }
            }
            guard post.submits else { return (respondent, nil, nil) }
            respondent = try form.submitDraft(cookie: respondent ?? cookie, limits: settings.limits).respondent
            return (respondent, .submittedOwn, nil)
        } catch .checkFailed {
            return (respondent, .checkFailed, nil)
        } catch {
            return (respondent, .failed(code: PageOutcome.Reason(error)), nil)
        }
    }

    /// The respondent's page `page` (nil: the one the form shows) with
    /// `outcome` (and `focus`, see `PageHTML.focus`), and its status; an error as a short HTML page. Blocking.
    private func pageHTML(_ respondent: RespondentID?, page: String?, outcome: PageOutcome?,
                          focus: String?) -> (html: String, status: HTTPResponse.Status) {
        do throws(FormKitError) {
            let own = try form.respondentForm(respondent)
            if own.draft == nil, outcome == nil, focus == nil {
                let html = try blankPages.html(for: own.form, page: page) { () throws(FormKitError) in
                    PageHTML(snapshot: try PageSnapshot.load(from: own, page: page), outcome: nil, report: nil, paths: .respondent).html
                }
                return (html, .ok)
            }
            let snapshot = try PageSnapshot.load(from: own, page: page)
            let report = outcome == .checkFailed ? own.check : nil
            return (PageHTML(snapshot: snapshot, outcome: outcome, report: report, paths: .respondent, focus: focus).html, .ok)
        } catch {
            let answer = APIError(error)
            return (ErrorPageHTML(error: error).html, answer.status)
        }
    }

    /// Writes `respondent`'s events until the client goes or the server stops.
    private func stream(_ respondent: RespondentID?, page: String?, reconnecting: Bool, to writer: inout any ResponseBodyWriter) async throws {
        let subscription = await DatabaseWork.run { [feed] in feed.subscribe(respondent: respondent, page: page, reconnecting: reconnecting) }
        try await subscription.write(forPage: page, to: &writer)
    }
}
