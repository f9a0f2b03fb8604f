import Hummingbird

/// Answers a request whose path is a route's but whose method that route
/// does not take with 405 `methodNotAllowed` and `Allow` naming the
/// methods it does take (RFC 9110 §15.5.6), rather than the router's 404:
/// the resource is there. A path no route has stays 404.
///
/// The innermost check, after the `Host`, token and `Origin` checks: who
/// may not use a route learns nothing of its methods.
struct MethodCheck: RouterMiddleware {
    typealias Context = ServerContext

    let routes: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let allowed = routes.methods(forPath: request.uri.path), !allowed.contains(request.method) {
            throw APIError.methodNotAllowed(request.method, allowed: allowed)
        }
        return try await next(request, context)
    }
}
