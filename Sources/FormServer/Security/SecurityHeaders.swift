import Hummingbird

/// The headers every answer carries. The Content-Security-Policy lets the
/// page run only scripts and styles served by this server (no inline
/// script, so a value that slipped into the HTML unescaped still could not
/// run), talk only to this server, and not be framed (clickjacking).
///
/// Two middleware put them on: Hummingbird's `ContentSecurityMiddleware`
/// (`contentSecurity`: the policy and `X-Content-Type-Options: nosniff`, so
/// that a JSON or SVG answer is never taken for HTML), and ours,
/// `SecurityHeadersMiddleware`, for the rest.
enum SecurityHeaders {
    /// The Content-Security-Policy of every answer.
    static let policy: ContentSecurityPolicy = [
        .defaultSrc(.self), .scriptSrc(.self), .styleSrc(.self), .imgSrc(.self, "data:"), .connectSrc(.self),
        .frameAncestors(.none), .baseURI(.none), .formAction(.self),
    ]

    /// `policy` as the header's value.
    static let contentSecurityPolicy = policy.description

    /// Hummingbird's middleware that puts `policy` and `nosniff` on every
    /// answer that passes it (an error must be an answer by then: it sits
    /// outside `APIErrorMiddleware`).
    static var contentSecurity: ContentSecurityMiddleware<ServerContext> {
        ContentSecurityMiddleware(contentSecurityPolicy: policy)
    }

    /// The API's paths: `/api/…` and the document that describes it.
    static func isAPI(_ path: String) -> Bool {
        path == "/api" || path.hasPrefix("/api/") || path == "/openapi.json"
    }
}
