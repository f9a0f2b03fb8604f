import Foundation
import Testing

/// `formctl page …` and `formctl tabbar` against the built binary, read
/// back with `sqlite3` after each process has exited (seeds 000, 001, 003).
@Suite("pages and the tab bar")
struct PageCommandTests {
    /// The seed form plus pages p2…pN, each holding one field fK labelled `Field K`.
    static func pagedForm(_ box: Sandbox, pages: Int) throws {
        for k in 2...pages {
            try box.ok(["page", "add", "p\(k)", "Page \(k)"])
            try box.ok(["field", "add", "f\(k)", "Field \(k)", "--page", "p\(k)"])
        }
    }

    /// `page list --json`, decoded.
    static func listing(_ box: Sandbox) throws -> [[String: Any]] {
        let result = try box.ok(["page", "list", "--json"])
        return try #require(try result.stdout.json() as? [[String: Any]], "\(result)")
    }

    static func order(_ box: Sandbox) throws -> [String] {
        try box.rows("SELECT key FROM page ORDER BY position").compactMap { $0.first ?? nil }
    }

    @Test("five pages: every page has a tab; six: four tabs and More, which holds the other two")
    func more() throws {
        let box = try Sandbox()
        try Self.pagedForm(box, pages: 5)
        #expect(try Self.listing(box).allSatisfy { $0["behindMore"] as? Bool == false })
        try box.ok(["page", "add", "p6", "Page 6"])
        try box.ok(["field", "add", "f6", "Field 6", "--page", "p6"])
        #expect(try Self.order(box) == ["main", "p2", "p3", "p4", "p5", "p6"])
        let pages = try Self.listing(box)
        #expect(pages.map { $0["key"] as? String } == ["main", "p2", "p3", "p4", "p5", "p6"])
        #expect(pages.map { $0["behindMore"] as? Bool } == [false, false, false, false, true, true])
        let text = try box.ok(["page", "list"]).stdoutText
        #expect(text.lines.filter { $0.contains(" More ") }.count == 2, "\(text)")
    }

