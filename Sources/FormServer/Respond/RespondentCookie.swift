import FormKit
import Hummingbird

/// The cookie that names a respondent in `--collect` mode:
/// `formctl_respondent`, their `RespondentID` in base64url. `HttpOnly`
/// (no script reads it), `SameSite=Lax` (other sites' pages do not send
/// it with their writes), `Secure` when the page came over HTTPS through a
/// proxy (`X-Forwarded-Proto: https`), `Max-Age` the draft TTL: it lives
/// as long as the draft it names can.
enum RespondentCookie {
    static let name = "formctl_respondent"

    /// The respondent the request names: the first `formctl_respondent`
    /// cookie that is an id of ours (22 base64url characters); nil without
    /// one. Whether it names a draft is the database's to say.
    static func respondent(of request: Request) -> RespondentID? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let trimmed = pair.drop { $0 == " " }
                guard let equals = trimmed.firstIndex(of: "="), trimmed[..<equals] == name else { continue }
                if let id = RespondentID(base64url: trimmed[trimmed.index(after: equals)...]) { return id }
            }
        }
        return nil
    }

    /// The `Set-Cookie` value that keeps `id` for `ttl`.
    static func setCookie(_ id: RespondentID, ttl: DraftTTL, request: Request) -> String {
        var cookie = "\(name)=\(id.base64url); Max-Age=\(ttl.seconds); Path=/; HttpOnly; SameSite=Lax"
        if servedOverHTTPS(request) { cookie += "; Secure" }
        return cookie
    }

    /// Whether a proxy says the browser's request came over HTTPS.
    static func servedOverHTTPS(_ request: Request) -> Bool {
        request.headers[values: HeaderName.xForwardedProto].contains { value in
            value.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() == "https" } ?? false
        }
    }
}
