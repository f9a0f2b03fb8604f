import FormKit

/// The page (`GET /`): the form's title, its tab bar, the shown page's
/// fields as a plain `<form method=post>` (usable without script), the
/// outcome of the last submit and the minimap beside the form, as in seed
/// 002's picture. The script (`PageAssets.script`; no inline script: the Content-
/// Security-Policy forbids it) makes it live. Every value, label, key and
/// title is escaped where it is written.
///
/// `<html dir>` is the form's direction: a right-to-left form's page is
/// mirrored by the browser (the minimap on the right, as in its picture).
struct PageHTML {
    let snapshot: PageSnapshot
    let outcome: PageOutcome?
    /// `check`'s report, read when the outcome is a refused submit.
    let report: CheckReport?
    /// Where the page and its API are.
    var paths = PagePaths.shared

    /// The page's own words, in the form's language.
    var messages: PageMessages { PageMessages(language: snapshot.language) }

    var html: String {
        let messages = self.messages
        let page = HTMLText.escaped(snapshot.pageKey)
        var out = """
        <!DOCTYPE html>
        <html lang="\(HTMLText.escaped(snapshot.language))" dir="\(snapshot.direction.rawValue)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTMLText.escaped(documentTitle))</title>
        <link rel="stylesheet" href="\(PageAssets.style.path)">
        <script src="\(PageAssets.script.path)" defer></script>
        </head>
        <body>
        <main class="screen" data-page="\(page)" data-page-title="\(HTMLText.escaped(pageTitle ?? ""))" data-base="\(HTMLText.escaped(paths.page))" data-api="\(HTMLText.escaped(paths.api))" data-palette="\(HTMLText.escaped(MinimapPalette.json))"
         data-names="\(HTMLText.escaped(names))" data-messages="\(HTMLText.escaped(messages.json))">

        """
        out += TabBarHTML(pages: snapshot.pages, current: snapshot.pageKey, base: paths.page, messages: messages).html
        out += "<div class=\"layout\">\n"
        let minimapName = HTMLText.escaped(messages(.minimap))
        out += "<aside class=\"minimap-area\" id=\"minimap-area\" aria-label=\"\(minimapName)\" data-caption=\"\(minimapName)\">\n"
        // On a narrow screen the minimap is a bar; this opens it whole
        // (shown there only, and only with the script that works it).
        out += "<button type=\"button\" class=\"minimap-toggle\" aria-expanded=\"false\" aria-controls=\"minimap-area\">\(HTMLText.escaped(messages(.showMinimap)))</button>\n"
        out += MinimapSVG(width: snapshot.minimapWidth, height: snapshot.minimapHeight, rects: snapshot.rects, title: snapshot.title).html
        out += "</aside>\n"
        out += "<form id=\"form\" class=\"form\" method=\"post\" action=\"\(HTMLText.escaped(paths.page))\" novalidate>\n"
        out += "<h1 id=\"title\">\(HTMLText.escaped(snapshot.title))</h1>\n"
        // The outcome of the last submit at the top (the GOV.UK Design
        // System's error summary): focusable, and focused when the page
        // comes back from a post with one.
        out += "<div id=\"outcome\" class=\"outcome\" tabindex=\"-1\""
        if let outcome { out += " data-outcome=\"\(outcome.succeeded ? "ok" : "error")\" autofocus" }
        out += ">" + outcomeHTML + "</div>\n"
        out += "<input type=\"hidden\" name=\"page\" value=\"\(page)\">\n"
        out += fieldsHTML
        out += "<div class=\"actions\">\n"
        out += "<button type=\"submit\" name=\"action\" value=\"submit\" class=\"primary\">\(HTMLText.escaped(messages(.submit)))</button>\n"
        out += "<button type=\"submit\" name=\"action\" value=\"save\" class=\"secondary save\">\(HTMLText.escaped(messages(.save)))</button>\n"
        out += "</div>\n"
        // One polite live region: the script says a field's new state there
        // once typing pauses.
        out += "<div id=\"announcer\" class=\"visually-hidden\" aria-live=\"polite\"></div>\n"
        out += "</form>\n</div>\n</main>\n</body>\n</html>\n"
        return out
    }

    /// The shown page's title when the form has more than one page (the
    /// tab bar is drawn), else nil.
    private var pageTitle: String? {
        guard snapshot.pages.count > 1 else { return nil }
        return snapshot.pages.first { $0.page.key == snapshot.pageKey }?.page.title
    }

