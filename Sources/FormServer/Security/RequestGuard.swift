import FormKit
import Hummingbird

/// What every request passes before it reaches a route, in this order: a
/// `Host` the server answers to (421 `unknownHost`), the token when one is
/// configured (401 `unauthorized`), and for writes an `Origin` that is
/// this server's own (403 `foreignOrigin`). It also answers the `GET
/// /?token=T` visit that sets the token's cookie, turns every error into
/// the API's JSON body (an unknown route: 404 `notFound`), and puts
/// `SecurityHeaders` on every answer.
struct RequestGuard: RouterMiddleware {
    typealias Context = ServerContext

    let hosts: HostCheck
    let token: TokenCheck?
    let origins: OriginCheck

    init(configuration: ServerConfiguration) {
        hosts = HostCheck(configuration: configuration)
        token = configuration.token.map(TokenCheck.init(token:))
        origins = OriginCheck(configuration: configuration)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await admit(request, context: context, next: next)
        } catch {
            response = try APIError(answering: error).response(from: request, context: context)
        }
        SecurityHeaders.add(to: &response, path: request.uri.path)
        return response
    }

    private func admit(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // HTTP/1's `Host` arrives as the authority; a second `Host` header
        // stays among the fields, and must be allowed as well.
        let named = (request.head.authority.map { [$0] } ?? []) + request.headers[values: HeaderName.host]
        guard !named.isEmpty, named.allSatisfy(hosts.allows) else {
            throw APIError.unknownHost(named.first)
        }
        if let token {
            if request.method == .get || request.method == .head, let given = request.uri.queryParameters["token"] {
                guard token.matches(given) else { throw APIError.unauthorized }
                // The token goes into a cookie and out of the address bar
                // (and the history, and any Referer).
                return Response(status: .seeOther, headers: [.location: request.uri.path, .setCookie: token.cookie(),
                                                             .cacheControl: "no-store"])
            }
            guard token.admits(request) else { throw APIError.unauthorized }
        }
        guard origins.allows(request, hosts: named) else {
            throw APIError.foreignOrigin(request.headers[.origin] ?? "")
        }
        return try await next(request, context)
    }
}
