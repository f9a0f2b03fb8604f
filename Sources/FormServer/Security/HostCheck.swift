import Hummingbird

/// The `Host` names the server answers to: loopback's (`127.0.0.1`,
/// `localhost`, `[::1]`), the address it listens on, and each
/// `--allow-host`. A page that a browser loaded from any other name (an
/// attacker's domain re-pointed at 127.0.0.1, DNS rebinding) sends that
/// name, and is answered 421 (`unknownHost`) without reaching a route.
///
/// The first check a request passes (the token's and the Origin's come
/// after it), inside `APIErrorMiddleware`, which answers its refusal.
struct HostCheck: RouterMiddleware {
    typealias Context = ServerContext

    /// Names allowed on any port, lowercased, IPv6 addresses bracketed.
    let names: Set<String>
    /// `name:port` pairs allowed on that port only (an `--allow-host`
    /// given with a port).
    let namesWithPort: Set<String>

    init(configuration: ServerConfiguration) {
        var names: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
        var namesWithPort: Set<String> = []
        names.insert(Self.bracketed(configuration.host.lowercased()))
        for allowed in configuration.allowedHosts {
            let lowered = allowed.lowercased()
            if let parsed = HostHeader(lowered), parsed.port != nil {
                namesWithPort.insert(lowered)
            } else {
                names.insert(Self.bracketed(lowered))
            }
        }
        self.names = names
        self.namesWithPort = namesWithPort
    }

    /// Whether a request naming `host` (a `Host` header's value) is for
    /// this server.
    func allows(_ host: String) -> Bool {
        guard let parsed = HostHeader(host.lowercased()) else { return false }
        if names.contains(parsed.name) { return true }
        guard let port = parsed.port else { return false }
        return namesWithPort.contains("\(parsed.name):\(port)")
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let named = Self.names(of: request)
        guard !named.isEmpty, named.allSatisfy(allows) else { throw APIError.unknownHost(named.first) }
        return try await next(request, context)
    }

    /// The host names `request` gives: HTTP/1's `Host` arrives as the
    /// authority; a second `Host` header stays among the fields, and must
    /// be allowed as well.
    static func names(of request: Request) -> [String] {
        (request.head.authority.map { [$0] } ?? []) + request.headers[values: HeaderName.host]
    }

    /// An IPv6 address as a `Host` header writes it: in brackets.
    static func bracketed(_ name: String) -> String {
        name.contains(":") && !name.hasPrefix("[") ? "[\(name)]" : name
    }
}

/// A `Host` header's value taken apart: `name[:port]`, `[v6]:port`.
/// Anything else (an empty name, a port that is not 1 to 5 digits, an
/// unbracketed IPv6 address, white space) does not parse.
struct HostHeader: Equatable, Sendable {
    /// The name as written, lowercased by the caller; IPv6 in brackets.
    let name: String
    /// The port, when one is written.
    let port: Int?

    init?(_ text: String) {
        var rest = Substring(text)
        let name: Substring
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            name = rest[...close]
            rest = rest[rest.index(after: close)...]
        } else if let colon = rest.firstIndex(of: ":") {
            name = rest[..<colon]
            rest = rest[colon...]
        } else {
            name = rest
            rest = ""
        }
        guard !name.isEmpty, name.utf8.allSatisfy(Self.isNameByte) else { return nil }
        if rest.isEmpty {
            port = nil
        } else {
            let digits = rest.dropFirst()
            guard rest.first == ":", (1...5).contains(digits.count), digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                  let number = Int(digits), number <= 65_535 else { return nil }
            port = number
        }
        self.name = String(name)
    }

    /// Letters, digits, `-`, `.`, `_`, and the brackets and colons of an
    /// IPv6 address: what a host name or address is made of.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"):
            true
        default: false
        }
    }
}
