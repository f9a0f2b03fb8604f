/// Where the responses live: a libpq connection URI
/// (`postgresql://user:password@host:port/database?param=value`), as `psql`
/// takes it.
///
/// `?host=/path` (or a host that starts with `/`, percent-encoded in the
/// authority) names the folder of a Unix socket, whose file is
/// `/path/.s.PGSQL.PORT`, as libpq finds it. The password comes from the
/// URI, else from `PGPASSWORD`. The user defaults to the one running
/// formctl, the database to the user, the port to 5432: libpq's defaults.
public struct PostgresURI: Sendable, Equatable {
    /// How the connection is secured over TCP (libpq's `sslmode`).
    public enum TLSMode: String, Sendable {
        case disable, prefer, require
    }

    /// The host name or address, or the socket folder (starts with `/`).
    public var host: String
    /// The port, also the socket file's suffix.
    public var port: Int
    /// The user to log in as.
    public var user: String
    /// The password; nil: none (the server may not ask).
    public var password: String?
    /// The database's name.
    public var database: String
    /// TLS over TCP; a Unix socket never uses it.
    public var tlsMode: TLSMode

    /// Whether `host` names a Unix socket's folder.
    public var isUnixSocket: Bool { host.hasPrefix("/") }

    /// The socket file for a Unix socket.
    public var socketPath: String { "\(host)/.s.PGSQL.\(port)" }

    /// Where the server is, as a message names it: `the socket …` or `host:port`.
    public var place: String { isUnixSocket ? "the socket \(socketPath)" : "\(host):\(port)" }

    /// The URI's parameters libpq has that formctl accepts and ignores
    /// (they change nothing it does).
    private static let ignoredParameters: Set<String> = ["application_name", "connect_timeout", "client_encoding"]

    /// Parses `text`; `environment` gives `PGPASSWORD` and the default
    /// user (`PGUSER`, `USER`). A URI that does not parse, or names a
    /// parameter formctl does not take, is a `badAddress` error saying why,
    /// with the password left out.
    public init(_ text: String, environment: [String: String]) throws(PostgresStoreError) {
        func bad(_ reason: String) -> PostgresStoreError {
            PostgresStoreError(.badAddress, "bad PostgreSQL URI '\(Self.redacted(text))': \(reason) (expected postgresql://user:password@host:port/database, or ?host=/socket/folder)")
        }
        var rest: Substring
        if text.hasPrefix("postgresql://") {
            rest = text.dropFirst("postgresql://".count)
        } else if text.hasPrefix("postgres://") {
            rest = text.dropFirst("postgres://".count)
        } else {
            throw bad("it must start with postgresql:// or postgres://")
        }
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var path: Substring = ""
        if let slash = rest.firstIndex(of: "/") {
            path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
        }
        var user: String?
        var password: String?
        if let at = rest.lastIndex(of: "@") {
            let userInfo = rest[..<at]
            rest = rest[rest.index(after: at)...]
            if let colon = userInfo.firstIndex(of: ":") {
                user = Self.decoded(userInfo[..<colon])
                password = Self.decoded(userInfo[userInfo.index(after: colon)...])
                if password == nil { throw bad("the password's percent-encoding is broken") }
            } else {
                user = Self.decoded(userInfo)
            }
            if user == nil { throw bad("the user's percent-encoding is broken") }
        }
        var host = ""
        var port: Int?
        if rest.hasPrefix("[") {
            // An IPv6 address: [::1]:5432.
            guard let close = rest.firstIndex(of: "]") else { throw bad("an IPv6 address lacks its ]") }
            host = String(rest[rest.index(after: rest.startIndex)..<close])
            let after = rest[rest.index(after: close)...]
            if after.hasPrefix(":") {
                guard let number = Int(after.dropFirst()) else { throw bad("the port is not a number") }
                port = number
            } else if !after.isEmpty {
                throw bad("unexpected text after the IPv6 address")
            }
        } else if let colon = rest.lastIndex(of: ":") {
            guard let decodedHost = Self.decoded(rest[..<colon]) else { throw bad("the host's percent-encoding is broken") }
            host = decodedHost
            guard let number = Int(rest[rest.index(after: colon)...]) else { throw bad("the port is not a number") }
            port = number
        } else {
            guard let decodedHost = Self.decoded(rest) else { throw bad("the host's percent-encoding is broken") }
            host = decodedHost
        }
        if rest.contains(",") { throw bad("formctl takes one host, not a list") }
        guard var database = Self.decoded(path) else { throw bad("the database name's percent-encoding is broken") }
        var tlsMode = TLSMode.prefer
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            guard let equals = pair.firstIndex(of: "=") else { throw bad("parameter '\(pair)' has no value") }
            let name = String(pair[..<equals])
            guard let value = Self.decoded(pair[pair.index(after: equals)...]) else { throw bad("the value of \(name) is badly percent-encoded") }
            switch name {
            case "host": host = value
            case "port":
                guard let number = Int(value) else { throw bad("the port is not a number") }
                port = number
            case "user": user = value
            case "password": password = value
            case "dbname": database = value
            case "sslmode":
                switch value {
                case "disable", "allow": tlsMode = .disable
                case "prefer": tlsMode = .prefer
                case "require": tlsMode = .require
                default: throw bad("sslmode \(value) is not one formctl takes (disable, allow, prefer, require)")
                }
            case _ where Self.ignoredParameters.contains(name): continue
            default: throw bad("unknown parameter '\(name)'")
            }
        }
        if let port, !(1...65535).contains(port) { throw bad("the port must be from 1 to 65535") }
        // libpq's default host is its socket folder; Debian's is /var/run/postgresql.
        if host.isEmpty { host = "/var/run/postgresql" }
        guard let resolvedUser = user ?? environment["PGUSER"] ?? environment["USER"], !resolvedUser.isEmpty else {
            throw bad("no user: name one in the URI (postgresql://user@host/database)")
        }
        if database.isEmpty { database = resolvedUser }
        self.host = host
        self.port = port ?? 5432
        self.user = resolvedUser
        self.password = password ?? environment["PGPASSWORD"]
        self.database = database
        self.tlsMode = tlsMode
    }

    /// `text` without its password, for messages.
    public static func redacted(_ text: String) -> String {
        guard let scheme = text.range(of: "://") else { return text }
        let afterScheme = text[scheme.upperBound...]
        let authorityEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex
        let authority = afterScheme[..<authorityEnd]
        var result = String(text[..<scheme.upperBound])
        if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
            result += authority[..<colon] + ":***" + authority[at...]
        } else {
            result += authority
        }
        var tail = String(afterScheme[authorityEnd...])
        if let range = tail.range(of: "password=") {
            let end = tail[range.upperBound...].firstIndex(of: "&") ?? tail.endIndex
            tail.replaceSubrange(range.upperBound..<end, with: "***")
        }
        return result + tail
    }

    /// Percent-decoding; nil when a `%` is not followed by two hex digits
    /// or the bytes are not UTF-8.
    private static func decoded(_ text: Substring) -> String? {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let first = utf8.index(after: index)
                guard first != utf8.endIndex else { return nil }
                let second = utf8.index(after: first)
                guard second != utf8.endIndex, let high = hexValue(utf8[first]), let low = hexValue(utf8[second]) else { return nil }
                bytes.append(high << 4 | low)
                index = utf8.index(after: second)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
