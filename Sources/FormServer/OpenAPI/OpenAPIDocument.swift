import Foundation

/// The OpenAPI 3.1 document of `formctl serve`'s HTTP interface, served at
/// `/openapi.json`: every route, its parameters and bodies, the error body
/// and the statuses (`HTTPStatusTable`; a test holds the two together).
enum OpenAPIDocument {
    /// The document without the owner's routes: what a respondent gets
    /// in `--collect` mode (`/`, `/api/respond/…`, `/openapi.json`).
    static let respondentJSON: String = {
        guard let data = json.data(using: .utf8),
              var document = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let paths = document["paths"] as? [String: Any] else { return "{}\n" }
        document["paths"] = paths.filter { path, _ in path == "/" || path == "/openapi.json" || path.hasPrefix("/api/respond/") }
        guard let filtered = try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]) else { return "{}\n" }
        return String(decoding: filtered, as: UTF8.self) + "\n"
    }()

    /// The document as JSON text: `Assets/openapi.json`, compiled into
    /// the binary (a test validates the API's answers against it).
    static let json = String(decoding: PackageResources.openapi_json, as: UTF8.self)
}
