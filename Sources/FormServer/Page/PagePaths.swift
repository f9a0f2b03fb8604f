/// Where a page lives and where its script finds its API: the one shared
/// form at `/` with `/api`; in `--collect` mode the owner's shared form at
/// `/owner` with `/api`, and each respondent's own at `/` with
/// `/api/respond`. The page carries both in `data-` attributes, so that
/// one script serves every page.
struct PagePaths: Sendable, Equatable {
    /// The page's path: its links, its form's action, its reloads.
    let page: String
    /// The API's prefix: `{api}/fields`, `{api}/minimap`, `{api}/events`,
    /// `{api}/submit`.
    let api: String

    /// `formctl serve`'s one shared form.
    static let shared = PagePaths(page: "/", api: "/api")
    /// The owner's shared form in `--collect` mode.
    static let owner = PagePaths(page: "/owner", api: "/api")
    /// A respondent's own form in `--collect` mode.
    static let respondent = PagePaths(page: "/", api: "/api/respond")

    /// The owner's summary page, linked from the owner's form; nil on a
    /// respondent's, whose page says nothing of others' responses.
    var summary: String? { self == .respondent ? nil : SummaryRoutes.path }
}
