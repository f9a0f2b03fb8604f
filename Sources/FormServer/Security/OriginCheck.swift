import Hummingbird

/// Refuses writes sent from another site's page: a browser names the page
/// that sent a request in `Origin`, and a form or script on any other site
/// could otherwise change values here (cross-site request forgery). A
/// write with a foreign `Origin` is answered 403 (`foreignOrigin`).
///
/// Same-origin writes name the host the request went to (`Origin:
/// http://127.0.0.1:8080` with `Host: 127.0.0.1:8080`), over `http` or,
/// behind a TLS proxy, `https`. An `--allow-host` name is the server's own
/// too, on any port and scheme, for a proxy that sends its own `Host`.
/// Writes without `Origin` (curl, scripts) pass: a browser always sends
/// it on the cross-site writes this guards against.
///
/// The last check before the routes, after `HostCheck` (so every `Host`
/// the request names is the server's) and the token's.
struct OriginCheck: RouterMiddleware {
    typealias Context = ServerContext

    /// `--allow-host` names, lowercased, without ports.
    let proxyNames: Set<String>

    init(configuration: ServerConfiguration) {
        proxyNames = Set(configuration.allowedHosts.compactMap { HostHeader($0.lowercased())?.name })
    }

    /// The methods that change something, whose origin is checked.
    static let writeMethods: Set<HTTPRequest.Method> = [.put, .post, .delete, .patch]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard allows(request, hosts: HostCheck.names(of: request)) else {
            throw APIError.foreignOrigin(request.headers[.origin] ?? "")
        }
        return try await next(request, context)
    }

    /// Whether `request` may go on: not a write, a write without `Origin`,
    /// or one whose `Origin` is this server.
    func allows(_ request: Request, hosts: [String]) -> Bool {
        guard Self.writeMethods.contains(request.method) else { return true }
        let origins = request.headers[values: .origin]
        return origins.allSatisfy { isOwn($0, hosts: hosts) }
    }

    /// Whether `origin` (`scheme://host[:port]`) names this server.
    func isOwn(_ origin: String, hosts: [String]) -> Bool {
        let lowered = origin.lowercased()
        let defaultPort: String
        let authority: Substring
        if lowered.hasPrefix("http://") {
            defaultPort = "80"
            authority = lowered.dropFirst("http://".count)
        } else if lowered.hasPrefix("https://") {
            defaultPort = "443"
            authority = lowered.dropFirst("https://".count)
        } else {
            // `null` (a sandboxed frame, a file) and other schemes.
            return false
        }
        guard let parsed = HostHeader(String(authority)) else { return false }
        if proxyNames.contains(parsed.name) { return true }
        // The origin's authority as written, and with its scheme's default
        // port left out or put in, against the request's `Host`s (each one
        // the server answers to: `HostCheck` passed them all).
        let candidates: Set<String> = parsed.port.map { String($0) == defaultPort ? [parsed.name, "\(parsed.name):\($0)"] : ["\(parsed.name):\($0)"] }
            ?? [parsed.name, "\(parsed.name):\(defaultPort)"]
        return hosts.contains { candidates.contains($0.lowercased()) }
    }
}
