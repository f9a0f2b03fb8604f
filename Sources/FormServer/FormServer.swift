import FormKit
import Hummingbird
import Logging

/// `formctl serve`: the form in a browser and its JSON API, for several
/// people at once, on one `FormSession` (one writer, readers in parallel,
/// WAL; others' changes noticed through SQLite).
///
/// ```swift
/// let server = try FormServer(configuration: ServerConfiguration(databasePath: "form.db"))
/// try await server.run { port in print("http://127.0.0.1:\(port)/") }
/// ```
public final class FormServer: Sendable {
    /// How the server runs.
    public let configuration: ServerConfiguration
    /// The form's database, held open while the server runs.
    public let session: FormSession
    /// The change feed behind `GET /api/events`.
    let events: EventFeed

    /// Checks `configuration` (see `ServerConfiguration.validate()`) and
    /// opens the form's database. Throws `ServeError` for a configuration
    /// that cannot be served, `FormKitError` for a database that cannot be
    /// opened.
    public init(configuration: ServerConfiguration) throws {
        try configuration.validate()
        self.configuration = configuration
        session = try FormSession(path: configuration.databasePath)
        events = EventFeed(session: session)
    }

    /// Every route, behind the middleware: what `run` serves, and what
    /// tests call in process.
    public func router() -> Router<ServerContext> {
        let router = Router(context: ServerContext.self)
        // First: middleware applies to the routes added after it, and the
        // first added is the outermost. The headers go on every answer,
        // errors included, so they sit outside the error mapping; the
        // checks throw their refusals to it.
        router.add(middleware: SecurityHeaders.contentSecurity)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: APIErrorMiddleware())
        router.add(middleware: HostCheck(configuration: configuration))
        if let token = configuration.token { router.add(middleware: TokenCheck(token: token)) }
        router.add(middleware: OriginCheck(configuration: configuration))
        let body = RequestBodyReader(limit: configuration.bodyLimit)
        APIRoutes(form: session.file, body: body).add(to: router)
        EventRoutes(feed: events).add(to: router)
        OpenAPIRoute().add(to: router)
        PageRoutes(form: session.file, body: body).add(to: router)
        return router
    }

    /// Serves until SIGINT or SIGTERM, then stops taking requests, lets
    /// those under way finish (every acknowledged value is committed before
    /// its answer is sent) and closes the database. `onListening` gets the
    /// port once the server listens (the one the system chose for port 0).
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        var logger = Logger(label: "formctl.serve")
        logger.logLevel = .warning
        let app = Application(
            router: router(),
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port),
                                                    serverName: "formctl"),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        defer {
            events.close()
            session.close()
        }
        try await app.runService()
    }
}
