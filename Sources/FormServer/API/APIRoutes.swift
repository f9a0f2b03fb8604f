import FormKit
import Foundation
import Hummingbird

/// The JSON API under `/api` (docs/serve.md and `/openapi.json` describe
/// it); the page's script uses it too. Each route is one FormKit call on
/// the server's session, answered in the shape the matching CLI command
/// prints with `--json`.
struct APIRoutes: Sendable {
    let form: StoredForm
    let body: RequestBodyReader
    /// Where `PUT /api/fields/{key}` writes go: stored with the writes that
    /// come in beside them (`ValueWriteQueue`).
    let writes: ValueWriteQueue
    /// The listings and minimaps as last computed, while nothing changed.
    let cache: ReadCache

    /// `POST /api/submit`'s body (optional).
    struct SubmitRequest: Decodable { var draft: Bool? }
    /// `POST /api/submit`'s answer: the stored response's id and status.
    struct Submitted: Encodable { let id: Int64, status: String }

    func add(to router: some RouterMethods<ServerContext>) {
        let api = router.group("api")
        // `?page=KEY`: that page's fields or minimap only (each browser
        // shows the page it chose; choosing writes nothing).
        api.get("fields") { request, _ in
            let page = request.uri.queryParameters["page"].map(String.init)
            return try await cache.answer(ReadCache.route("fields", page: page), contentType: "application/json; charset=utf-8") {
                () throws(FormKitError) in try JSONText.encode(try form.fieldListings(page: page).map(FieldListingJSON.init))
            }
        }
        api.get("fields/:key") { _, context in
            let key = try context.parameters.require("key")
            return try await json { () throws(FormKitError) in
                let (field, shown) = try form.shownField(key)
                return FieldJSON(field, isShown: shown)
            }
        }
        api.put("fields/:key") { request, context in
            let key = try context.parameters.require("key")
            let change = try await body.valueChange(from: request)
            let written: (field: Field, isShown: Bool)
            do throws(FormKitError) {
                written = try await writes.set(key, to: change.value)
            } catch {
                throw APIError(error)
            }
            return try jsonResponse(FieldJSON(written.field, isShown: written.isShown))
        }
        api.get("minimap") { request, _ in
            let page = request.uri.queryParameters["page"].map(String.init)
            return try await cache.answer(ReadCache.route("minimap", page: page), contentType: "application/json; charset=utf-8") {
                () throws(FormKitError) in try form.minimap(format: .json, page: page)
            }
        }
        api.get("minimap.svg") { request, _ in
            let page = request.uri.queryParameters["page"].map(String.init)
            return try await cache.answer(ReadCache.route("minimap.svg", page: page), contentType: "image/svg+xml; charset=utf-8") {
                () throws(FormKitError) in try form.minimap(format: .svg, page: page)
            }
        }
        api.post("submit") { request, _ in
            let submit = try await body.decode(SubmitRequest.self, from: request, empty: SubmitRequest())
            let stored = try await call { () throws(FormKitError) in try form.submit(draft: submit.draft ?? false) }
            var response = try await json { () throws(FormKitError) in Submitted(id: stored.response.id, status: stored.response.status.rawValue) }
            response.status = .created
            return response
        }
    }
}

/// Runs a FormKit call on the database's threads (`DatabaseWork`),
/// turning its error into the API's.
func call<T: Sendable>(_ body: @escaping @Sendable () throws(FormKitError) -> T) async throws(APIError) -> T {
    do throws(FormKitError) {
        return try await DatabaseWork.run(body)
    } catch {
        throw APIError(error)
    }
}

/// A FormKit call's result as a JSON response (`JSONText`: sorted keys, as
/// the CLI prints).
func json<T: Encodable & Sendable>(_ body: @escaping @Sendable () throws(FormKitError) -> T) async throws(APIError) -> Response {
    let text = try await call { () throws(FormKitError) in try JSONText.encode(try body()) }
    return textResponse(text, contentType: "application/json; charset=utf-8")
}

/// A FormKit call's text as a response of `contentType`.
func text(contentType: String, _ body: @escaping @Sendable () throws(FormKitError) -> String) async throws(APIError) -> Response {
    textResponse(try await call(body), contentType: contentType)
}

/// `value` as a JSON response (`JSONText`: sorted keys, as the CLI prints).
func jsonResponse(_ value: some Encodable) throws(APIError) -> Response {
    do throws(FormKitError) {
        return textResponse(try JSONText.encode(value), contentType: "application/json; charset=utf-8")
    } catch {
        throw APIError(error)
    }
}

/// `text` as a 200 response of `contentType`.
func textResponse(_ text: String, contentType: String) -> Response {
    Response(status: .ok, headers: [.contentType: contentType], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
}