    @Test("selecting a page behind More shows its fields and highlights More; the choice is stored")
    func selectBehindMore() throws {
        let box = try Sandbox()
        try Self.pagedForm(box, pages: 6)
        try box.ok(["set", "f6", "Grace"])
        #expect(try box.ok(["page", "select", "p6"]).stdoutText == "p6: shown\n")
        #expect(try box.value("SELECT selected_page FROM form") == "p6")
        // minimap_rect holds page 6's minimap: the title and f6 (green).
        #expect(try box.rows("SELECT key, kind, color FROM minimap_rect ORDER BY z")
            == [["title", "title", "purple"], ["f6", "fieldContainer", "gray"], ["f6", "field", "green"]])
        let svg = try box.ok(["minimap", "--format", "svg"]).stdoutText
        #expect(svg.contains(">Field 6<") && svg.contains(">Grace<"), "page 6's label and value are drawn")
        #expect(!svg.contains(">First Name<"))
        #expect(svg.contains(">More<"))
    }

    @Test("page select --more shows the More list: its rows in the SVG, an empty minimap explained")
    func moreList() throws {
        let box = try Sandbox()
        try Self.pagedForm(box, pages: 6)
        #expect(try box.ok(["page", "select", "--more"]).stdoutText == "More: shown\n")
        #expect(try box.value("SELECT selected_page FROM form") == "(more)")
        #expect(try box.value("SELECT count(*) FROM minimap_rect") == "0")
        let svg = try box.ok(["minimap", "--format", "svg"])
        #expect(svg.stdoutText.contains(">Page 5<") && svg.stdoutText.contains(">Page 6<") && !svg.stdoutText.contains(">Field 5<"))
        #expect(svg.stderrText.contains("the More list is shown"), "\(svg)")
        #expect(try box.ok(["page", "list"]).stdoutText.hasSuffix("the More list is shown\n"))
        #expect(try box.ok(["page", "select", "--more"]).stdoutText == "More: already shown (nothing written)\n")
    }

    @Test("moving page 6 to place 2 puts it in the bar and page 4 behind More, and the order is kept")
    func move() throws {
        let box = try Sandbox()
        try Self.pagedForm(box, pages: 6)
        #expect(try box.ok(["page", "move", "p6", "2"]).stdoutText == "p6: at place 2; order: main p6 p2 p3 p4 p5\n")
        #expect(try Self.order(box) == ["main", "p6", "p2", "p3", "p4", "p5"])
        #expect(try box.rows("SELECT key, position FROM page ORDER BY position").map { $0[1] } == ["1", "2", "3", "4", "5", "6"])
        let behind = try Self.listing(box).filter { $0["behindMore"] as? Bool == true }.map { $0["key"] as? String }
        #expect(behind == ["p4", "p5"])
        // And back across the boundary: p6 to the end, p4 into the bar.
        try box.ok(["page", "move", "p6", "99"])
        #expect(try Self.order(box) == ["main", "p2", "p3", "p4", "p5", "p6"])
        #expect(try Self.listing(box).filter { $0["behindMore"] as? Bool == true }.map { $0["key"] as? String } == ["p5", "p6"])
        // A fresh process reads the same order (nothing is kept in memory).
        #expect(try box.ok(["page", "list"]).stdoutText.lines.dropFirst().map { $0.words.split(separator: " ").first.map(String.init) }
            == ["1", "2", "3", "4", "5", "6"])
    }

    @Test("selecting the page already shown leaves the file byte for byte unchanged")
    func reselect() throws {
        let box = try Sandbox()
        try Self.pagedForm(box, pages: 3)
        try box.ok(["page", "select", "p2"])
        let before = try box.bytes()
        let result = try box.ok(["page", "select", "p2"])
        #expect(result.stdoutText == "p2: already shown (nothing written)\n")
        #expect(try box.bytes() == before)
        #expect(!FileManager.default.fileExists(atPath: box.db + "-wal"))
    }

    @Test("removing the selected page selects the first remaining one; fields need --with-fields, history keeps them")
    func remove() throws {
        let box = try Sandbox()
        try Self.pagedForm(box, pages: 3)
        try box.ok(["set", "f2", "kept in history"])
        try box.ok(["page", "select", "p2"])
        let refused = try box.formctl(["page", "remove", "p2"])
        #expect(refused.status == 64 && refused.stderrText.contains("still holds f2") && refused.stderrText.contains("--with-fields"), "\(refused)")
        #expect(try Self.order(box) == ["main", "p2", "p3"])
        #expect(try box.ok(["page", "remove", "p2", "--with-fields"]).stdoutText == "p2: removed with f2\n")
        #expect(try Self.order(box) == ["main", "p3"])
        #expect(try box.value("SELECT selected_page FROM form") == "main")
        #expect(try box.value("SELECT count(*) FROM field WHERE key = 'f2'") == "0")
        #expect(try box.rows("SELECT old_value, new_value, source FROM history WHERE key = 'f2' ORDER BY id").last
            == ["kept in history", nil, "formctl"])
        // Rows stay numbered 1…n; p3's row moved up.
        #expect(try box.rows("SELECT number, page FROM form_row ORDER BY number") == [["1", "main"], ["2", "main"], ["3", "p3"]])
        // The last page stays.
        try box.ok(["page", "remove", "p3", "--with-fields"])
        let last = try box.formctl(["page", "remove", "main", "--with-fields"])
        #expect(last.status == 64 && last.stderrText.contains("only page"), "\(last)")
    }

    @Test("a stored selection that names no page shows the Empty View, and formctl says so")
    func emptyView() throws {
        let box = try Sandbox()
        try Self.pagedForm(box, pages: 2)
        try box.exec("UPDATE form SET selected_page = 'gone'")
        let minimap = try box.ok(["minimap", "--format", "json"])
        #expect(minimap.stderrText.contains("Empty View") && minimap.stderrText.contains("'gone'"), "\(minimap)")
        #expect(try box.value("SELECT count(*) FROM minimap_rect") == "0")
        let svg = try box.ok(["minimap", "--format", "svg"])
        #expect(svg.stdoutText.contains(">Empty View<"))
        #expect(try box.ok(["page", "list"]).stderrText.contains("names no page"))
        try box.ok(["page", "select", "main"])
        #expect(try box.value("SELECT count(*) FROM minimap_rect") == "9")
    }

    @Test("unknown pages suggest the nearest key (64); bad keys and titles are refused (65)")
    func refusals() throws {
        let box = try Sandbox()
        try Self.pagedForm(box, pages: 2)
        for command in [["page", "select", "p3"], ["page", "remove", "p22"], ["page", "rename", "P2", "X"], ["page", "move", "pp2", "1"],
                        ["fields", "--page", "p"], ["minimap", "--page", "mian"], ["field", "add", "x", "X", "--page", "p9"]] {
            let result = try box.formctl(command)
            #expect(result.status == 64 && result.stderrText.contains("no page named"), "\(command): \(result)")
        }
        #expect(try box.formctl(["minimap", "--page", "mian"]).stderrText.contains("did you mean 'main'?"))
        #expect(try box.formctl(["page", "add", "p2", "Again"]).status == 64)
        #expect(try box.formctl(["page", "add", "2p", "Digit first"]).status == 65)
        #expect(try box.formctl(["page", "add", "ok", ""]).status == 65)
        #expect(try box.formctl(["field", "add", "x", "X", "--row", "1", "--page", "p2"]).stderrText.contains("row 1 is on page 'main'"))
        #expect(try box.formctl(["page", "select"]).status == 64)
        #expect(try box.formctl(["page", "select", "--more"]).status == 65, "no More tab with two pages")
        #expect(try Self.order(box) == ["main", "p2"])
    }

    @Test("tabbar: the height within 30…120 points, hiding and showing, stored in form")
    func tabBar() throws {
        let box = try Sandbox()
        try Self.pagedForm(box, pages: 2)
        #expect(try box.ok(["tabbar"]).stdoutText == "tab bar: 49 points, shown\n")
        #expect(try box.ok(["tabbar", "--height", "80"]).stdoutText == "tab bar: 80 points, shown\n")
        #expect(try box.rows("SELECT tab_bar_height, tab_bar_hidden FROM form") == [["80.0", "0"]])
        for bad in ["29.5", "121", "nan"] {
            let result = try box.formctl(["tabbar", "--height", bad])
            #expect(result.status == 64, "\(bad): \(result)")
        }
        #expect(try box.formctl(["tabbar", "--hide", "--show"]).status == 64)
        #expect(try box.ok(["tabbar", "--hide"]).stdoutText == "tab bar: 80 points, hidden\n")
        #expect(try box.value("SELECT tab_bar_hidden FROM form") == "1")
        // Hidden: the page takes the whole 768-point window; shown, 768 − 80.
        let hidden = try box.ok(["minimap", "--format", "svg"]).stdoutText
        #expect(!hidden.contains(">Page 2<"))
        try box.ok(["tabbar", "--show"])
        #expect(try box.ok(["minimap", "--format", "svg"]).stdoutText.contains(">Page 2<"))
        // sqlite3 itself refuses a height out of range.
        #expect(throws: (any Error).self) { try box.exec("UPDATE form SET tab_bar_height = 500") }
    }

    @Test("check validates every page, in tab bar order, and names each failing field's page")
    func check() throws {
        let box = try Sandbox()
        try Self.pagedForm(box, pages: 3)
        try box.ok(["field", "rule", "f3", "--required"])
        try box.ok(["set", "f2", "ab"])
        try box.ok(["page", "move", "p3", "1"])
        let result = try box.formctl(["check"])
        #expect(result.status == 1)
        #expect(result.stdoutText.lines == [
            "f3 (page p3): empty: is required",
            "first (page main): empty: is required", "middle (page main): empty: is required",
            "last (page main): empty: is required", "email (page main): empty: is required",
            "f2 (page p2): short: has fewer than 3 characters",
        ], "\(result)")
        let json = try #require(try box.formctl(["check", "--json"]).stdout.json() as? [[String: Any]])
        #expect(json.map { $0["page"] as? String } == ["p3", "main", "main", "main", "main", "p2"])
    }
}

