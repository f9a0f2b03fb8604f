import FormKit
import Foundation
import Hummingbird

/// An error answered as JSON `{"error": CODE, "message": TEXT}` with its
/// status: FormKit's errors (code and message as the CLI prints them,
/// status from `HTTPStatusTable`) and the server's own refusals.
public struct APIError: HTTPResponseError, Equatable {
    /// The HTTP status.
    public let status: HTTPResponse.Status
    /// A stable name to match on: FormKit's `Code` raw value, one of the
    /// server's own (`ServerRefusal`), or `httpError` for another of
    /// Hummingbird's HTTP errors (with that error's status).
    public let code: String
    /// What happened and what to do, as the CLI says it.
    public let message: String
    /// Extra headers (`Retry-After` on 503).
    public let headers: HTTPFields
    /// The body instead of `{"error", "message"}` when set: a failed
    /// submit answers `check --json`'s list.
    let body: String?

    /// Private: every code comes from FormKit's `Code`, from
    /// `ServerRefusal`, or is `httpError` (see `init(answering:)`).
    private init(status: HTTPResponse.Status, code: String, message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
        body = nil
    }

    /// One of the server's own refusals, with its status and code from
    /// `refusal`, and `message`.
    public init(_ refusal: ServerRefusal, message: String, headers: HTTPFields = [:]) {
        self.init(status: refusal.status, code: refusal.code, message: message, headers: headers)
    }

    /// FormKit's error as the API answers it.
    public init(_ error: FormKitError) {
        if let refusal = Self.refusal(for: error) {
            self = refusal
            return
        }
        status = HTTPStatusTable.status(for: error.code)
        code = error.code.rawValue
        message = error.description
        var headers: HTTPFields = [:]
        // Busy, or PostgreSQL away: the same write may succeed in a moment.
        if error.code == .busy || error.code == .unavailable { headers[.retryAfter] = String(HTTPStatusTable.retryAfterSeconds) }
        self.headers = headers
        if case .checkFailed(let report) = error {
            body = try? JSONText.encode(report.problems)
        } else {
            body = nil
        }
    }

    /// FormKit's `error` answered as `code` says (its status from
    /// `HTTPStatusTable`), with the error's own message: a repeat's path
    /// that names no repeat or instance is an unknown name (404), though
    /// FormKit, and the CLI's exit code, call every refusal of
    /// `formctl repeat` one `conflict`.
    init(_ error: FormKitError, answeredAs code: FormKitError.Code) {
        self.init(status: HTTPStatusTable.status(for: code), code: code.rawValue, message: error.description)
    }

    /// Any error a route, a middleware or the router threw, as the API
    /// answers it: an `APIError` as it is, FormKit's with its status from
    /// `HTTPStatusTable`, the router's "no such route" as 404 `notFound`,
    /// Hummingbird's other HTTP errors with their status (`httpError`), and
    /// anything else as 500 `internalError`.
    init(answering error: any Error) {
        switch error {
        case let error as APIError:
            self = error
        case let error as FormKitError:
            self.init(error)
        case let error as HTTPError where error.status == .notFound:
            self = .routeNotFound
        case let error as any HTTPResponseError:
            self.init(status: error.status, code: "httpError", message: "the request was refused: \(error.status)")
        default:
            self.init(status: .internalServerError, code: FormKitError.Code.internalError.rawValue, message: "internal error: \(error)")
        }
    }

    /// The server's own refusal for a FormKit error that has one: the
    /// respondents' limits and a full disk, whose statuses (409, 503, 507)
    /// are the server's, not the CLI table's.
    static func refusal(for error: FormKitError) -> APIError? {
        guard case .store(let store) = error else { return nil }
        switch store {
        case .alreadySubmitted: return .alreadySubmitted
        case .tooManyDrafts(let limit): return .tooManyDrafts(limit: limit)
        case .diskFull: return .diskFull
        default: return nil
        }
    }

    /// The JSON text of the body.
    var json: String {
        if let body { return body }
        struct Body: Encodable { let error: String, message: String }
        return (try? JSONText.encode(Body(error: code, message: message)))
            ?? "{\"error\":\"internalError\",\"message\":\"internal error\"}\n"
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: json)))
    }
}
