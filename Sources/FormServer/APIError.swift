import FormKit
import Foundation
import Hummingbird

/// An error answered as JSON `{"error": CODE, "message": TEXT}` with its
/// status: FormKit's errors (code and message as the CLI prints them,
/// status from `HTTPStatusTable`) and the server's own refusals.
public struct APIError: HTTPResponseError, Equatable {
    /// The HTTP status.
    public let status: HTTPResponse.Status
    /// A stable name to match on: FormKit's `Code` raw value, or one of the
    /// server's own (`malformedJSON`, `unauthorized`, `foreignOrigin`,
    /// `bodyTooLarge`, `unknownHost`, `notFound`).
    public let code: String
    /// What happened and what to do, as the CLI says it.
    public let message: String
    /// Extra headers (`Retry-After` on 503).
    public let headers: HTTPFields
    /// The body instead of `{"error", "message"}` when set: a failed
    /// submit answers `check --json`'s list.
    let body: String?

    public init(status: HTTPResponse.Status, code: String, message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
        body = nil
    }

    /// FormKit's error as the API answers it.
    public init(_ error: FormKitError) {
        status = HTTPStatusTable.status(for: error.code)
        code = error.code.rawValue
        message = error.description
        var headers: HTTPFields = [:]
        if error.code == .busy { headers[.retryAfter] = String(HTTPStatusTable.retryAfterSeconds) }
        self.headers = headers
        if case .checkFailed(let report) = error {
            body = try? JSONText.encode(report.problems)
        } else {
            body = nil
        }
    }

    /// A request body that is not the JSON the route takes.
    public static func malformedJSON(_ detail: String) -> APIError {
        APIError(status: .badRequest, code: "malformedJSON", message: "the request body is not the JSON this route takes: \(detail)")
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
