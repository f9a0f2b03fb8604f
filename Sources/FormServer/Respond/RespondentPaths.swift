import Hummingbird

/// The paths respondents reach without the token in `--collect` mode: their
/// page (`/`), its files (`/assets/…`), `/openapi.json` (which leaves the
/// owner's routes out for them) and `/api/respond/…`. Everything else is
/// the owner's.
enum RespondentPaths {
    static let exact: Set<String> = Set(["/", "/openapi.json"] + PageAssets.all.map(\.path))
    static let apiPrefix = "/api/respond/"

    /// Whether `request` is a respondent's. A path with a `.` or `..`
    /// segment, an empty one, or a percent-encoded character is never one:
    /// it cannot be taken for a respondent's path and then routed as an
    /// owner's.
    static func contains(_ request: Request) -> Bool {
        let path = request.uri.path
        if exact.contains(path) { return true }
        guard path.hasPrefix(apiPrefix), !path.contains("%") else { return false }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        return !segments.contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }
}
