import FormKit
import Mustache

/// The page (`GET /`): the form's title, its tab bar, the shown page's
/// fields as a plain `<form method=post>` (usable without script), the
/// outcome of the last submit and the minimap beside the form, as in seed
/// 002's picture (`Templates/page.mustache`, which escapes every value,
/// label, key and title it writes; this builds its view). The script
/// (`PageAssets.script`; no inline script: the Content-Security-Policy
/// forbids it) makes it live.
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
    /// What is focused when the page loads, after an instance was added or
    /// removed (`focus=PATH` in the query): the first field of the
    /// instance at PATH, or the Add button of the repeat at PATH.
    var focus: String?

    /// The page's own words, in the form's language.
    var messages: PageMessages { PageMessages(language: snapshot.language) }

    /// The page, rendered with `Templates/page.mustache`.
    var html: String { PageTemplates.render(view, with: "page") }

    /// What the template shows.
    struct View {
        let language: String, direction: String
        let documentTitle: String, title: String
        let stylePath: String, scriptPath: String
        /// The shown page's key, and its title when there are several.
        let pageKey: String, pageTitle: String
        /// Where the page and its API are.
        let base: String, api: String
        /// JSON for the script: the minimap's colours, every field's label
        /// and page's title, and the page's words.
        let palette: String, names: String, messages: String
        let words: Words
        let tabBar: TabBarHTML.View?
        let minimap: MinimapSVG.View
        let outcome: Outcome?
        /// The page's rows of fields, with their groups, repeats and
        /// instances around them; none for a page without fields.
        let items: [PageItemView]
        /// Whether the page has a repeat's Add or an instance's Remove:
        /// then a hidden Submit comes first, so that Enter in a field of a
        /// page without script submits, as it does on every other page,
        /// rather than pressing the first Add or Remove (HTML's implicit
        /// submission presses the form's first submit button).
        let hasInstanceButtons: Bool
        /// The instances the page is drawn with, posted back
        /// (`InstanceCounts`); nil for a form without repeats.
        let instanceCounts: String?

        /// The words the template writes itself, in the form's language.
        struct Words { let minimap: String, showMinimap: String, noFields: String, submit: String, save: String, summary: String }
        /// The owner's summary page (`SummaryRoutes`), linked from the
        /// owner's page; nil on a respondent's.
        let summaryPath: String?
        struct Row { let row: Int; var fields: [FieldHTML.View] }
        /// The last submit's outcome: `ok` or `error`, and in words.
        struct Outcome { let kind: String, message: String?, problems: Problems? }
        /// A refused submit's fields, each linked (on another page, to that page).
        struct Problems { let heading: String, items: [Problem] }
        struct Problem { let href: String, key: String, label: String, reason: String, onPage: String? }
    }

    var view: View {
        let messages = self.messages
        let items = self.items
        return View(language: snapshot.language, direction: snapshot.direction.rawValue, documentTitle: documentTitle,
                    title: snapshot.title, stylePath: PageAssets.style.path, scriptPath: PageAssets.script.path,
                    pageKey: snapshot.pageKey, pageTitle: pageTitle ?? "", base: paths.page, api: paths.api,
                    palette: MinimapPalette.json, names: names, messages: messages.json,
                    words: View.Words(minimap: messages(.minimap), showMinimap: messages(.showMinimap), noFields: messages(.noFields),
                                      submit: messages(.submit), save: messages(.save), summary: messages(.summary)),
                    tabBar: TabBarHTML(pages: snapshot.pages, current: snapshot.pageKey, base: paths.page, messages: messages).view,
                    minimap: MinimapSVG(width: snapshot.minimapWidth, height: snapshot.minimapHeight, rects: snapshot.rects,
                                        title: snapshot.title).view,
                    outcome: outcomeView, items: items, hasInstanceButtons: Self.hasButtons(items),
                    instanceCounts: InstanceCounts.of(snapshot.form), summaryPath: paths.summary)
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

    /// `{"fields": {KEY: LABEL}, "pages": {KEY: TITLE}, "groups": {PATH:
    /// TITLE}}` for the whole form, so that the script names the fields
    /// (and repeats) `check` reports on other pages as this page names
    /// its own.
    private var names: String {
        var fields: [String: String] = [:]
        var pages: [String: String] = [:]
        for listing in snapshot.pages {
            pages[listing.page.key] = listing.page.title
            for field in listing.fields { fields[field.key] = field.label }
        }
        struct Names: Encodable { let fields: [String: String], pages: [String: String], groups: [String: String] }
        return (try? JSONText.encode(Names(fields: fields, pages: pages, groups: groupTitles))) ?? "{}"
    }

    /// The page's rows of fields in their groups, repeats and instances.
    private var items: [PageItemView] {
        let messages = self.messages
        let form = snapshot.form
        let focusedGroup = focus.flatMap { form.group($0) }
        // An instance just added: its first field that is shown.
        let focusedField = focusedGroup?.kind == .instance
            ? snapshot.fields.first { $0.isShown && FieldPath.isWithin($0.field.key, focusedGroup?.path ?? "") }?.field.key : nil
        let fields = snapshot.fields.map { listing in
            FieldHTML(listing: listing, showsInvalid: outcome == .checkFailed, messages: messages,
                      isFocused: listing.field.key == focusedField).view
        }
        return PageItems(form: form, page: snapshot.pageKey, fields: fields,
                         focusedRepeat: focusedGroup?.kind == .repeat ? focusedGroup?.path : nil, messages: messages).items
    }

    /// The outcome in words, with links to the fields that keep the form
    /// from passing.
    private var outcomeView: View.Outcome? {
        guard let outcome else { return nil }
        let kind = outcome.succeeded ? "ok" : "error"
        switch outcome {
        case .submitted(let id):
            return View.Outcome(kind: kind, message: messages(.submittedResponse, ["id": String(id)]), problems: nil)
        case .submittedOwn:
            return View.Outcome(kind: kind, message: messages(.submittedOwn), problems: nil)
        case .checkFailed:
            guard let report, !report.passes else { return View.Outcome(kind: kind, message: messages(.refusedByCheck), problems: nil) }
            return View.Outcome(kind: kind, message: nil, problems: Self.problems(report.problems, pages: snapshot.pages,
                                                                                  current: snapshot.pageKey, base: paths.page,
                                                                                  messages: messages, groups: groupTitles))
        case .repeatRefused(let path, let code):
            return View.Outcome(kind: kind, message: messages(.repeatRefused, ["name": groupName(path), "reason": PageOutcome.repeatWords(for: code)]),
                                problems: nil)
        case .notSaved(let keys, let code):
            let names = keys.map { key in label(of: key) ?? key }.joined(separator: ", ")
            return View.Outcome(kind: kind, message: messages(.notSaved, ["names": names, "reason": PageOutcome.words(for: code)]),
                                problems: nil)
        case .failed(let code):
            return View.Outcome(kind: kind, message: messages(.refused, ["reason": PageOutcome.words(for: code)]), problems: nil)
        }
    }

    /// The title of each group and repeat by path (its key when it has
    /// none): `check` names a repeat with too few or too many instances
    /// by its path.
    private var groupTitles: [String: String] {
        var titles: [String: String] = [:]
        for group in snapshot.form.groups where group.kind != .instance { titles[group.path] = group.title ?? group.key }
        return titles
    }

    /// `check`'s problems, each field linked (on another page, to that
    /// page), each reason in the form's language where it has the words;
    /// a repeat's (its count) linked to its fieldset and named by its
    /// title (`groups`).
    static func problems(_ problems: [CheckReport.Problem], pages: [PageListing], current: String, base: String,
                         messages: PageMessages, groups: [String: String] = [:]) -> View.Problems {
        var fields: [String: Field] = [:]
        var titles: [String: String] = [:]
        for listing in pages {
            titles[listing.page.key] = listing.page.title
            for field in listing.fields { fields[field.key] = field }
        }
        let items = problems.map { problem in
            let page = problem.page ?? current
            let group = fields[problem.key] == nil ? groups[problem.key] : nil
            let target = group == nil ? FieldHTML.inputID(problem.key) : GroupHTML.id(problem.key)
            return View.Problem(href: page == current ? "#" + target : PageLink.href(page: page, fragment: target, base: base),
                                key: problem.key, label: fields[problem.key]?.label ?? group ?? problem.key,
                                reason: fields[problem.key].map { FieldReasons($0, messages: messages).reason(for: problem.state) }
                                    ?? problem.reason,
                                onPage: page == current ? nil : messages(.onPage, ["page": titles[page] ?? page]))
        }
        return View.Problems(heading: messages(problems.count == 1 ? .fixField : .fixFields), items: items)
    }

    /// Whether any of `items`, or anything in them, has an Add or Remove button.
    static func hasButtons(_ items: [PageItemView]) -> Bool {
        items.contains { item in
            guard let group = item.group else { return false }
            return group.add != nil || group.remove != nil || hasButtons(group.items)
        }
    }

    /// An instance's title or a repeat's, as the page shows it; the path
    /// for one that is gone.
    private func groupName(_ path: String) -> String {
        guard let group = snapshot.form.group(path) else { return path }
        return group.kind == .instance ? snapshot.form.instanceTitle(group) : group.title ?? group.key
    }

    private func label(of key: String) -> String? {
        for listing in snapshot.pages { if let field = listing.fields.first(where: { $0.key == key }) { return field.label } }
        return nil
    }
}