/// A form of one page looks and measures exactly as before pages existed.
@Suite("a one-page form across migration 0003")
struct OnePageMigrationTests {
    /// `minimap --format json` and `svg` printed by formctl at d98b139 (the
    /// last commit before pages, schema version 2) for the database below;
    /// regenerate only from that commit's binary.
    static func fixture(_ name: String) throws -> Data {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        return try Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// `minimap --format json`'s output with each rectangle's text (its
    /// bytes, without `z`) in sorted order, and the text around them.
    static func rectanglesInAnyOrder(_ data: Data) throws -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        guard let open = text.range(of: "\"rects\":[{"), let close = text.range(of: "}]", range: open.upperBound..<text.endIndex) else {
            return [text]
        }
        let rects = text[open.upperBound..<close.lowerBound].components(separatedBy: "},{").map { rect in
            rect.replacingOccurrences(of: #","z":\d+"#, with: "", options: .regularExpression)
        }
        return [String(text[..<open.upperBound]), String(text[close.lowerBound...])] + rects.sorted()
    }

    /// The lines of `data`, sorted (an SVG's rectangles in any order).
    static func linesInAnyOrder(_ data: Data) -> [String] {
        String(decoding: data, as: UTF8.self).components(separatedBy: "\n").sorted()
    }

    @Test("json and svg are byte for byte what formctl printed before pages (but for their order), on a database it migrates")
    func sameBytes() throws {
        let box = try Sandbox()
        let loaded = try runSQLScript(versionOneDatabaseScript + """

            UPDATE field SET value = 'Ada' WHERE key = 'first';
            UPDATE field SET value = 'B' WHERE key = 'middle';
            UPDATE field SET value = 'ada@example' WHERE key = 'email';
            UPDATE form_row SET width = 450 WHERE number = 2;
            """, db: box.db)
        #expect(loaded.succeeded, "\(loaded)")
        let json = try box.ok(["minimap", "--format", "json"])
        #expect(try box.value("PRAGMA user_version") == "14", "the database was migrated")
        #expect(try box.value("SELECT group_concat(page) FROM form_row") == "main,main")
        // The same bytes but for the order of the rectangles: since issue
        // 46 they are numbered in form order, each box before what it holds
        // (the title first), where that formctl numbered them in reverse.
        #expect(try Self.rectanglesInAnyOrder(json.stdout) == (try Self.rectanglesInAnyOrder(try Self.fixture("one-page-before-pages.json"))),
                "\(json.stdoutText)")
        let svg = try box.ok(["minimap", "--format", "svg"])
        #expect(Self.linesInAnyOrder(svg.stdout) == Self.linesInAnyOrder(try Self.fixture("one-page-before-pages.svg")))
        #expect(json.stderr.isEmpty && svg.stderr.isEmpty)
    }
}
