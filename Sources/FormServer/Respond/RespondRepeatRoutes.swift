import FormKit
import Hummingbird

/// A respondent's own instances in `--collect` mode (docs/serve.md), as
/// `RepeatRoutes` are the owner's: `GET /api/respond/repeats/{path}` lists
/// the instances of their form, `POST` adds one at the end (201
/// `{"path": "children.3"}`), `DELETE /api/respond/repeats/{path}.{n}`
/// removes one. They change the respondent's draft alone (none yet: a new
/// draft, as a first answer makes, with the cookie set and
/// `X-Formctl-Draft: new`), never the owner's form or another draft. A
/// path that names no repeat (or no instance) is 404 `unknownName`; a
/// change the repeat's `min_count` or `max_count` refuses is 409
/// `conflict`, nothing written.
struct RespondRepeatRoutes: Sendable {
    let form: StoredForm
    let settings: CollectSettings
    let feed: RespondentFeed

    func add(to group: RouterGroup<ServerContext>) {
        group.get("repeats/:path") { request, context in
            let path = try context.parameters.require("path")
            let respondent = RespondentCookie.respondent(of: request)
            let text = try await answer(path, names: .repeat, respondent) { () throws(FormKitError) in
                try JSONText.encode(try form.respondentForm(respondent).instances(of: path))
            }
            return textResponse(text, contentType: "application/json; charset=utf-8")
        }
        group.post("repeats/:path") { request, context in
            let path = try context.parameters.require("path")
            let cookie = RespondentCookie.respondent(of: request)
            let written = try await answer(path, names: .repeat, cookie) { () throws(FormKitError) in
                let added = try form.addInstance(to: path, cookie: cookie, limits: settings.limits)
                return (try JSONText.encode(RepeatRoutes.Added(path: added.path)), added.respondent, added.created)
            }
            return respond(written, status: .created, to: request)
        }
        group.delete("repeats/:path") { request, context in
            let path = try context.parameters.require("path")
            let cookie = RespondentCookie.respondent(of: request)
            let written = try await answer(path, names: .instance, cookie) { () throws(FormKitError) in
                let removed = try form.removeInstance(path, cookie: cookie, limits: settings.limits)
                let listing = try removed.form.instances(of: FieldPath.parent(of: path) ?? path)
                return (try JSONText.encode(listing), removed.respondent, removed.created)
            }
            return respond(written, status: .ok, to: request)
        }
    }

    /// A write's answer: its JSON, the cookie naming the respondent who
    /// wrote, `X-Formctl-Draft: new` when the write made their draft; their
    /// feed is told.
    private func respond(_ written: (body: String, respondent: RespondentID, created: Bool), status: HTTPResponse.Status,
                         to request: Request) -> Response {
        feed.notify(written.respondent)
        var response = textResponse(written.body, contentType: "application/json; charset=utf-8")
        response.status = status
        response.headers[.setCookie] = RespondentCookie.setCookie(written.respondent, ttl: settings.draftTTL, request: request)
        if written.created { response.headers[HeaderName.formctlDraft] = "new" }
        return response
    }

    /// `body`'s result, or its refusal as the API answers it, where a
    /// `path` that names no group of kind `kind` in the respondent's form
    /// is 404 `unknownName`.
    private func answer<T: Sendable>(_ path: String, names kind: FormGroup.Kind, _ respondent: RespondentID?,
                                     _ body: @escaping @Sendable () throws(FormKitError) -> T) async throws(APIError) -> T {
        let form = self.form
        return try await DatabaseWork.run { () throws(APIError) -> T in
            do throws(FormKitError) {
                return try body()
            } catch {
                if case .store(.instancesRefused) = error, (try? form.respondentForm(respondent).form.group(path)?.kind) != kind {
                    throw APIError(error, answeredAs: .unknownName)
                }
                throw APIError(error)
            }
        }
    }
}
