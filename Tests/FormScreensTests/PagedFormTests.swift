import FormLayout
import FormModel
import FormScreens
import Foundation
import Testing

/// Seeds 000, 001 and 003 on the form screen: tabs built from preferences,
/// More from six pages, the content area above the bar.
@Suite("A form in pages and its tab bar")
struct PagedFormTests {
    /// `count` pages `p1…pN` titled `Page 1…N`, each with one row holding one
    /// field `fN` labelled `Field N`.
    static func form(pages count: Int, selected: String? = "p1", tabBar: TabBarSettings = TabBarSettings()) -> FormDefinition {
        let pages = (1...count).map { FormPage(key: "p\($0)", title: "Page \($0)", position: $0) }
        let rows = (1...count).map { FormRow(number: $0, width: 540, minWidth: 540, maxWidth: 540, page: "p\($0)") }
        let fields = (1...count).map { Field(key: "f\($0)", label: "Field \($0)", row: $0, position: $0) }
        return FormDefinition(titleTemplate: "Hello {f1}", rows: rows, fields: fields, pages: pages, selectedPage: selected, tabBar: tabBar)
    }

    /// The text items of a display list, with their frames and colours.
    static func texts(_ list: DisplayList) -> [(text: String, frame: CGRect, fill: Color)] {
        list.items.compactMap { item in
            guard case .text(let lines, _) = item.shape else { return nil }
            return (lines.joined(separator: "\n"), item.frame, item.fill)
        }
    }

    static func tabTitles(_ list: DisplayList) -> [String] {
        texts(list).filter { $0.frame.minY >= barFrame(list).minY - 1 }.map(\.text)
    }

    static func barFrame(_ list: DisplayList) -> CGRect {
        list.items.first { $0.identifier == PagedFormScreen.tabBarIdentifier && $0.shape == .rectangle }?.frame ?? .null
    }

    /// The page's background (FormScreen's grey 0.8) fills the content area.
    static func contentFrame(_ list: DisplayList) -> CGRect? {
        list.items.first { $0.shape == .rectangle && $0.fill == Color(white: 0.8) }?.frame
    }

    @Test func fivePagesGiveFiveTabsAndNoMore() {
        let form = Self.form(pages: 5)
        #expect(form.tabBarLayout.tabs.count == 5)
        #expect(form.tabBarLayout.morePages.isEmpty)
        let screen = FormPicture(form: form).screen
        #expect(Self.tabTitles(screen) == ["Page 1", "Page 2", "Page 3", "Page 4", "Page 5"])
    }

    @Test func sixPagesGiveFourTabsAndMoreListingTwoRows() {
        let form = Self.form(pages: 6, selected: FormDefinition.moreSelection)
        #expect(form.tabBarLayout.tabs == [.page(form.pages[0]), .page(form.pages[1]), .page(form.pages[2]), .page(form.pages[3]), .more])
        #expect(form.tabBarLayout.morePages.map(\.key) == ["p5", "p6"])
        let screen = FormPicture(form: form).screen
        #expect(Self.tabTitles(screen) == ["Page 1", "Page 2", "Page 3", "Page 4", "More"])
        // The More page: one row per page behind More, in their order, above the bar.
        let rows = screen.items.filter { $0.identifier?.hasPrefix("more:") == true && $0.shape != .rectangle }
        #expect(rows.map(\.identifier) == ["more:p5", "more:p6"])
        #expect(rows.allSatisfy { $0.frame.maxY <= Self.barFrame(screen).minY })
        #expect(rows[0].frame.maxY <= rows[1].frame.minY)
        // More is highlighted; no page's fields are drawn.
        #expect(Self.texts(screen).first { $0.text == "More" }?.fill == .blue)
        #expect(!Self.texts(screen).contains { $0.text.hasPrefix("Field") })
    }

    @Test func selectingAPageBehindMoreDrawsItsFieldsAndHighlightsMore() {
        let form = Self.form(pages: 6, selected: "p6")
        let picture = FormPicture(form: form)
        let texts = Self.texts(picture.screen)
        let bar = Self.barFrame(picture.screen)
        let label = try! #require(texts.first { $0.text == "Field 6" })
        #expect(label.frame.maxY <= bar.minY)
        #expect(label.frame.minY >= 0)
        // Its text field (a stroked rounded rectangle) is drawn inside the content area too.
        let textFields = picture.screen.items.filter { $0.stroke != nil && $0.frame.minY > label.frame.maxY && $0.frame.maxY <= bar.minY }
        #expect(textFields.count == 1)
        #expect(!texts.contains { $0.text == "Field 1" || $0.text == "Field 5" })
        #expect(texts.first { $0.text == "More" }?.fill == .blue)
        #expect(texts.filter { $0.text.hasPrefix("Page ") }.allSatisfy { $0.fill == .gray })
        // The minimap is page 6's: its title and one field.
        #expect(picture.minimapRects.map(\.key) == ["title", "f6", "f6"])
    }

