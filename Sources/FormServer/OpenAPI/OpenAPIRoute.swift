import Hummingbird

/// `GET /openapi.json`: the API's OpenAPI 3.1 document (`OpenAPIDocument`).
struct OpenAPIRoute: Sendable {
    func add(to router: Router<ServerContext>) {
        router.get("openapi.json") { _, _ in
            textResponse(OpenAPIDocument.json, contentType: "application/json; charset=utf-8")
        }
    }
}
