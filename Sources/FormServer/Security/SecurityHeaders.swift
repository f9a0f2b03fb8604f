import Hummingbird

/// The headers every answer carries. The Content-Security-Policy lets the
/// page run only scripts and styles served by this server (no inline
/// script, so a value that slipped into the HTML unescaped still could not
/// run), talk only to this server, and not be framed (clickjacking).
enum SecurityHeaders {
    /// The Content-Security-Policy of every answer.
    static let contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

    /// Adds the headers to `response`: the policy, `nosniff` (a JSON or SVG
    /// answer is never taken for HTML), no referrer (the URL may hold the
    /// token), and `no-store` for the API's answers (values change, and a
    /// shared cache must not keep them), unless a route set its own
    /// `Cache-Control`.
    static func add(to response: inout Response, path: String) {
        response.headers[.contentSecurityPolicy] = contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HeaderName.referrerPolicy] = "no-referrer"
        if response.headers[.cacheControl] == nil, isAPI(path) {
            response.headers[.cacheControl] = "no-store"
        }
    }

    /// The API's paths: `/api/…` and the document that describes it.
    static func isAPI(_ path: String) -> Bool {
        path == "/api" || path.hasPrefix("/api/") || path == "/openapi.json"
    }
}