// The templates read a view by name through `child(named:)`, not through
// `Mirror`, which made the page five times slower to write.
extension PageHTML.View: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "language": self.language
        case "direction": self.direction
        case "documentTitle": self.documentTitle
        case "title": self.title
        case "stylePath": self.stylePath
        case "scriptPath": self.scriptPath
        case "pageKey": self.pageKey
        case "pageTitle": self.pageTitle
        case "base": self.base
        case "summaryPath": self.summaryPath
        case "api": self.api
        case "palette": self.palette
        case "names": self.names
        case "messages": self.messages
        case "words": self.words
        case "tabBar": self.tabBar
        case "minimap": self.minimap
        case "outcome": self.outcome
        case "items": self.items
        case "hasInstanceButtons": self.hasInstanceButtons
        case "instanceCounts": self.instanceCounts
        default: nil
        }
    }
}

extension PageHTML.View.Words: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "minimap": self.minimap
        case "showMinimap": self.showMinimap
        case "noFields": self.noFields
        case "submit": self.submit
        case "save": self.save
        case "summary": self.summary
        default: nil
        }
    }
}

extension PageHTML.View.Row: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "row": self.row
        case "fields": self.fields
        default: nil
        }
    }
}

extension PageHTML.View.Outcome: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "kind": self.kind
        case "message": self.message
        case "problems": self.problems
        default: nil
        }
    }
}

extension PageHTML.View.Problems: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": self.heading
        case "items": self.items
        default: nil
        }
    }
}

extension PageHTML.View.Problem: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "href": self.href
        case "key": self.key
        case "label": self.label
        case "reason": self.reason
        case "onPage": self.onPage
        default: nil
        }
    }
}
