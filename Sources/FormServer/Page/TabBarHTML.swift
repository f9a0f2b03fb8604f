import FormKit
import Mustache

/// The tab bar of seeds 000 and 001 as links (`Templates/tab-bar.mustache`;
/// this builds its view): one per page, and from six pages on a More tab in
/// the fifth place listing the rest (a `<details>`, which opens with the
/// keyboard and without script). Each link is
/// `/?page=KEY`: a browser chooses the page it shows, and choosing writes
/// nothing. Drawn from two pages on, as `formctl minimap --format svg` does.
struct TabBarHTML {
    let pages: [PageListing]
    /// The key of the page shown.
    let current: String
    /// The page's own path, which its links lead to.
    var base = "/"
    /// The tab bar's name and More's, in the form's language.
    var messages = PageMessages(language: FormDefinition.defaultLanguage)

    /// What `Templates/tab-bar.mustache` shows; nil below two pages.
    struct View {
        let label: String
        let tabs: [Link]
        let more: More?

        struct Link { let href: String, key: String, title: String, isCurrent: Bool }
        /// More's tab and the pages behind it.
        struct More { let label: String, holdsCurrent: Bool, pages: [Link] }
    }

    var view: View? {
        guard pages.count > 1 else { return nil }
        let more = pages.filter(\.isBehindMore).map(link)
        let moreTab = more.isEmpty ? nil : View.More(label: messages(.more), holdsCurrent: more.contains(where: \.isCurrent), pages: more)
        return View(label: messages(.pages), tabs: pages.filter { !$0.isBehindMore }.map(link), more: moreTab)
    }

    private func link(_ listing: PageListing) -> View.Link {
        let key = listing.page.key
        return View.Link(href: PageLink.href(page: key, base: base), key: key, title: listing.page.title, isCurrent: key == current)
    }
}

// The templates read a view by name through `child(named:)`, not through
// `Mirror`, which made the page five times slower to write.
extension TabBarHTML.View: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": self.label
        case "tabs": self.tabs
        case "more": self.more
        default: nil
        }
    }
}

extension TabBarHTML.View.Link: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "href": self.href
        case "key": self.key
        case "title": self.title
        case "isCurrent": self.isCurrent
        default: nil
        }
    }
}

extension TabBarHTML.View.More: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": self.label
        case "holdsCurrent": self.holdsCurrent
        case "pages": self.pages
        default: nil
        }
    }
}
