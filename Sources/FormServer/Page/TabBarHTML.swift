import FormKit

/// The tab bar of seeds 000 and 001 as links: one per page, and from six
/// pages on a More tab in the fifth place listing the rest (a `<details>`,
/// which opens with the keyboard and without script). Each link is
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

    var html: String {
        guard pages.count > 1 else { return "" }
        let tabs = pages.filter { !$0.isBehindMore }
        let more = pages.filter(\.isBehindMore)
        var out = "<nav class=\"tabbar\" aria-label=\"\(HTMLText.escaped(messages(.pages)))\">\n<ul>\n"
        for listing in tabs { out += "<li>" + link(listing) + "</li>\n" }
        if !more.isEmpty {
            let holdsCurrent = more.contains { $0.page.key == current }
            out += "<li class=\"more\"><details\(holdsCurrent ? " class=\"current\"" : "")>"
            out += "<summary>\(HTMLText.escaped(messages(.more)))</summary>\n<ul class=\"more-list\">\n"
            for listing in more { out += "<li>" + link(listing) + "</li>\n" }
            out += "</ul>\n</details></li>\n"
        }
        out += "</ul>\n</nav>\n"
        return out
    }

    private func link(_ listing: PageListing) -> String {
        let key = listing.page.key
        let currentMark = key == current ? " aria-current=\"page\"" : ""
        return "<a href=\"\(HTMLText.escaped(PageLink.href(page: key, base: base)))\" data-page=\"\(HTMLText.escaped(key))\"\(currentMark)>"
            + HTMLText.escaped(listing.page.title) + "</a>"
    }
}
