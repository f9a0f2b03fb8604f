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
    /// A method the route does not take (405, with `Allow` naming those it
    /// does).
    case methodNotAllowed
    /// A body over the server's limit (413).
    case bodyTooLarge
    /// A `Host` the server does not answer to (421).
    case unknownHost
    /// A respondent who has submitted writes again under `--once` (409).
    case alreadySubmitted
    /// A new respondent's first write past `--max-drafts` open drafts
    /// (503, with `Retry-After`).
    case tooManyDrafts
    /// The disk holding the database is full (507); nothing was stored.
    case diskFull

    /// The status the refusal is answered with.
    public var status: HTTPResponse.Status {
        switch self {
        case .malformedJSON: .badRequest
        case .unauthorized: .unauthorized
        case .foreignOrigin: .forbidden
        case .notFound: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .bodyTooLarge: .contentTooLarge
        case .unknownHost: .misdirectedRequest
        case .alreadySubmitted: .conflict
        case .tooManyDrafts: .serviceUnavailable
        // HTTPTypes names no 507 (WebDAV's Insufficient Storage).
        case .diskFull: HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
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

    /// A request whose method (`method`) its route does not take; `allowed`
    /// are those it does, named in `Allow`.
    static func methodNotAllowed(_ method: HTTPRequest.Method, allowed: [HTTPRequest.Method]) -> APIError {
        let names = allowed.map(\.rawValue).joined(separator: ", ")
        return APIError(.methodNotAllowed, message: "this route does not take \(method.rawValue); it takes \(names)",
                        headers: [.allow: names])
    }

    /// A body over `limit` bytes.
    static func bodyTooLarge(limit: Int) -> APIError {
        APIError(.bodyTooLarge, message: "the request body is over the server's limit of \(limit) bytes")
    }

    /// A write of a respondent who has submitted, under `--once`.
    static let alreadySubmitted = APIError(
        .alreadySubmitted, message: "this form takes one response per person, and yours has been submitted")

    /// A new respondent's first write while `limit` drafts are open.
    static func tooManyDrafts(limit: Int) -> APIError {
        APIError(.tooManyDrafts, message: "the form has as many answers in progress as it takes (\(limit)); try again later",
                 headers: [.retryAfter: String(tooManyDraftsRetrySeconds)])
    }

    /// Seconds a new respondent waits before trying again past
    /// `--max-drafts`: drafts free up as they are submitted or swept.
    static let tooManyDraftsRetrySeconds = 60

    /// A write refused because the disk is full. The database's path is
    /// left out: the message may go to a respondent.
    static let diskFull = APIError(
        .diskFull, message: "the server's disk is full, so nothing of this request was stored; try again later")

    /// A request naming `host` (nil: none), which the server does not answer to.
    static func unknownHost(_ host: String?) -> APIError {
        APIError(.unknownHost, message: "this server does not answer to the host \(host.map { "'\($0)'" } ?? "(none given)"); "
            + "start it with --allow-host NAME to answer to another name, such as a reverse proxy's")
    }
}
