import Hummingbird

/// `GET /openapi.json`: the API's OpenAPI 3.1 document (`OpenAPIDocument`).
/// In `--collect` mode, whoever does not carry the token (a respondent)
/// gets the document without the owner's routes.
struct OpenAPIRoute: Sendable {
    /// The owner's token check in `--collect` mode; nil otherwise.
    var owner: TokenCheck?

    func add(to router: some RouterMethods<ServerContext>) {
        router.get("openapi.json") { request, _ in
            let whole = owner.map { $0.admits(request) } ?? true
            return textResponse(whole ? OpenAPIDocument.json : OpenAPIDocument.respondentJSON, contentType: "application/json; charset=utf-8")
        }
    }
}
