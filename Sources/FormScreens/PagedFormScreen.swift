import FormLayout
import FormModel
import Foundation

/// The screen of a form in pages, built as seed 000 builds its custom tab
/// bar: each tab reports its tag and its page's content through
/// `TabBarPreferenceKey`; a `GeometryReader` in the bar's overlay reports the
/// bar's bounds in the `customTabBar` space; and `overlayPreferenceValue`
/// draws the selected tag's content in the area above the bar, as tall as
/// the screen minus the bar. A selection that matches no tag shows seed
/// 000's "Empty View".
///
/// Each page is drawn as `FormScreen` draws a whole form (with the form's
/// title, whose fields may sit on any page). Pages behind More (seed 001)
/// are reported by the More tab, so opening one shows its fields while More
/// is highlighted. A hidden bar (seed 003) keeps reporting its items but is
/// zero points high and draws nothing, so the content takes the full height.
public struct PagedFormScreen: View {
    /// The whole form; its selected page is shown.
    public let form: FormDefinition

    /// The screen of `form`; lay it out with `ViewHost`.
    public init(form: FormDefinition) { self.form = form }

    /// The identifier of the bar's background in the display list.
    public static let tabBarIdentifier = "tabBar"
    /// What the content area says when the selection matches no page.
    public static let emptyViewText = "Empty View"

    public var body: some View {
        VStack(alignment: .center, spacing: 0) {
            bar
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottom)
        .overlayPreferenceValue(TabBarPreferenceKey.self) { preferences in
            GeometryReader { geometry in
                contentArea(geometry, preferences)
            }
        }
        .coordinateSpace(name: TabBarPreferenceKey.coordinateSpace)
    }

    @ViewBuilder
    private var bar: some View {
        let layout = form.tabBarLayout
        let barView = HStack(alignment: .center, spacing: 0) {
            ForEach(Array(layout.tabs.enumerated()), id: \.offset) { _, tab in
                item(for: tab, in: layout)
            }
        }
        .frame(height: CGFloat(form.tabBarHeight))
        .background(
            GeometryReader { parent in
                // The bar's top hairline (systemGray2).
                Rectangle()
                    .fill(Color(white: 0.68))
                    .frame(width: parent.size.width, height: 0.5)
                    .position(x: parent.size.width / 2, y: 0)
            }
        )
        .background(Color(white: 0.95).accessibilityIdentifier(Self.tabBarIdentifier)) // systemGray6
        .overlay(
            GeometryReader { geometry in
                Color.clear.preference(
                    key: TabBarPreferenceKey.self,
                    value: TabBarPreferenceData(tabBarBounds: geometry.frame(in: .named(TabBarPreferenceKey.coordinateSpace))))
            }
        )
        if form.showsTabBar {
            barView
        } else {
            barView.hidden()
        }
    }

    private func item(for tab: TabBarLayout.Tab, in layout: TabBarLayout) -> TabBarItemView {
        let highlighted = layout.highlightedTab(for: form.selectedPage) == tab
        switch tab {
        case .page(let page):
            return TabBarItemView(title: page.title, isHighlighted: highlighted, barHeight: form.tabBarHeight,
                                  items: [pageItem(page)])
        case .more:
            let list = TabBarItemData(tag: FormDefinition.moreSelection, content: AnyView(MorePageList(pages: layout.morePages)))
            return TabBarItemView(title: TabBarLayout.moreTitle, isHighlighted: highlighted, barHeight: form.tabBarHeight,
                                  items: [list] + layout.morePages.map(pageItem))
        }
    }

    private func pageItem(_ page: FormPage) -> TabBarItemData {
        TabBarItemData(tag: page.key, content: AnyView(FormScreen(form: form.form(ofPage: page.key), title: form.title)))
    }

    private func contentArea(_ geometry: GeometryProxy, _ preferences: TabBarPreferenceData) -> some View {
        let barHeight = preferences.tabBarBounds?.size.height ?? 0
        let selected = preferences.items.first { $0.tag == form.selectedPage }
        return ZStack {
            if let selected {
                selected.content
            } else {
                Text(Self.emptyViewText)
            }
        }
        .frame(width: geometry.size.width, height: geometry.size.height - barHeight, alignment: .center)
        .position(x: geometry.size.width / 2, y: (geometry.size.height - barHeight) / 2)
    }
}
