/// A page as `formctl page list` shows it: its place, its rows and fields,
/// and where it sits in the tab bar.
public struct PageListing: Hashable, Sendable {
    /// The page: key, title, position.
    public var page: FormPage
    /// The numbers of its rows, top to bottom.
    public var rows: [Int]
    /// Its fields in form order, hidden ones too (check `isVisible`).
    public var fields: [Field]
    /// Whether it is the page shown.
    public var isSelected: Bool
    /// Whether its tab is behind More (seed 001: from six pages on).
    public var isBehindMore: Bool

    /// A listing as given.
    public init(page: FormPage, rows: [Int], fields: [Field], isSelected: Bool, isBehindMore: Bool) {
        self.page = page
        self.rows = rows
        self.fields = fields
        self.isSelected = isSelected
        self.isBehindMore = isBehindMore
    }

    /// Every page of `form` in tab bar order (rows and fields grouped in
    /// one pass).
    public static func pages(of form: FormDefinition) -> [PageListing] {
        let pageOfRow = form.pageOfRow
        let rowsByPage = Dictionary(grouping: form.rows, by: \.page)
        let fieldsByPage = Dictionary(grouping: form.fields) { pageOfRow[$0.row] ?? "" }
        let behindMore = Set(form.tabBarLayout.morePages.map(\.key))
        return form.pages.map { page in
            PageListing(
                page: page, rows: (rowsByPage[page.key] ?? []).map(\.number), fields: fieldsByPage[page.key] ?? [],
                isSelected: form.selectedPage == page.key, isBehindMore: behindMore.contains(page.key))
        }
    }
}

/// A field with the key of the page it is on, as `formctl fields` lists it.
public struct FieldListing: Hashable, Sendable {
    /// The field, with its state.
    public var field: Field
    /// The key of its page.
    public var page: String
    /// Whether it is shown: not hidden, and its condition (`show_if`) holding.
    public var isShown: Bool

    /// A listing as given; `isShown` defaults to the field's `isVisible`.
    public init(field: Field, page: String, isShown: Bool? = nil) {
        self.field = field
        self.page = page
        self.isShown = isShown ?? field.isVisible
    }
}

/// What the form shows in place of a page, when it shows none: seed 001's
/// More list, or seed 000's "Empty View" for a selection that names no page.
public enum PageSelection: Hashable, Sendable {
    /// A page is shown.
    case page(String)
    /// The More list is shown.
    case more
    /// The stored selection names no page (nil: there is none).
    case noPage(stored: String?)

    /// The selection `form` stores, interpreted.
    public init(of form: FormDefinition) {
        if let page = form.shownPage {
            self = .page(page.key)
        } else if form.selectedPage == FormDefinition.moreSelection, !form.tabBarLayout.morePages.isEmpty {
            self = .more
        } else {
            self = .noPage(stored: form.selectedPage)
        }
    }

    /// Why no minimap is drawn, in words; nil when a page is shown.
    public var note: String? {
        switch self {
        case .page: nil
        case .more: "the More list is shown, which has no minimap; select a page (formctl page select KEY)"
        case .noPage(let stored):
            "no page is shown (Empty View): the stored selection \(stored.map { "'\($0)'" } ?? "NULL") names no page; select one (formctl page select KEY)"
        }
    }
}
