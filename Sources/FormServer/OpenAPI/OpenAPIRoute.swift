import Hummingbird

/// `GET /openapi.json`: the API's OpenAPI document (`OpenAPIDocument`) for
/// the mode the server runs in. In `--collect` mode, whoever does not
/// carry the token (a respondent) gets the respondents' routes only.
struct OpenAPIRoute: Sendable {
    /// `--collect` mode's token check (the owner's); nil without `--collect`.
    var owner: TokenCheck?
    /// Whether the server runs with `--collect`.
    var collects = false

    func add(to router: some RouterMethods<ServerContext>) {
        router.get("openapi.json") { request, _ in
            let mode: OpenAPIDocument.Mode
            if !collects {
                mode = .shared
            } else {
                mode = owner.map { $0.admits(request) } ?? true ? .collect : .respondent
            }
            return textResponse(OpenAPIDocument.json(mode), contentType: "application/json; charset=utf-8")
        }
    }
}
