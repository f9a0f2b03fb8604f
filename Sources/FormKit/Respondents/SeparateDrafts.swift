import FormStore

/// A `DraftStore` apart from the form's file that a `StoredForm` keeps its
/// respondents' drafts in (`keepingDrafts(in:)`): compared by identity,
/// as a session's open database is, so that `StoredForm` stays `Hashable`.
final class SeparateDrafts: Hashable, Sendable {
    let store: any DraftStore

    init(_ store: any DraftStore) {
        self.store = store
    }

    static func == (left: SeparateDrafts, right: SeparateDrafts) -> Bool { left === right }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
