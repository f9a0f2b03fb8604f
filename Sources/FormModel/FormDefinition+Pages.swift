extension FormDefinition {
    /// The stored selection that shows seed 001's More list instead of a
    /// page. It cannot be a page key (`(` and `)` are not allowed in keys).
    public static let moreSelection = "(more)"

    /// The page with `key`, if any.
    public func page(_ key: String) -> FormPage? { pages.first { $0.key == key } }

    /// The page shown: the selected page, or nil when the selection names no
    /// page (an "Empty View") or is the More list.
    public var shownPage: FormPage? { selectedPage.flatMap(page) }

    /// Whether the screen carries a tab bar: from two pages on, unless hidden.
    public var showsTabBar: Bool { pages.count >= 2 && !tabBar.isHidden }

    /// The height the tab bar takes from the screen: its height when shown, else 0.
    public var tabBarHeight: Double { showsTabBar ? tabBar.height : 0 }

    /// The key of the page each row is on, by row number.
    public var pageOfRow: [Int: String] {
        Dictionary(rows.map { ($0.number, $0.page) }, uniquingKeysWith: { first, _ in first })
    }

    /// The key of the page `field` is on (its row's page); nil for a field
    /// whose row does not exist.
    public func pageKey(of field: Field) -> String? {
        rows.first { $0.number == field.row }?.page
    }

    /// The form as one page shows it: the rows on page `key` and their
    /// fields, with this form's title template, minimap width, tab bar and
    /// direction;
    /// that page is its only page and selected. A key that names no page
    /// gives a form without rows.
    public func form(ofPage key: String) -> FormDefinition {
        // A one-page form asked for its own page, the usual case, is
        // itself: copying its fields cost 2% of a 10k-field layout.
        if isOnlyPage(key) { return self }
        let pageRows = rows.filter { $0.page == key }
        let numbers = Set(pageRows.map(\.number))
        let pageFields = fields.filter { numbers.contains($0.row) }
        var form = FormDefinition(
            titleTemplate: titleTemplate, rows: pageRows, fields: pageFields,
            minimapWidth: minimapWidth, pages: page(key).map { [$0] } ?? [], selectedPage: key, tabBar: tabBar,
            direction: direction, groups: groups.filter { $0.page == key })
        form.outsideValues = valuesRead(byConditionsOf: pageFields, groups: form.groups)
        return form
    }

    /// The values of the shown fields, not among `inside`, that conditions
    /// of `inside` read (what a page's form needs of the other pages).
    private func valuesRead(byConditionsOf inside: [Field], groups: [FormGroup] = []) -> [String: ConditionOperand] {
        // Most forms have no condition: nothing to collect, and no set of
        // every key made for nothing.
        let named = Set(inside.flatMap { $0.showIf?.fields ?? [] } + groups.flatMap { $0.showIf?.fields ?? [] })
        guard !named.isEmpty else { return outsideValues }
        let read = named.subtracting(inside.map(\.key))
        guard !read.isEmpty else { return outsideValues }
        var values = outsideValues
        for (field, shown) in zip(fields, shownFlags) where read.contains(field.key) {
            values[field.key] = shown ? field.conditionOperand : .empty(field.rules.type)
        }
        return values
    }

    /// Whether `form(ofPage: key)` would give this form back as it is: `key`
    /// is its only page and is selected, every row is on it, every field on
    /// one of those rows, and the fields already in position order.
    private func isOnlyPage(_ key: String) -> Bool {
        guard pages.count == 1, pages[0].key == key, selectedPage == key,
              rows.allSatisfy({ $0.page == key }) else { return false }
        let numbers = Set(rows.map(\.number))
        var previous = Int.min
        // A row's fields come one after another: its number is looked up
        // once, not once per field (hashing was most of a 10k-field check).
        var checkedRow: Int?
        for index in fields.indices {
            let (row, position) = (fields[index].row, fields[index].position)
            guard row == checkedRow || numbers.contains(row), position >= previous else { return false }
            (checkedRow, previous) = (row, position)
        }
        return true
    }

    /// The shown page as a form of its own (`form(ofPage:)`), or nil when no
    /// page is shown.
    public var shownPageForm: FormDefinition? { shownPage.map { form(ofPage: $0.key) } }

    /// How the pages sit in the tab bar: up to five tabs, or four and More.
    public var tabBarLayout: TabBarLayout { TabBarLayout(pages: pages) }
}
