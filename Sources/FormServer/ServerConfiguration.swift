/// How `formctl serve` runs: where it listens, which form it serves, and
/// what it lets in.
public struct ServerConfiguration: Sendable {
    /// The address to listen on: `127.0.0.1` unless told otherwise.
    public var host: String
    /// The TCP port; 0 lets the system choose a free one (tests do).
    public var port: Int
    /// The form's database file.
    public var databasePath: String
    /// The secret every request must carry (cookie or `Authorization:
    /// Bearer`); nil on loopback only (see `validate()`).
    public var token: String?
    /// Host names the server answers to besides `127.0.0.1`, `localhost`,
    /// `[::1]` and `host` (`--allow-host`, for a reverse proxy's name).
    public var allowedHosts: [String]
    /// The largest request body read, in bytes (1 MiB by default); a larger
    /// one is answered 413.
    public var bodyLimit: Int
    /// Respondents' drafts (`--collect`); nil: the one shared form.
    public var collect: CollectSettings?

    /// The default body limit: 1 MiB, far above any form's values.
    public static let defaultBodyLimit = 1 << 20

    public init(host: String = "127.0.0.1", port: Int = 8080, databasePath: String, token: String? = nil,
                allowedHosts: [String] = [], bodyLimit: Int = ServerConfiguration.defaultBodyLimit, collect: CollectSettings? = nil) {
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.token = token
        self.allowedHosts = allowedHosts
        self.bodyLimit = bodyLimit
        self.collect = collect
    }

    /// Whether `host` is a loopback address, reachable from this machine only.
    public var listensOnLoopback: Bool {
        Self.loopbackHosts.contains(host.lowercased()) || host.hasPrefix("127.")
    }

    /// The names of this machine's loopback interface.
    static let loopbackHosts: Set<String> = ["127.0.0.1", "localhost", "::1", "[::1]"]

    /// Refuses a configuration that would expose the form: a non-loopback
    /// host without a token, an empty token, a port out of range; in
    /// collect mode, no token at all (the owner's routes need one even on
    /// loopback: `formctl serve` makes one there) or a draft limit below 1.
    public func validate() throws(ServeError) {
        guard (0...65_535).contains(port) else { throw .invalidPort(port) }
        if let token, token.isEmpty || token.utf8.count > 512 { throw .invalidToken }
        if !listensOnLoopback && token == nil { throw .tokenRequired(host: host) }
        guard bodyLimit > 0 else { throw .invalidBodyLimit(bodyLimit) }
        if let collect {
            if token == nil { throw .tokenRequired(host: host) }
            guard collect.maxDrafts > 0 else { throw .invalidMaxDrafts(collect.maxDrafts) }
        }
    }
}
