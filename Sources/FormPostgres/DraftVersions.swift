import Synchronization

/// A respondent's open draft as of one row version (`xmin`): what an
/// answer is checked against, and stored only if the draft is still at.
struct VersionedDraft: Sendable {
    let draft: Int64
    let version: String
    let answers: [String: String]
    /// Whether this is what a server remembers (`DraftVersions`) rather
    /// than what it read.
    var isRemembered = false

    /// This draft as remembered.
    var remembered: VersionedDraft {
        var draft = self
        draft.isRemembered = true
        return draft
    }
}

/// The drafts this server last wrote, at the version its write left
/// them: a respondent's next answer through the same server (a survey's
/// usual next request) is checked against it without reading the draft
/// again. A draft another server or another write changed since fails the
/// stored version's guard, writes nothing, and is read afresh, so what is
/// remembered is only ever a guess that the database confirms.
final class DraftVersions: Sendable {
    private let drafts = Mutex<[String: VersionedDraft]>([:])
    /// Respondents remembered at most; past it, all are forgotten at once
    /// (each costs one read at its next answer).
    private let limit: Int

    init(limit: Int = 4_096) {
        self.limit = max(1, limit)
    }

    /// `respondent`'s draft as this server last wrote it; nil: not known.
    func last(_ respondent: String) -> VersionedDraft? {
        drafts.withLock { $0[respondent] }
    }

    /// Remembers `draft` as `respondent`'s, as a write just committed it.
    func remember(_ draft: VersionedDraft, of respondent: String) {
        drafts.withLock { drafts in
            if drafts.count >= limit, drafts[respondent] == nil { drafts.removeAll(keepingCapacity: true) }
            drafts[respondent] = draft
        }
    }

    /// Forgets `respondent`'s draft (changed, submitted or gone).
    func forget(_ respondent: String) {
        _ = drafts.withLock { $0.removeValue(forKey: respondent) }
    }
}
