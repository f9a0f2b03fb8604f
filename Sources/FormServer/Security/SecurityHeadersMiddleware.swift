import Hummingbird

/// The security headers Hummingbird's `ContentSecurityMiddleware` does not
/// set, on every answer (errors included: it sits outside
/// `APIErrorMiddleware`): no referrer to other sites (the URL may hold the
/// token), and `no-store` for the API's answers (values change, and a
/// shared cache must not keep them), unless a route set its own
/// `Cache-Control`.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = ServerContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        // same-origin, not no-referrer: under no-referrer a browser sends
        // `Origin: null` with a plain form post, which OriginCheck refuses;
        // same-origin still sends no referrer (which may hold the token)
        // to other sites.
        response.headers[HeaderName.referrerPolicy] = "same-origin"
        if response.headers[.cacheControl] == nil, SecurityHeaders.isAPI(request.uri.path) {
            response.headers[.cacheControl] = "no-store"
        }
        return response
    }
}
