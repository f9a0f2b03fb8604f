import Hummingbird

/// The token every request must carry when one is configured: in
/// `Authorization: Bearer T` (API clients) or in the `formctl_token`
/// cookie that a `GET /?token=T` visit sets (browsers: the URL printed
/// once, after which the token leaves the address bar). Without it, or
/// with a wrong one, the answer is 401 (`unauthorized`).
///
/// Runs after `HostCheck` and before `OriginCheck`; only a server with a
/// token has it.
struct TokenCheck: RouterMiddleware {
    typealias Context = ServerContext

    /// The token's bytes.
    let secret: [UInt8]
    /// Whether a request needs no token: in `--collect` mode, the
    /// respondents' routes (`RespondentPaths`); none otherwise.
    let isPublic: @Sendable (Request) -> Bool
    /// The pages answered 401 with a page on how to sign in, instead of
    /// JSON (`/owner` and `/owner/summary` in `--collect` mode).
    let signInPages: Set<String>

    /// The cookie that carries the token.
    static let cookieName = "formctl_token"

    init(token: String, isPublic: @escaping @Sendable (Request) -> Bool = { _ in false }, signInPages: Set<String> = []) {
        secret = Array(token.utf8)
        self.isPublic = isPublic
        self.signInPages = signInPages
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if isPublic(request) { return try await next(request, context) }
        if request.method == .get || request.method == .head, let given = request.uri.queryParameters["token"] {
            guard matches(given) else { return try refusal(of: request) }
            // The token goes into a cookie and out of the address bar
            // (and the history, and any Referer).
            return Response(status: .seeOther, headers: [.location: request.uri.path, .setCookie: cookie(), .cacheControl: "no-store"])
        }
        guard admits(request) else { return try refusal(of: request) }
        return try await next(request, context)
    }

    /// The 401 for `request`: the page on how to sign in for a browser
    /// asking for one of the sign-in pages (without the token, or with a
    /// wrong `?token=`), thrown `unauthorized` (JSON) for anything else.
    private func refusal(of request: Request) throws -> Response {
        guard signInPages.contains(request.uri.path), request.method == .get || request.method == .head else {
            throw APIError.unauthorized
        }
        return Response(status: .unauthorized,
                        headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .wwwAuthenticate: "Bearer"],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: SignInPageHTML.html)))
    }

    /// Whether `request` carries the token, in its `Authorization` header
    /// or its cookie. Each candidate is compared in constant time.
    func admits(_ request: Request) -> Bool {
        var admitted = false
        for candidate in Self.bearerTokens(of: request) + Self.cookieTokens(of: request) {
            // No early exit: how many candidates were tried does not depend
            // on which one matched.
            admitted = ConstantTimeComparison.equal(candidate.utf8, secret) || admitted
        }
        return admitted
    }

    /// Whether `given` (a `?token=` value) is the token.
    func matches(_ given: Substring) -> Bool {
        ConstantTimeComparison.equal(given.utf8, secret)
    }

    /// The `Set-Cookie` value that keeps the token in the browser: not
    /// readable by scripts, not sent on other sites' requests, for every path.
    func cookie() -> String {
        "\(Self.cookieName)=\(Self.percentEncoded(secret)); HttpOnly; SameSite=Strict; Path=/"
    }

    /// The tokens of `Authorization: Bearer T` headers.
    static func bearerTokens(of request: Request) -> [String] {
        request.headers[values: .authorization].compactMap { value in
            let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
            return String(parts[1].drop { $0 == " " })
        }
    }

    /// The values of every `formctl_token` cookie, percent-decoded.
    static func cookieTokens(of request: Request) -> [String] {
        request.headers[values: .cookie].flatMap { header in
            header.split(separator: ";").compactMap { pair -> String? in
                let trimmed = pair.drop { $0 == " " }
                guard let equals = trimmed.firstIndex(of: "="), trimmed[..<equals] == cookieName else { return nil }
                return percentDecoded(trimmed[trimmed.index(after: equals)...])
            }
        }
    }

    /// The token with every byte but letters, digits, `-`, `.`, `_` and
    /// `~` written `%XX`: a cookie value may not hold `;`, `,`, spaces or
    /// quotes, and a token of the user's own may.
    static func percentEncoded(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(bytes.count)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.append(byte)
            default:
                encoded += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// `%XX` sequences turned back into bytes (`PercentDecoding`); a `%`
    /// not followed by two hexadecimal digits is kept as it is.
    static func percentDecoded(_ text: Substring) -> String {
        String(decoding: PercentDecoding.decoded(text.utf8, plusIsSpace: false), as: UTF8.self)
    }
}
