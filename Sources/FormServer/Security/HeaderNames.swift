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
}
