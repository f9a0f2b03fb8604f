/// Which pages get a tab and which sit behind "More" (seed 001): a bar
/// holds at most five tabs, so from six pages on it shows the first four and
/// a fifth tab, More, whose page lists the others in their order.
public struct TabBarLayout: Hashable, Sendable {
    /// A tab in the bar.
    public enum Tab: Hashable, Sendable {
        /// The tab of one page.
        case page(FormPage)
        /// The More tab, standing for `morePages`.
        case more
    }

    /// The most tabs a bar shows (UITabBarController's limit).
    public static let maximumTabs = 5
    /// The More tab's title.
    public static let moreTitle = "More"

    /// The tabs, left to right.
    public let tabs: [Tab]
    /// The pages behind More, in their order; empty with five pages or fewer.
    public let morePages: [FormPage]

    /// The layout of `pages`, taken in the order given.
    public init(pages: [FormPage]) {
        if pages.count <= Self.maximumTabs {
            tabs = pages.map(Tab.page)
            morePages = []
        } else {
            let shown = pages.prefix(Self.maximumTabs - 1)
            tabs = shown.map(Tab.page) + [.more]
            morePages = Array(pages.dropFirst(shown.count))
        }
    }

    /// The tab that is highlighted for `selection` (a page key or
    /// `FormDefinition.moreSelection`): the page's own tab, More for a page
    /// behind it, nil when the selection names no page.
    public func highlightedTab(for selection: String?) -> Tab? {
        guard let selection else { return nil }
        if selection == FormDefinition.moreSelection { return morePages.isEmpty ? nil : .more }
        for tab in tabs {
            if case .page(let page) = tab, page.key == selection { return tab }
        }
        return morePages.contains { $0.key == selection } ? .more : nil
    }
}
