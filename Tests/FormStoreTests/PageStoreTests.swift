import FormModel
import FormScreens
import Foundation
import Testing
@testable import FormStore

/// Migration 0003 and the store's page operations, read back with sqlite3.
@Suite("Pages in the store (migration 0003)")
struct PageStoreTests {
    /// The real minimap: pages change which rectangles are stored.
    static func open(_ path: String, create: Bool = true) throws -> FormDatabase {
        try FormDatabase.open(path: path, create: create, busyTimeout: 5) { FormPicture.minimapRects(of: $0) }
    }

    @Test func anOlderDatabaseMigratesIntoOnePageWithTheSameMinimap() throws {
        let folder = try TemporaryFolder()
        let old = folder.path("old.db"), fresh = folder.path("fresh.db")
        try makeVersionOneDatabase(old)
        let store = try Self.open(old, create: false)
        let form = try store.definition()
        #expect(form.pages == [.main])
        #expect(form.rows.allSatisfy { $0.page == "main" })
        #expect(form.selectedPage == "main")
        #expect(form.tabBar == TabBarSettings(height: 49, isHidden: false))
        // The stored minimap is the one-page form's, as before pages.
        var onePage = form
        onePage.pages = [.main]
        #expect(try store.minimapRects() == FormPicture(form: onePage).minimapRects)
        try store.close()
        #expect(try sqlite3(old, "SELECT key, title, position FROM page;") == "main|Main|1")
        #expect(try sqlite3(old, "SELECT number, page FROM form_row ORDER BY number;") == "1|main\n2|main")
        #expect(try sqlite3(old, "SELECT selected_page, tab_bar_height, tab_bar_hidden FROM form;") == "main|49.0|0")
        // A new database has the same shape.
        try Self.open(fresh).close()
        #expect(try sqlite3(fresh, "SELECT key, title, position FROM page;") == "main|Main|1")
        #expect(try sqlite3(fresh, "SELECT version, name FROM schema_migration WHERE version = 3;") == "3|0003_pages")
    }

    @Test func pagesAreAddedMovedAndRemovedInOrder() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try Self.open(path)
        defer { try? store.close() }
        for k in 2...6 { try store.addPage(key: "p\(k)", title: "Page \(k)") }
        try store.addPage(key: "first", title: "First", index: 1)
        #expect(try store.definition().pages.map(\.key) == ["first", "main", "p2", "p3", "p4", "p5", "p6"])
        #expect(try store.movePage("first", to: Int.max).map(\.key) == ["main", "p2", "p3", "p4", "p5", "p6", "first"])
        #expect(try store.movePage("p6", to: Int.min).map(\.position) == [1, 2, 3, 4, 5, 6, 7])
        #expect(try store.definition().pages.map(\.key) == ["p6", "main", "p2", "p3", "p4", "p5", "first"])
        #expect(storeError { try store.addPage(key: "p2", title: "Again") } == .duplicatePage(key: "p2"))
        #expect(storeError { try store.movePage("p7", to: 1) } == .unknownPage(key: "p7", suggestion: "p6"))
        guard case .invalidValue = storeError({ try store.addPage(key: "has space", title: "X") }) else {
            Issue.record("a key with a space must be refused")
            return
        }
        guard case .invalidValue = storeError({ try store.renamePage("p2", title: "") }) else {
            Issue.record("an empty title must be refused")
            return
        }
        try store.removePage("first")
        #expect(try sqlite3(path, "SELECT group_concat(key, ' ') FROM (SELECT key FROM page ORDER BY position);") == "p6 main p2 p3 p4 p5")
    }

    @Test func rowsAndFieldsBelongToPages() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try Self.open(path)
        defer { try? store.close() }
        try store.addPage(key: "contact", title: "Contact")
        // A page without rows gets one for its first field.
        let phone = try store.addField(key: "phone", label: "Phone", row: nil, page: "contact")
        #expect(phone.row == 3)
        // A row added to the first page goes below its rows: contact's row moves down.
        let row = try store.addRow(width: 400, page: "main")
        #expect(row.number == 3 && row.page == "main")
        #expect(try store.field("phone").row == 4)
        #expect(try sqlite3(path, "SELECT number, page FROM form_row ORDER BY number;") == "1|main\n2|main\n3|main\n4|contact")
        #expect(storeError { try store.addField(key: "fax", label: "Fax", row: 1, page: "contact") }
            == .rowOnOtherPage(number: 1, page: "main", asked: "contact"))
        #expect(storeError { try store.removePage("contact") } == .pageNotEmpty(key: "contact", keys: ["phone"]))
        #expect(try store.removePage("contact", withFields: true) == ["phone"])
        #expect(try sqlite3(path, "SELECT count(*) FROM form_row WHERE page = 'contact';") == "0")
    }

    @Test func aPageDeletedInTheShellIsWrittenBackForItsRows() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try Self.open(path).close()
        // The sqlite3 shell has foreign keys off: nothing stops this.
        _ = try sqlite3(path, "DELETE FROM page;")
        let store = try Self.open(path, create: false)
        #expect(try store.definition().pages == [FormPage(key: "main", title: "main", position: 1)])
        try store.close()
        #expect(try sqlite3(path, "SELECT key, title, position FROM page;") == "main|main|1")
    }

    @Test func aRowNamingAnImpossiblePageIsReportedWithItsFix() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try Self.open(path).close()
        _ = try sqlite3(path, "UPDATE form_row SET page = 'no such page!' WHERE number = 2;")
        let error = storeError { _ = try Self.open(path, create: false).definition() }
        guard case .unusableValue(_, let table, let column, let row, _, _, let fix) = error else {
            Issue.record("expected unusableValue, got \(String(describing: error))")
            return
        }
        #expect(table == "form_row" && column == "page" && row == "number = 2")
        _ = try sqlite3(path, fix + ";")
        #expect(try Self.open(path, create: false).definition().rows.map(\.page) == ["main", "main"])
    }

    @Test func selectingInTheShellRedrawsTheStoredMinimap() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try Self.open(path)
        try store.addPage(key: "contact", title: "Contact")
        try store.addField(key: "phone", label: "Phone", row: nil, page: "contact")
        try store.close()
        _ = try sqlite3(path, "UPDATE form SET selected_page = 'contact';")
        #expect(try sqlite3(path, "SELECT needs_refresh FROM form;") == "1")
        let reopened = try Self.open(path, create: false)
        #expect(try reopened.minimapRects().map(\.key) == ["title", "phone", "phone"])
        try reopened.close()
        #expect(try sqlite3(path, "SELECT group_concat(key, ' ') FROM (SELECT key FROM minimap_rect ORDER BY z);") == "title phone phone")
    }
}
