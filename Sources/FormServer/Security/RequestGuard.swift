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
            throw APIError(status: .misdirectedRequest, code: "unknownHost",
                           message: "this server does not answer to the host \(named.first.map { "'\($0)'" } ?? "(none given)"); "
                               + "start it with --allow-host NAME to answer to another name, such as a reverse proxy's")
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
            throw APIError(status: .forbidden, code: "foreignOrigin",
                           message: "a write from another site's page (Origin: \(request.headers[.origin] ?? "")) is refused; "
                               + "open the form from this server's own address")
        }
        return try await next(request, context)
    }
}

extension APIError {
    /// No token, or the wrong one (with `WWW-Authenticate: Bearer`).
    static let unauthorized = APIError(
        status: .unauthorized, code: "unauthorized",
        message: "this server needs its token: open the URL formctl serve printed (it ends in ?token=…), "
            + "or send the header Authorization: Bearer TOKEN",
        headers: [.wwwAuthenticate: "Bearer"])

    /// Any error a route or the router threw, as the API answers it: an
    /// `APIError` as it is, the router's "no such route" as 404
    /// `notFound`, Hummingbird's other HTTP errors with their status, and
    /// anything else as 500 `internalError`.
    init(answering error: any Error) {
        switch error {
        case let error as APIError:
            self = error
        case let error as FormKitError:
            self.init(error)
        case let error as HTTPError where error.status == .notFound:
            self.init(status: .notFound, code: "notFound", message: "no such route; see /openapi.json for the API's routes")
        case let error as any HTTPResponseError:
            self.init(status: error.status, code: "httpError", message: "the request was refused: \(error.status)")
        default:
            self.init(status: .internalServerError, code: "internalError", message: "internal error: \(error)")
        }
    }
}
