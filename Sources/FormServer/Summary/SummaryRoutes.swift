import FormKit
import Hummingbird

/// The owner's summary page, `GET /owner/summary`, in `serve` and
/// `serve --collect` alike (the owner's: the token's, where there is one):
/// the complete responses' summary as `formctl summary` gives it, each
/// question a chart with its table (`SummaryPageHTML`), kept up to date
/// between requests (`KeptSummary`). Its script reads it again when
/// `/api/events` says responses changed.
struct SummaryRoutes: Sendable {
    let summary: KeptSummary
    /// The form's page the summary links back to (`/`, or `/owner`).
    let formPath: String

    /// The page's path.
    static let path = "/owner/summary"

    func add(to router: some RouterMethods<ServerContext>) {
        router.get(RouterPath(Self.path)) { request, _ in
            let (html, status) = await DatabaseWork.run { page() }
            return PageRoutes.html(html, status: status, to: request)
        }
    }

    /// The page's HTML and status; an error (a database that cannot be
    /// read) as a short page with the CLI's message and its status.
    /// Blocking: called on `DatabaseWork`'s threads.
    func page() -> (html: String, status: HTTPResponse.Status) {
        do throws(FormKitError) {
            let current = try summary.current()
            let title = try summary.form.editableForm().title
            return (SummaryPageHTML(title: title, summary: current, formPath: formPath).html, .ok)
        } catch {
            return (ErrorPageHTML(error: error).html, HTTPStatusTable.status(for: error.code))
        }
    }
}
