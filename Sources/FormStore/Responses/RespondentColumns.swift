/// A response's respondent columns (0010_respondents), which `FormResponse`
/// leaves out: what a copy of the responses elsewhere must keep so that a
/// respondent's draft stays theirs.
public struct RespondentColumns: Hashable, Sendable {
    /// The SHA-256 of the respondent's id, 64 lowercase hexadecimal digits.
    public var respondent: String?
    /// When the respondent's draft was last written.
    public var answeredAt: String?

    /// The columns as stored.
    public init(respondent: String?, answeredAt: String?) {
        self.respondent = respondent
        self.answeredAt = answeredAt
    }
}
