import FormModel

/// One response as `responses copy` moves it: the response with its
/// answers, and the respondent columns a draft of `serve --collect` has.
public struct CopiedResponse: Sendable, Hashable {
    /// The response, its id and times as stored.
    public var response: FormResponse
    /// The SHA-256 of the respondent's id, 64 hexadecimal digits; nil for
    /// a response stored any other way.
    public var respondent: String?
    /// When a respondent's draft was last written; nil for the others.
    public var answeredAt: String?

    /// A response to copy.
    public init(response: FormResponse, respondent: String? = nil, answeredAt: String? = nil) {
        self.response = response
        self.respondent = respondent
        self.answeredAt = answeredAt
    }
}
