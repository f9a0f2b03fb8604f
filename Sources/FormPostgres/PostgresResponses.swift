import FormModel
import Logging
import NIOCore
import PostgresNIO

/// The responses of one form in PostgreSQL: one connection, opened and
/// migrated by `open`, used from formctl's synchronous commands (each
/// method waits for the server).
///
/// The form itself stays in the SQLite file; the database remembers which
/// form its responses answer by the form's fingerprint (`checkForm`).
public final class PostgresResponses: Sendable {
    /// Where it is connected.
    public let uri: PostgresURI
    let connection: PostgresConnection
    let logger: Logger

    private init(uri: PostgresURI, connection: PostgresConnection, logger: Logger) {
        self.uri = uri
        self.connection = connection
        self.logger = logger
    }

    /// Connects to `uri` and applies formctl's PostgreSQL migrations that
    /// the database lacks, under an advisory lock (`PostgresMigrations`).
    /// Errors: `badAddress` never (the URI is parsed), `unreachable`,
    /// `loginRefused`, `noDatabase`, `schemaTooNew`, `failed`.
    public static func open(_ uri: PostgresURI) throws(PostgresStoreError) -> PostgresResponses {
        var logger = Logger(label: "formctl.postgres")
        // The driver's own log lines would interleave with formctl's
        // output; its errors reach the user as PostgresStoreError.
        logger.logLevel = .critical
        let configuration = Self.configuration(uri)
        let opened: PostgresResponses
        do {
            opened = try Blocking.run { [logger] in
                let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
                do {
                    try await PostgresMigrations.apply(on: connection, logger: logger)
                } catch {
                    try? await connection.close()
                    throw error
                }
                return PostgresResponses(uri: uri, connection: connection, logger: logger)
            }
        } catch {
            throw PostgresFailure.storeError(error, uri: uri)
        }
        return opened
    }

    /// Opens the URI `text` (`environment` gives PGPASSWORD and the
    /// default user).
    public static func open(_ text: String, environment: [String: String]) throws(PostgresStoreError) -> PostgresResponses {
        try open(try PostgresURI(text, environment: environment))
    }

    static func configuration(_ uri: PostgresURI) -> PostgresConnection.Configuration {
        if uri.isUnixSocket {
            return PostgresConnection.Configuration(unixSocketPath: uri.socketPath, username: uri.user, password: uri.password, database: uri.database)
        }
        // TLS as libpq's sslmode has it: `prefer` and `require` encrypt
        // without checking the certificate; `disable` never asks.
        let tls: PostgresConnection.Configuration.TLS
        switch uri.tlsMode {
        case .disable: tls = .disable
        case .prefer, .require:
            var tlsConfiguration = TLSConfiguration.makeClientConfiguration()
            tlsConfiguration.certificateVerification = .none
            if let context = try? NIOSSLContext(configuration: tlsConfiguration) {
                tls = uri.tlsMode == .require ? .require(context) : .prefer(context)
            } else {
                tls = .disable
            }
        }
        return PostgresConnection.Configuration(host: uri.host, port: uri.port, username: uri.user, password: uri.password,
                                                database: uri.database, tls: tls)
    }

    /// Closes the connection.
    public func close() {
        let connection = connection
        _ = try? Blocking.run { try await connection.close() }
    }

    /// Runs one statement that returns no rows.
    func execute(_ sql: String) throws(PostgresStoreError) {
        try run { connection, logger in
            _ = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
        }
    }

    /// Runs `body` against the connection, waiting for it; errors come
    /// back as `PostgresStoreError`.
    @discardableResult
    func run<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> T) throws(PostgresStoreError) -> T {
        let connection = connection
        let logger = logger
        do {
            return try Blocking.run { try await body(connection, logger) }
        } catch {
            throw PostgresFailure.storeError(error, uri: uri)
        }
    }
}
