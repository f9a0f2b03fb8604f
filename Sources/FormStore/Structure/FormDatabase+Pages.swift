import FormModel
import GRDB

extension FormDatabase {
    /// Adds a page without rows at place `index` in the tab bar (from 1;
    /// nil or past the end: last). Keys follow `FieldInput.checkKey`; a key
    /// in use throws `duplicatePage`. Returns the pages in their new order.
    @discardableResult
    public func addPage(key: String, title: String, index: Int? = nil) throws(FormStoreError) -> [FormPage] {
        try FieldInput.checkKey(key, kind: "page")
        try FieldInput.checkTitle(title, key: key)
        return try write { db in
            var order = try FormTables.pages(db, rows: []).map(\.key)
            if order.contains(key) { throw FormStoreError.duplicatePage(key: key) }
            let last = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position), 0) FROM page") ?? 0
            try FormTables.insertPage(FormPage(key: key, title: title, position: last + 1), db)
            order.insert(key, at: Self.place(index, in: order.count))
            try Self.assignPagePositions(inOrder: order, db)
            return try FormTables.pages(db, rows: [])
        }
    }

    /// Removes a page and its rows. A page that holds fields is refused
    /// with `pageNotEmpty` unless `withFields`, which removes them too (their
    /// values stay in `history`); the last page is refused with `lastPage`.
    /// Rows below the removed ones move up. When the removed page was
    /// selected, the first remaining page is. Returns the removed fields' keys.
    @discardableResult
    public func removePage(_ key: String, withFields: Bool = false) throws(FormStoreError) -> [String] {
        try write { db in
            let pages = try FormTables.pages(db, rows: try FormTables.rows(db))
            guard pages.contains(where: { $0.key == key }) else { throw try Self.unknownPage(key, db) }
            guard pages.count > 1 else { throw FormStoreError.lastPage(key: key) }
            let fields = try String.fetchAll(
                db, sql: "SELECT key FROM field WHERE \"row\" IN (SELECT number FROM form_row WHERE page = ?) ORDER BY position",
                arguments: [key])
            if !fields.isEmpty && !withFields { throw FormStoreError.pageNotEmpty(key: key, keys: fields) }
            try db.execute(sql: "DELETE FROM field WHERE \"row\" IN (SELECT number FROM form_row WHERE page = ?)", arguments: [key])
            try db.execute(sql: "DELETE FROM form_row WHERE page = ?", arguments: [key])
            try db.execute(sql: "DELETE FROM page WHERE key = ?", arguments: [key])
            try Self.renumberRows(db)
            let remaining = pages.map(\.key).filter { $0 != key }
            try Self.assignPagePositions(inOrder: remaining, db)
            if let first = remaining.first {
                try db.execute(sql: "UPDATE form SET selected_page = ? WHERE id = 1 AND selected_page IS ?", arguments: [first, key])
            }
            return fields
        }
    }

    /// Gives a page a new title (what its tab says). Returns the page.
    @discardableResult
    public func renamePage(_ key: String, title: String) throws(FormStoreError) -> FormPage {
        try FieldInput.checkTitle(title, key: key)
        return try write { db in
            try Self.existingPage(key, db)
            try db.execute(sql: "UPDATE page SET title = ? WHERE key = ?", arguments: [title, key])
            return try Self.existingPage(key, db)
        }
    }

    /// Moves a page to place `index` in the tab bar (from 1; past the end:
    /// last); the pages after it shift. Returns the pages in their new order.
    @discardableResult
    public func movePage(_ key: String, to index: Int) throws(FormStoreError) -> [FormPage] {
        try write { db in
            try Self.existingPage(key, db)
            var order = try FormTables.pages(db, rows: []).map(\.key).filter { $0 != key }
            order.insert(key, at: Self.place(index, in: order.count))
            try Self.assignPagePositions(inOrder: order, db)
            return try FormTables.pages(db, rows: [])
        }
    }

    /// Shows page `key` (nil: seed 001's More list, `FormDefinition.moreSelection`).
    /// Writes even when the page is already selected; callers that must not
    /// write then (`StoredForm.selectPage`) compare first.
    public func selectPage(_ key: String?) throws(FormStoreError) {
        try write { db in
            if let key { try Self.existingPage(key, db) }
            try db.execute(sql: "UPDATE form SET selected_page = ? WHERE id = 1", arguments: [key ?? FormDefinition.moreSelection])
        }
    }

    /// Sets the tab bar's height (within `TabBarSettings.heightRange`, else
    /// `tabBarHeightOutOfRange`) and whether it is hidden; nil keeps a
    /// setting as it is. Returns the settings.
    @discardableResult
    public func setTabBar(height: Double? = nil, hidden: Bool? = nil) throws(FormStoreError) -> TabBarSettings {
        if let height, !(height.isFinite && TabBarSettings.heightRange.contains(height)) {
            throw .tabBarHeightOutOfRange(height: height, range: TabBarSettings.heightRange)
        }
        return try write { db in
            if let height { try db.execute(sql: "UPDATE form SET tab_bar_height = ? WHERE id = 1", arguments: [height]) }
            if let hidden { try db.execute(sql: "UPDATE form SET tab_bar_hidden = ? WHERE id = 1", arguments: [hidden]) }
            return try FormTables.pageSettings(db).tabBar
        }
    }

    // MARK: Helpers

    /// The page with `key`, or `unknownPage` with the nearest key.
    @discardableResult
    static func existingPage(_ key: String, _ db: Database) throws -> FormPage {
        if let page = try FormTables.pages(db, rows: try FormTables.rows(db)).first(where: { $0.key == key }) { return page }
        throw try unknownPage(key, db)
    }

    static func unknownPage(_ key: String, _ db: Database) throws -> FormStoreError {
        .unknownPage(key, among: try FormTables.pages(db, rows: try FormTables.rows(db)).map(\.key))
    }

    /// The array index for place `index` (from 1) among `count` items:
    /// 0 for anything up to 1, `count` for nil or anything past the end (no
    /// arithmetic on the index as given: any Int is a place).
    static func place(_ index: Int?, in count: Int) -> Int {
        let wanted = index ?? Int.max
        return wanted <= 1 ? 0 : min(wanted - 1, count)
    }

    /// Gives the pages positions 1…n in the order of `keys` (which lists
    /// every page once). Positions are unique and SQLite checks that row by
    /// row, so the pages are written again rather than shuffled in place;
    /// foreign keys are checked at the commit, when the rows' pages exist
    /// again.
    static func assignPagePositions(inOrder keys: [String], _ db: Database) throws {
        let pages = try FormTables.pages(db, rows: [])
        let titles = Dictionary(pages.map { ($0.key, $0.title) }, uniquingKeysWith: { first, _ in first })
        guard keys.enumerated().contains(where: { index, key in pages.first { $0.key == key }?.position != index + 1 })
        else { return }
        try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
        try db.execute(sql: "DELETE FROM page")
        for (index, key) in keys.enumerated() {
            try FormTables.insertPage(FormPage(key: key, title: titles[key] ?? key, position: index + 1), db)
        }
    }

    /// Numbers the rows 1…n in their order, one row at a time upwards so
    /// numbers never collide (fields follow through ON UPDATE CASCADE).
    static func renumberRows(_ db: Database) throws {
        let numbers = try Int.fetchAll(db, sql: "SELECT number FROM form_row ORDER BY number")
        for (index, old) in numbers.enumerated() where old != index + 1 {
            try db.execute(sql: "UPDATE form_row SET number = ? WHERE number = ?", arguments: [index + 1, old])
        }
    }
}
