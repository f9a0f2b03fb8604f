import Foundation

/// The OpenAPI 3.2 documents of `formctl serve`'s HTTP interface, served at
/// `/openapi.json`: every route of the mode the server runs in, its
/// parameters and bodies, the error body and the statuses
/// (`HTTPStatusTable`; a test holds the two together, and another holds
/// each mode's paths and methods to the routes it serves).
///
/// One file, `Assets/openapi.json`, holds them all: the routes of both
/// modes under `paths`, and under `x-formctl-modes` what each mode adds
/// (its paths) or sets otherwise (`security`). 3.2 rather than 3.1 for its
/// `itemSchema`, which describes an event stream one event at a time.
enum OpenAPIDocument {
    /// Which document: `formctl serve`'s, `formctl serve --collect`'s
    /// (the owner's, who carries the token), or a respondent's in
    /// `--collect` mode (`/`, `/openapi.json` and `/api/respond/…` only).
    enum Mode: String, CaseIterable, Sendable {
        case shared, collect, respondent
    }

    /// `Assets/openapi.json` as it is, compiled into the binary.
    static let source = String(decoding: PackageResources.openapi_json, as: UTF8.self)

    /// `formctl serve`'s document, as JSON text.
    static let shared = text(of: .shared)
    /// `formctl serve --collect`'s document for the owner.
    static let collect = text(of: .collect)
    /// `formctl serve --collect`'s document for a respondent.
    static let respondent = text(of: .respondent)

    /// The document of `mode`, as JSON text.
    static func json(_ mode: Mode) -> String {
        switch mode {
        case .shared: shared
        case .collect: collect
        case .respondent: respondent
        }
    }

    /// The document of `mode` as an object: the source's, with the mode's
    /// paths added and its other settings in place of the source's, and
    /// `x-formctl-modes` left out. Empty if the source is not a JSON object
    /// (a test reads it, so that cannot ship).
    static func object(_ mode: Mode) -> [String: Any] {
        guard var document = (try? JSONSerialization.jsonObject(with: Data(source.utf8))) as? [String: Any] else { return [:] }
        let modes = document.removeValue(forKey: "x-formctl-modes") as? [String: Any] ?? [:]
        let overlay = modes[mode == .shared ? "shared" : "collect"] as? [String: Any] ?? [:]
        var paths = document["paths"] as? [String: Any] ?? [:]
        for (key, value) in overlay {
            if key == "paths", let added = value as? [String: Any] {
                paths.merge(added) { _, mode in mode }
            } else {
                document[key] = value
            }
        }
        if mode == .respondent {
            paths = paths.filter { path, _ in path == "/" || path == "/openapi.json" || path.hasPrefix("/api/respond/") }
        }
        document["paths"] = paths
        return document
    }

    private static func text(of mode: Mode) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object(mode), options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
