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
    /// The form as respondents answer it (`--collect`): the session's
    /// file, with its drafts kept apart when they are (`drafts`).
    let respondentsForm: StoredForm
    /// The change feed behind `GET /api/events`.
    let events: EventFeed
    /// Respondents' own event streams (`--collect`).
    let respondents: RespondentFeed
    /// The owner's summary page's counts, kept between its requests.
    let summary: KeptSummary
    /// The lock that makes this the database's one collecting server
    /// (`--collect`); nil otherwise.
    private let lock: ServeLock?

    /// Checks `configuration` (see `ServerConfiguration.validate()`) and
    /// opens the form's database. Throws `ServeError` for a configuration
    /// that cannot be served, `FormKitError` for a database that cannot be
    /// opened.
    /// In `--collect` mode the database's lock is taken first: another
    /// collecting server on it is `ServeError.alreadyServed`. With
    /// `drafts`, which makes a store for the session's form (PostgreSQL,
    /// shared by several servers), respondents' drafts and responses are
    /// kept there instead of in the file, and no lock is taken: any
    /// number of servers collect into it.
    public init(configuration: ServerConfiguration, drafts: ((FormSession) -> any DraftStore)? = nil) throws {
        try configuration.validate()
        self.configuration = configuration
        lock = configuration.collect == nil || drafts != nil ? nil : try ServeLock(databasePath: configuration.databasePath)
        let session: FormSession
        do {
            session = try FormSession(path: configuration.databasePath)
        } catch {
            lock?.release()
            throw error
        }
        self.session = session
        let respondentsForm = drafts.map { session.file.keepingDrafts(in: $0(session)) } ?? session.file
        self.respondentsForm = respondentsForm
        events = EventFeed(session: session)
        let respondents = RespondentFeed(form: respondentsForm)
        self.respondents = respondents
        summary = KeptSummary(form: session.file)
        // Writes through the other servers reach this one's streams.
        respondentsForm.observeDrafts { hash in respondents.notify(hash: hash) }
    }

    /// Every route, behind the middleware: what `run` serves, and what
    /// tests call in process.
    public func router() -> Router<ServerContext> {
        routerAndRoutes().router
    }

    /// The router, and the table of the routes added to it (what `Allow`
    /// names, and what a test holds `/openapi.json` to).
    func routerAndRoutes() -> (router: Router<ServerContext>, routes: RouteTable) {
        // HEAD wherever GET is (RFC 9110 §9.3.2), answered by the GET route
        // without its body.
        let router = Router(context: ServerContext.self, options: .autoGenerateHeadEndpoints)
        // First: middleware applies to the routes added after it, and the
        // first added is the outermost. The headers go on every answer,
        // errors included, so they sit outside the error mapping; the
        // checks throw their refusals to it.
        router.add(middleware: SecurityHeaders.contentSecurity)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: APIErrorMiddleware())
        router.add(middleware: HostCheck(configuration: configuration))
        // In --collect mode the respondents' routes are public and every
        // other needs the token, loopback included.
        let tokenCheck = configuration.token.map { token in
            configuration.collect == nil ? TokenCheck(token: token)
                : TokenCheck(token: token, isPublic: RespondentPaths.contains, signInPages: [PagePaths.owner.page, SummaryRoutes.path])
        }
        if let tokenCheck { router.add(middleware: tokenCheck) }
        router.add(middleware: OriginCheck(configuration: configuration))
        // The routes, each noted in `routes` as it is added; a method a
        // route does not take is 405 with `Allow` (`MethodCheck`).
        let routes = RouteTable()
        router.add(middleware: MethodCheck(routes: routes))
        let recorder = RecordingRouter(router: router, table: routes)
        let body = RequestBodyReader(limit: configuration.bodyLimit)
        APIRoutes(form: session.file, body: body, writes: ValueWriteQueue(form: session.file),
                  cache: ReadCache(session: session)).add(to: recorder)
        RepeatRoutes(form: session.file).add(to: recorder)
        EventRoutes(feed: events).add(to: recorder)
        if let collect = configuration.collect {
            OpenAPIRoute(owner: tokenCheck, collects: true).add(to: recorder)
            PageRoutes(form: session.file, body: body, paths: .owner).add(to: recorder)
            SummaryRoutes(summary: summary, formPath: PagePaths.owner.page).add(to: recorder)
            RespondRoutes(form: respondentsForm, body: body, settings: collect, feed: respondents).add(to: recorder)
        } else {
            OpenAPIRoute().add(to: recorder)
            PageRoutes(form: session.file, body: body).add(to: recorder)
            SummaryRoutes(summary: summary, formPath: PagePaths.shared.page).add(to: recorder)
        }
        return (router, routes)
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
            respondents.close()
            session.close()
            lock?.release()
        }
        guard let collect = configuration.collect else { return try await app.runService() }
        // The sweep runs at start, then every `sweepInterval`, beside the
        // server; it is stopped, and a sweep under way let finish, before
        // the database closes.
        let sweeper = Task { await self.sweepLoop(collect) }
        do {
            try await app.runService()
        } catch {
            sweeper.cancel()
            await sweeper.value
            throw error
        }
        sweeper.cancel()
        await sweeper.value
    }

    /// Sweeps expired drafts now and every `sweepInterval`, and sends
    /// respondents' streams their heartbeat, until cancelled.
    private func sweepLoop(_ collect: CollectSettings) async {
        while !Task.isCancelled {
            let form = respondentsForm
            let ttl = collect.draftTTL.seconds
            // A failed sweep (the database busy) is tried again next time.
            _ = await DatabaseWork.run { try? form.sweepDrafts(olderThan: ttl) }
            try? await Task.sleep(for: collect.sweepInterval)
            respondents.beat()
        }
    }
}
