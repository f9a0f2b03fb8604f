import Hummingbird

/// The server's own refusals: the `error` codes an answer has besides
/// FormKit's, each with its status. `HTTPStatusTable.serverErrors`, and
/// through it docs/serve.md's status table, follow from this enum; an
/// `APIError` with one of these codes can only be made from a case
/// (`APIError(_:message:headers:)`), so no throw site spells a code or a
/// status of its own.
public enum ServerRefusal: String, CaseIterable, Sendable {
    /// A request body that is not the JSON the route takes (400).
    case malformedJSON
    /// No token, or the wrong one (401, with `WWW-Authenticate: Bearer`).
    case unauthorized
    /// A write sent from another site's page (403).
    case foreignOrigin
    /// No such route (404).
    case notFound
    /// A body over the server's limit (413).
    case bodyTooLarge
    /// A `Host` the server does not answer to (421).
    case unknownHost

    /// The status the refusal is answered with.
    public var status: HTTPResponse.Status {
        switch self {
        case .malformedJSON: .badRequest
        case .unauthorized: .unauthorized
        case .foreignOrigin: .forbidden
        case .notFound: .notFound
        case .bodyTooLarge: .contentTooLarge
        case .unknownHost: .misdirectedRequest
        }
    }

    /// The `error` code of the answer's body.
    public var code: String { rawValue }
}

extension APIError {
    /// A body that is not the JSON the route takes; `detail` says why.
    public static func malformedJSON(_ detail: String) -> APIError {
        APIError(.malformedJSON, message: "the request body is not the JSON this route takes: \(detail)")
    }

    /// No token, or the wrong one (with `WWW-Authenticate: Bearer`).
    static let unauthorized = APIError(
        .unauthorized,
        message: "this server needs its token: open the URL formctl serve printed (it ends in ?token=…), "
            + "or send the header Authorization: Bearer TOKEN",
        headers: [.wwwAuthenticate: "Bearer"])

    /// A write whose `Origin` (`origin`, as sent) is not this server.
    static func foreignOrigin(_ origin: String) -> APIError {
        APIError(.foreignOrigin, message: "a write from another site's page (Origin: \(origin)) is refused; "
            + "open the form from this server's own address")
    }

    /// The router found no route for the request.
    static let routeNotFound = APIError(.notFound, message: "no such route; see /openapi.json for the API's routes")

    /// A body over `limit` bytes.
    static func bodyTooLarge(limit: Int) -> APIError {
        APIError(.bodyTooLarge, message: "the request body is over the server's limit of \(limit) bytes")
    }

    /// A request naming `host` (nil: none), which the server does not answer to.
    static func unknownHost(_ host: String?) -> APIError {
        APIError(.unknownHost, message: "this server does not answer to the host \(host.map { "'\($0)'" } ?? "(none given)"); "
            + "start it with --allow-host NAME to answer to another name, such as a reverse proxy's")
    }
}
