import ArgumentParser
import CLISupport
import Dispatch
import FormKit
import FormPostgres
import FormServer
import Synchronization

/// `formctl serve`: the form in a browser, live, for several people at
/// once, and its JSON API (FormServer does the work). `formctl serve`
/// runs this executable, `formctl-serve`, with its arguments.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formctl serve",
        abstract: "Serve the form in a browser and as a JSON API until SIGINT or SIGTERM.",
        discussion: """
            Prints the URL to open. Listens on 127.0.0.1 unless --host says otherwise; any other host \
            needs --token T or --generate-token, and every request must then carry the token (the page \
            sets a cookie from its first /?token=T visit; API clients send Authorization: Bearer T). \
            See docs/serve.md for the API, the statuses and running behind a reverse proxy.

            --collect serves the form to many respondents through one link: each visitor answers in a draft \
            of their own (a cookie names it; only its hash is stored), sees only their own values, and \
            submits a response that check must pass. The first line printed is the respondents' link, the \
            second the owner's (/owner?token=T): the owner's page, /api/fields…, /api/submit and \
            /api/events need the token even on loopback, where one is made when none is given. Drafts \
            are swept --draft-ttl after their last write; past --max-drafts open drafts a new respondent \
            gets 503; --once takes one response per cookie. One --collect server per database: a second \
            one exits 75.

            --collect --responses postgresql://… (or FORMCTL_RESPONSES) keeps drafts and responses in \
            PostgreSQL instead: any number of servers, each serving its own copy of the form's file, share \
            them; a respondent's cookie works on every one, and the limits hold across them. The database \
            remembers the form: a server whose form differs is refused (65) unless --replace-form, itself \
            refused while drafts are open. See docs/scaling.md.

            \(ExitStatus.helpText)
            """)

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port; the URL printed names it).")
    var port = 8080

    @Option(help: ArgumentHelp("The secret every request must carry (needed on any host but loopback).", valueName: "token"))
    var token: String?

    @Flag(help: "Make a random token and print it once, in the URL to open.")
    var generateToken = false

    @Option(name: .customLong("allow-host"), help: ArgumentHelp("Another host name to answer to, such as a reverse proxy's (repeatable).", valueName: "name"))
    var allowedHosts: [String] = []

    @Option(help: ArgumentHelp("The largest request body in bytes.", valueName: "bytes"))
    var bodyLimit = ServerConfiguration.defaultBodyLimit

    @Flag(help: "Collect responses: each visitor of the link answers in a draft of their own (see above).")
    var collect = false

    @Option(help: ArgumentHelp("With --collect: how long a draft lives after its last write: a whole number and d, h, m or s (30d, 12h, 15m, 90s).",
                               valueName: "duration"))
    var draftTTL: String?

    @Option(help: ArgumentHelp("With --collect: open drafts past which a new respondent gets 503 with Retry-After (existing drafts keep working).",
                               valueName: "n"))
    var maxDrafts: Int?

    @Flag(help: "With --collect: one response per respondent; after submitting, their writes get 409 alreadySubmitted.")
    var once = false

    @Option(name: .customLong("responses"), help: ArgumentHelp(
        "With --collect: keep drafts and responses in PostgreSQL, shared by any number of servers: a libpq URI, postgresql://user:password@host:port/database, ?host=/socket/folder for a Unix socket; the password from the URI or PGPASSWORD (default: $FORMCTL_RESPONSES).",
        valueName: "uri"))
    var responses: String?

    @Flag(help: "With --responses: make this form the PostgreSQL database's when it holds another form's responses (refused while drafts are open there).")
    var replaceForm = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if generateToken && token != nil { throw ValidationError("Give --token or --generate-token, not both.") }
        if !collect && (draftTTL != nil || maxDrafts != nil || once || responses != nil) {
            throw ValidationError("--draft-ttl, --max-drafts, --once and --responses are for --collect.")
        }
        if replaceForm && responsesURI == nil { throw ValidationError("--replace-form is for --responses (or FORMCTL_RESPONSES).") }
    }

    /// Where drafts and responses go instead of the file: --responses,
    /// else $FORMCTL_RESPONSES (with --collect only); nil: the file.
    private var responsesURI: String? {
        guard collect else { return nil }
        return responses ?? ResponseStoreOptions.fromEnvironment
    }

    /// What makes the server's store of drafts in PostgreSQL, once the
    /// database at `uri` is migrated and known to hold this form's
    /// responses (or none yet); nil without a URI. Refusals are reported
    /// and exit as `formctl responses --responses` does.
    private func draftStore(_ uri: String?, databasePath: String) throws -> ((FormSession) -> any DraftStore)? {
        guard let uri else { return nil }
        let form = StoredForm(path: databasePath)
        let address = try reportingErrors { () throws(FormKitError) -> PostgresURI in
            let checked = try PostgresResponseSource.open(uri, form: form, replacingForm: replaceForm, records: true)
            defer { checked.close() }
            return checked.uri
        }
        return { session in
            let blank = KeptBlankForm(session: session)
            return PostgresDrafts(uri: address) { () throws(FormStoreError) in try blank.form() }
        }
    }

    /// The collect settings the flags give; nil without --collect. A bad
    /// --draft-ttl or --max-drafts is a usage error (64).
    private func collectSettings() throws(ServeError) -> CollectSettings? {
        guard collect else { return nil }
        var settings = CollectSettings(once: once)
        if let draftTTL {
            guard let ttl = DraftTTL(draftTTL) else { throw .invalidDraftTTL(draftTTL) }
            settings.draftTTL = ttl
        }
        if let maxDrafts {
            guard maxDrafts > 0 else { throw .invalidMaxDrafts(maxDrafts) }
            settings.maxDrafts = maxDrafts
        }
        return settings
    }

    func run() throws {
        // A server keeps running: closed databases are not worth keeping.
        StoredForm.keepsClosedConnections = false
        let collectSettings: CollectSettings?
        do {
            collectSettings = try self.collectSettings()
        } catch {
            Terminal.printError(error.description)
            throw ExitCode(ExitStatus.usage)
        }
        // In collect mode the owner's routes need a token on loopback too:
        // one is made when none is given (and printed in the owner's link).
        let loopback = ServerConfiguration(host: host, databasePath: "").listensOnLoopback
        let makesToken = generateToken || (collectSettings != nil && token == nil && loopback)
        let configuration = ServerConfiguration(
            host: host, port: port, databasePath: StoredForm.resolvedPath(database.db),
            token: makesToken ? ServerToken.generate() : token,
            allowedHosts: allowedHosts, bodyLimit: bodyLimit, collect: collectSettings)
        let drafts = try draftStore(responsesURI, databasePath: configuration.databasePath)
        let server: FormServer
        do {
            server = try FormServer(configuration: configuration, drafts: drafts)
        } catch let error as ServeError {
            Terminal.printError(error.description)
            switch error {
            case .alreadyServed: throw ExitCode(ExitStatus.busy)
            case .cannotLock: throw ExitCode(ExitStatus.readOnly)
            default: throw ExitCode(ExitStatus.usage)
            }
        } catch let error as FormKitError {
            _ = try reportingErrors { () throws(FormKitError) in throw error }
            return
        }
        let urlToken = makesToken ? configuration.token : nil
        let collecting = collectSettings != nil
        let outcome = Mutex<(any Error)?>(nil)
        let finished = DispatchSemaphore(value: 0)
        // The command runs on the main thread, which is not one of Swift's
        // cooperative threads: it waits here while the server runs on them.
        Task {
            do {
                try await server.run { port in
                    if collecting {
                        // First the respondents' link, then the owner's.
                        Terminal.write(ServerURL.string(host: configuration.host, port: port, token: nil) + "\n"
                            + ServerURL.string(host: configuration.host, port: port, path: "owner", token: urlToken) + "\n")
                    } else {
                        Terminal.write(ServerURL.string(host: configuration.host, port: port, token: urlToken) + "\n")
                    }
                }
            } catch {
                outcome.withLock { $0 = error }
            }
            finished.signal()
        }
        finished.wait()
        if let error = outcome.withLock({ $0 }) {
            Terminal.printError("cannot serve on \(configuration.host):\(configuration.port): \(error)")
            throw ExitCode(ExitStatus.cannotListen)
        }
    }
}