    /// The window's title: the form's, then the page's when there are
    /// several, so that each page of a form is told apart (WCAG 2.4.2).
    private var documentTitle: String {
        guard let pageTitle else { return snapshot.title }
        return snapshot.title + " – " + pageTitle
    }

    /// `{"fields": {KEY: LABEL}, "pages": {KEY: TITLE}}` for the whole
    /// form, so that the script names the fields `check` reports on other
    /// pages as this page names its own.
    private var names: String {
        var fields: [String: String] = [:]
        var pages: [String: String] = [:]
        for listing in snapshot.pages {
            pages[listing.page.key] = listing.page.title
            for field in listing.fields { fields[field.key] = field.label }
        }
        struct Names: Encodable { let fields: [String: String], pages: [String: String] }
        return (try? JSONText.encode(Names(fields: fields, pages: pages))) ?? "{}"
    }

    /// The page's fields, a `<div class="row">` per row of the form.
    private var fieldsHTML: String {
        guard !snapshot.fields.isEmpty else { return "<p class=\"empty-page\">\(HTMLText.escaped(messages(.noFields)))</p>\n" }
        var out = ""
        var row: Int?
        for listing in snapshot.fields {
            if listing.field.row != row {
                if row != nil { out += "</div>\n" }
                row = listing.field.row
                out += "<div class=\"row\" data-row=\"\(listing.field.row)\">\n"
            }
            out += FieldHTML(listing: listing, showsInvalid: outcome == .checkFailed, messages: messages).html
        }
        return out + "</div>\n"
    }

    /// The outcome in words, with links to the fields that keep the form
    /// from passing.
    private var outcomeHTML: String {
        guard let outcome else { return "" }
        switch outcome {
        case .submitted(let id):
            return "<p>" + HTMLText.escaped(messages(.submittedResponse, ["id": String(id)])) + "</p>"
        case .submittedOwn:
            return "<p>" + HTMLText.escaped(messages(.submittedOwn)) + "</p>"
        case .checkFailed:
            guard let report, !report.passes else { return "<p>" + HTMLText.escaped(messages(.refusedByCheck)) + "</p>" }
            return Self.problemsHTML(report.problems, pages: snapshot.pages, current: snapshot.pageKey, base: paths.page, messages: messages)
        case .notSaved(let keys, let code):
            let names = keys.map { key in label(of: key) ?? key }.joined(separator: ", ")
            return "<p>" + HTMLText.escaped(messages(.notSaved, ["names": names, "reason": PageOutcome.words(for: code)])) + "</p>"
        case .failed(let code):
            return "<p>" + HTMLText.escaped(messages(.refused, ["reason": PageOutcome.words(for: code)])) + "</p>"
        }
    }

    /// `check`'s problems as a list, each field linked (on another page,
    /// to that page).
    static func problemsHTML(_ problems: [CheckReport.Problem], pages: [PageListing], current: String, base: String = "/",
                             messages: PageMessages = PageMessages(language: FormDefinition.defaultLanguage)) -> String {
        var labels: [String: String] = [:]
        var titles: [String: String] = [:]
        for listing in pages {
            titles[listing.page.key] = listing.page.title
            for field in listing.fields { labels[field.key] = field.label }
        }
        var out = "<p>" + HTMLText.escaped(messages(problems.count == 1 ? .fixField : .fixFields)) + "</p>\n<ul class=\"problems\">\n"
        for problem in problems {
            let page = problem.page ?? current
            let target = FieldHTML.inputID(problem.key)
            let href = page == current ? "#" + target : PageLink.href(page: page, fragment: target, base: base)
            out += "<li><a href=\"\(HTMLText.escaped(href))\" data-key=\"\(HTMLText.escaped(problem.key))\">"
            out += HTMLText.escaped(labels[problem.key] ?? problem.key) + "</a> " + HTMLText.escaped(problem.reason)
            if page != current { out += " " + HTMLText.escaped(messages(.onPage, ["page": titles[page] ?? page])) }
            out += "</li>\n"
        }
        return out + "</ul>"
    }

    private func label(of key: String) -> String? {
        for listing in snapshot.pages { if let field = listing.fields.first(where: { $0.key == key }) { return field.label } }
        return nil
    }
}
