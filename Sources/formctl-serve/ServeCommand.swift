import ArgumentParser
import CLISupport
import Dispatch
import FormKit
import FormServer
import Synchronization

/// `formctl serve`: the form in a browser, live, for several people at
/// once, and its JSON API (FormServer does the work). `formctl serve`
/// runs this executable, `formctl-serve`, with its arguments.
@main
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formctl serve",
        abstract: "Serve the form in a browser and as a JSON API until SIGINT or SIGTERM.",
        discussion: """
            Prints the URL to open. Listens on 127.0.0.1 unless --host says otherwise; any other host \
            needs --token T or --generate-token, and every request must then carry the token (the page \
            sets a cookie from its first /?token=T visit; API clients send Authorization: Bearer T). \
            See docs/serve.md for the API, the statuses and running behind a reverse proxy.

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

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if generateToken && token != nil { throw ValidationError("Give --token or --generate-token, not both.") }
    }

    func run() throws {
        // A server keeps running: closed databases are not worth keeping.
        StoredForm.keepsClosedConnections = false
        let configuration = ServerConfiguration(
            host: host, port: port, databasePath: StoredForm.resolvedPath(database.db),
            token: generateToken ? ServerToken.generate() : token,
            allowedHosts: allowedHosts, bodyLimit: bodyLimit)
        let server: FormServer
        do {
            server = try FormServer(configuration: configuration)
        } catch let error as ServeError {
            Terminal.printError(error.description)
            throw ExitCode(ExitStatus.usage)
        } catch let error as FormKitError {
            _ = try reportingErrors { () throws(FormKitError) in throw error }
            return
        }
        let urlToken = generateToken ? configuration.token : nil
        let outcome = Mutex<(any Error)?>(nil)
        let finished = DispatchSemaphore(value: 0)
        // The command runs on the main thread, which is not one of Swift's
        // cooperative threads: it waits here while the server runs on them.
        Task {
            do {
                try await server.run { port in
                    Terminal.write(ServerURL.string(host: configuration.host, port: port, token: urlToken) + "\n")
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