    @Test func movingPageSixToPlaceTwoPutsItInTheBarAndPushesPageFourBehindMore() {
        var form = Self.form(pages: 6, selected: "p6")
        var keys = form.pages.map(\.key)
        keys.insert(keys.remove(at: 5), at: 1)
        form.pages = keys.enumerated().map { index, key in FormPage(key: key, title: form.page(key)!.title, position: index + 1) }
        #expect(form.tabBarLayout.tabs.map(Self.tabKey) == ["p1", "p6", "p2", "p3", "more"])
        #expect(form.tabBarLayout.morePages.map(\.key) == ["p4", "p5"])
        let screen = FormPicture(form: form).screen
        #expect(Self.tabTitles(screen) == ["Page 1", "Page 6", "Page 2", "Page 3", "More"])
        #expect(Self.texts(screen).first { $0.text == "Page 6" }?.fill == .blue)
        #expect(Self.texts(screen).first { $0.text == "More" }?.fill == .gray)
    }

    static func tabKey(_ tab: TabBarLayout.Tab) -> String {
        switch tab {
        case .page(let page): page.key
        case .more: "more"
        }
    }

    @Test(arguments: [(TabBarSettings(), 49.0), (TabBarSettings(height: 80), 80.0), (TabBarSettings(height: 80, isHidden: true), 0.0)])
    func contentHeightIsTheScreenMinusTheBar(settings: TabBarSettings, barHeight: Double) throws {
        let screen = FormPicture(form: Self.form(pages: 3, tabBar: settings)).screen
        let content = try #require(Self.contentFrame(screen))
        #expect(abs(content.height - (screen.size.height - barHeight)) < 1e-9)
        #expect(content.minY == 0)
        #expect(screen.size.height == FormPicture.defaultWindowSize.height)
        if settings.isHidden {
            #expect(!Self.texts(screen).contains { $0.text.hasPrefix("Page ") })
            #expect(abs(content.height - screen.size.height) < 1e-9)
        } else {
            #expect(abs(Self.barFrame(screen).height - barHeight) < 1e-9)
            #expect(Self.barFrame(screen).maxY == screen.size.height)
        }
    }

    @Test(arguments: [TabBarSettings(), TabBarSettings(height: 30), TabBarSettings(height: 120)])
    func barBoundsComeFromThePreferenceInTheCustomTabBarSpace(settings: TabBarSettings) throws {
        let window = CGSize(width: 1024, height: 768)
        let result = ViewHost(PagedFormScreen(form: Self.form(pages: 6, tabBar: settings)), windowSize: window).layout()
        let bounds = try #require(result.preference(TabBarPreferenceKey.self).tabBarBounds)
        #expect(bounds == Self.barFrame(result.displayList))
        #expect(bounds == CGRect(x: 0, y: 768 - settings.height, width: 1024, height: settings.height))
        // Every tag: four pages, the More list and the two pages behind it.
        #expect(result.preference(TabBarPreferenceKey.self).items.map(\.tag) == ["p1", "p2", "p3", "p4", FormDefinition.moreSelection, "p5", "p6"])
    }

    @Test func aSelectionThatNamesNoPageShowsTheEmptyView() {
        let picture = FormPicture(form: Self.form(pages: 3, selected: "gone"))
        let empty = Self.texts(picture.screen).filter { $0.text == PagedFormScreen.emptyViewText }
        #expect(empty.count == 1)
        #expect(picture.minimapRects.isEmpty)
        #expect(!Self.texts(picture.screen).contains { $0.text.hasPrefix("Field") })
        // Centred in the area above the bar.
        let bar = Self.barFrame(picture.screen)
        #expect(abs(empty[0].frame.midY - bar.minY / 2) < 1)
    }

    @Test func aOnePageFormIsDrawnAsBeforePages() {
        let seed = FormDefinition.seed
        let picture = FormPicture(form: seed)
        let plain = ViewHost(FormScreen(form: seed), windowSize: FormPicture.defaultWindowSize, growsToFit: true).layout()
        #expect(picture.screen == plain.displayList)
        #expect(!Self.texts(picture.screen).contains { $0.text == "Main" })
    }

    @Test func aPageShowsTheWholeFormsTitle() {
        var form = Self.form(pages: 2, selected: "p2")
        form.fields[0].value = "Ada" // on page 1
        #expect(Self.texts(FormPicture(form: form).screen).contains { $0.text == "Hello Ada" })
    }
}
