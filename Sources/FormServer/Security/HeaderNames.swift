import Hummingbird

/// Header names HTTPTypes does not list (Hummingbird re-exports the fields
/// but not `HTTPField`, so they are reached through `HTTPFields.Element`).
/// Each is a literal, valid token, so the unwrap cannot fail whatever a
/// request holds.
enum HeaderName {
    /// `Referrer-Policy`.
    static let referrerPolicy = HTTPFields.Element.Name("Referrer-Policy")!
    /// `Last-Event-ID`: the id of the last event an `EventSource` saw,
    /// sent when it reconnects.
    static let lastEventID = HTTPFields.Element.Name("Last-Event-ID")!
    /// `X-Accel-Buffering`: `no` asks nginx not to hold an event stream's
    /// bytes back (as `proxy_buffering off` does for every route).
    static let xAccelBuffering = HTTPFields.Element.Name("X-Accel-Buffering")!
    /// `Host`, for a second `Host` header: HTTP/1's first one is the
    /// request's authority, and HTTPTypes keeps its own `.host` from use.
    static let host = HTTPFields.Element.Name("Host")!
    /// `X-Forwarded-Proto`: the scheme the browser used, as a reverse
    /// proxy reports it (a respondent's cookie is `Secure` behind HTTPS).
    static let xForwardedProto = HTTPFields.Element.Name("X-Forwarded-Proto")!
    /// `Formctl-Draft: new` on a respondent's write that made their draft,
    /// so that the page's script follows the draft's events.
    static let formctlDraft = HTTPFields.Element.Name("Formctl-Draft")!
}
