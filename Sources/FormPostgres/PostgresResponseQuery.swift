import FormModel

/// Which responses a reading covers, as FormStore's `ResponseFilter` says
/// it for SQLite: a status, a moment from which, the last `limit`.
public struct PostgresResponseQuery: Sendable, Hashable {
    /// Only responses with this status; nil: both.
    public var status: FormResponse.Status?
    /// Only responses submitted at or after this moment (UTC text with
    /// milliseconds, as `submitted_at` holds it); nil: any time.
    public var submittedSince: String?
    /// Only the last `limit` of those (the highest ids); nil: all.
    public var limit: Int?

    /// A query as given; no arguments: every response.
    public init(status: FormResponse.Status? = nil, submittedSince: String? = nil, limit: Int? = nil) {
        self.status = status
        self.submittedSince = submittedSince
        self.limit = limit
    }
}
