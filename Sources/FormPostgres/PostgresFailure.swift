import Glibc
import NIOCore
import NIOPosix
import PostgresNIO

/// postgres-nio's errors as the one-line `PostgresStoreError`s formctl
/// prints: the server's own message where there is one, and the kind its
/// SQLSTATE says.
enum PostgresFailure {
    /// `error` from talking to `uri`'s server, as formctl reports it.
    static func storeError(_ error: any Error, uri: PostgresURI) -> PostgresStoreError {
        if let error = error as? PostgresStoreError { return error }
        if let transaction = error as? PostgresTransactionError {
            if let inner = transaction.closureError ?? transaction.beginError ?? transaction.commitError {
                return storeError(inner, uri: uri)
            }
        }
        let place = uri.place
        guard let error = error as? PSQLError else {
            return PostgresStoreError(.failed, "PostgreSQL at \(place): \(String(describing: error))")
        }
        if let info = error.serverInfo {
            let message = info[.message] ?? "error"
            let detail = info[.detail].map { " (\($0))" } ?? ""
            switch info[.sqlState] ?? "" {
            case "28P01", "28000":
                return PostgresStoreError(.loginRefused, "PostgreSQL at \(place) refused user \(uri.user): \(message); check the password (in the URI or PGPASSWORD)")
            case "3D000":
                return PostgresStoreError(.noDatabase, "PostgreSQL at \(place) has no database \(uri.database) (make it with: createdb \(uri.database))")
            case let state where state.hasPrefix("23"):
                return PostgresStoreError(.refusedRow, "PostgreSQL refused a row: \(message)\(detail)")
            case let state where state.hasPrefix("08") || state.hasPrefix("57P"):
                return PostgresStoreError(.unreachable, "PostgreSQL at \(place): \(message)")
            default:
                return PostgresStoreError(.failed, "PostgreSQL at \(place): \(message)\(detail)")
            }
        }
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown:
            let reason = error.underlying.map(Self.reason) ?? "connection failed"
            return PostgresStoreError(.unreachable, "cannot reach PostgreSQL at \(place): \(reason)")
        case .authMechanismRequiresPassword:
            return PostgresStoreError(.loginRefused, "PostgreSQL at \(place) asks user \(uri.user) for a password: give it in the URI or PGPASSWORD")
        case .unsupportedAuthMechanism, .saslError:
            return PostgresStoreError(.loginRefused, "PostgreSQL at \(place) refused user \(uri.user)'s login (\(error.code))")
        case .sslUnsupported:
            return PostgresStoreError(.unreachable, "PostgreSQL at \(place) does not offer TLS, which sslmode=require needs")
        default:
            return PostgresStoreError(.failed, "PostgreSQL at \(place): \(error.code)")
        }
    }

    /// Why a connection failed, as the system says it (`Connection
    /// refused`, `No such file or directory`), not as NIO's types print.
    private static func reason(_ error: any Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
        if let error = error as? NIOConnectionError {
            if let failure = error.connectionErrors.first { return reason(failure.error) }
            if let dns = error.dnsAAAAError ?? error.dnsAError { return "cannot resolve \(error.host): \(dns)" }
        }
        return String(describing: error)
    }
}
