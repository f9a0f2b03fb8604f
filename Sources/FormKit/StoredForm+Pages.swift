import FormStore

extension StoredForm {
    // MARK: Pages (seeds 000, 001, 003)

    /// The pages in tab bar order, each with its rows and fields, which one
    /// is shown and which sit behind More.
    public func pages() throws(FormKitError) -> [PageListing] {
        PageListing.pages(of: try definition())
    }

    /// What is shown: a page, the More list, or nothing (an "Empty View").
    public func pageSelection() throws(FormKitError) -> PageSelection {
        PageSelection(of: try definition())
    }

    /// `pages()` and `pageSelection()` from one read (`formctl page list`).
    public func pagesAndSelection() throws(FormKitError) -> (pages: [PageListing], selection: PageSelection) {
        let form = try definition()
        return (PageListing.pages(of: form), PageSelection(of: form))
    }

    /// Adds a page without rows at place `index` in the tab bar (from 1;
    /// nil: last). A key in use is `duplicatePage` (64); a key that is not
    /// 1–64 ASCII letters, digits, `_` or `-`, or an empty title, is
    /// `invalidValue` (65). Returns the pages in their new order.
    @discardableResult
    public func addPage(key: String, title: String, index: Int? = nil) throws(FormKitError) -> [FormPage] {
        try writing { db throws(FormStoreError) in try db.addPage(key: key, title: title, index: index) }
    }

    /// Removes a page and its rows. A page holding fields is `pageNotEmpty`
    /// (64) unless `withFields` (the values stay in history); the last page
    /// is `lastPage` (64). Removing the selected page selects the first
    /// remaining one. Returns the keys of the fields removed.
    @discardableResult
    public func removePage(_ key: String, withFields: Bool = false) throws(FormKitError) -> [String] {
        try writing { db throws(FormStoreError) in try db.removePage(key, withFields: withFields) }
    }

    /// Gives a page a new title.
    @discardableResult
    public func renamePage(_ key: String, title: String) throws(FormKitError) -> FormPage {
        try writing { db throws(FormStoreError) in try db.renamePage(key, title: title) }
    }

    /// Moves a page to place `index` in the tab bar (from 1): across the
    /// four-tabs-and-More boundary either way. The order is kept in the
    /// database. Returns the pages in their new order.
    @discardableResult
    public func movePage(_ key: String, to index: Int) throws(FormKitError) -> [FormPage] {
        try writing { db throws(FormStoreError) in try db.movePage(key, to: index) }
    }

    /// Shows page `key`, or the More list when `key` is nil. Selecting what
    /// is already shown writes nothing (seed 003: switching happens only
    /// when the selection really changes): the file is left byte for byte
    /// as it was. Returns whether anything changed.
    @discardableResult
    public func selectPage(_ key: String?) throws(FormKitError) -> Bool {
        let form = try definition()
        if let key {
            guard form.page(key) != nil else { throw .store(.unknownPage(key, among: form.pages.map(\.key))) }
        } else if form.tabBarLayout.morePages.isEmpty {
            throw .store(.invalidValue(key: "more", reason: "the tab bar has no More tab: it appears from \(TabBarLayout.maximumTabs + 1) pages on"))
        }
        let wanted = key ?? FormDefinition.moreSelection
        if form.selectedPage == wanted { return false }
        try writing { db throws(FormStoreError) in try db.selectPage(key) }
        return true
    }

    /// The tab bar's height and whether it is hidden.
    public func tabBar() throws(FormKitError) -> TabBarSettings {
        try definition().tabBar
    }

    /// Sets the tab bar's height (within `TabBarSettings.heightRange`, else
    /// `tabBarHeightOutOfRange`, 64) and whether it is hidden; nil keeps a
    /// setting. Returns the settings.
    @discardableResult
    public func setTabBar(height: Double? = nil, hidden: Bool? = nil) throws(FormKitError) -> TabBarSettings {
        try writing { db throws(FormStoreError) in try db.setTabBar(height: height, hidden: hidden) }
    }

    /// Every field in form order with its page; only page `page`'s when given.
    public func fieldListings(page: String? = nil) throws(FormKitError) -> [FieldListing] {
        try FieldListing.listings(of: try definition(), page: page)
    }
}

extension FieldListing {
    /// Every field of `form` in form order with its page; only page
    /// `page`'s when given (an unknown page is `unknownPage`).
    static func listings(of form: FormDefinition, page: String?) throws(FormKitError) -> [FieldListing] {
        if let page, form.page(page) == nil { throw .store(.unknownPage(page, among: form.pages.map(\.key))) }
        let pageOfRow = form.pageOfRow
        return zip(form.fields, form.shownFlags).compactMap { field, shown in
            let key = pageOfRow[field.row] ?? ""
            return page == nil || key == page ? FieldListing(field: field, page: key, isShown: shown) : nil
        }
    }
}
