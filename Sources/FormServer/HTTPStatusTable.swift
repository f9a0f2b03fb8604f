import FormKit
import Hummingbird

/// The one table from FormKit's error codes to HTTP statuses (the CLI's
/// counterpart is its `ExitStatus` table), with the server's own refusals
/// (`ServerRefusal`). docs/serve.md lists it, and a test holds the two
/// equal.
public enum HTTPStatusTable {
    /// The status a request gets when FormKit fails with `code`.
    public static func status(for code: FormKitError.Code) -> HTTPResponse.Status {
        switch code {
        case .fieldNotFound, .unknownName: .notFound
        case .checkFailed, .conflict, .formDiffers: .conflict
        case .outOfRange, .invalidValue: .unprocessableContent
        case .badFile: .badRequest
        case .busy, .unavailable: .serviceUnavailable
        // The server may not write the form's file: its operator has to
        // act, not the client, but the request itself was understood.
        case .readOnly: .forbidden
        case .invalidPath, .noDatabase, .unusableDatabase, .schemaTooNew, .internalError: .internalServerError
        }
    }

    /// The server's own refusals, each with its status: the `error` codes
    /// an answer has besides FormKit's, as `ServerRefusal` lists them.
    public static let serverErrors: [(code: String, status: HTTPResponse.Status)] = ServerRefusal.allCases.map { ($0.code, $0.status) }

    /// Seconds a client waits before retrying a `busy` (503) request: the
    /// store already waited 5 seconds for the lock.
    public static let retryAfterSeconds = 1
}
