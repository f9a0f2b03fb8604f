import Foundation
import Testing

/// `formctl apply`: a form file brought into a database, read back with
/// `sqlite3`.
@Suite("apply")
struct ApplyTests {
    /// A three-page form with rules, messages, a tab bar, a hidden field and
    /// two `show_if` conditions (JSON, which a YAML reader reads too).
    static let threePages = """
        {"title": "Welcome {first}",
         "tab_bar": {"height": 56, "hidden": false},
         "pages": [
          {"key": "about", "title": "About you", "rows": [
            {"width": 540, "fields": [
              {"key": "first", "label": "First name", "required": true},
              {"key": "last", "label": "Last name", "required": true}]},
            {"width": 360, "min_width": 360, "max_width": 540, "fields": [
              {"key": "state", "label": "State", "min_length": 2, "max_length": 2, "pattern": "[A-Z]{2}"}]}]},
          {"key": "contact", "title": "Contact", "rows": [
            {"width": 540, "fields": [
              {"key": "email", "label": "Email", "required": true, "email": true, "max_length": 80, "message": "Give an address we can write to"}]},
            {"width": 540, "fields": [
              {"key": "newsletter", "label": "Newsletter?"},
              {"key": "twitter", "label": "Twitter", "required": true, "show_if": {"field": "newsletter", "equals": "yes"}}]}]},
          {"key": "extra", "title": "Extra", "rows": [
            {"width": 540, "fields": [
              {"key": "notes", "label": "Notes", "short_below": 3},
              {"key": "referrer", "label": "Referrer", "hidden": true, "show_if": {"field": "notes", "filled": true}}]}]}
         ]}
        """

    /// `threePages` with a field added (phone), one moved to another page
    /// (twitter, to extra), a row widened (about's second), a rule
    /// tightened (email's maximum length) and a page renamed (contact).
    static let threePagesChanged = """
        {"title": "Welcome {first}",
         "tab_bar": {"height": 56, "hidden": false},
         "pages": [
          {"key": "about", "title": "About you", "rows": [
            {"width": 540, "fields": [
              {"key": "first", "label": "First name", "required": true},
              {"key": "last", "label": "Last name", "required": true}]},
            {"width": 480, "min_width": 360, "max_width": 540, "fields": [
              {"key": "state", "label": "State", "min_length": 2, "max_length": 2, "pattern": "[A-Z]{2}"}]}]},
          {"key": "contact", "title": "Reach us", "rows": [
            {"width": 540, "fields": [
              {"key": "email", "label": "Email", "required": true, "email": true, "max_length": 60, "message": "Give an address we can write to"},
              {"key": "phone", "label": "Phone"}]},
            {"width": 540, "fields": [
              {"key": "newsletter", "label": "Newsletter?"}]}]},
          {"key": "extra", "title": "Extra", "rows": [
            {"width": 540, "fields": [
              {"key": "notes", "label": "Notes", "short_below": 3},
              {"key": "referrer", "label": "Referrer", "hidden": true, "show_if": {"field": "notes", "filled": true}},
              {"key": "twitter", "label": "Twitter", "required": true, "show_if": {"field": "newsletter", "equals": "yes"}}]}]}
         ]}
        """

    /// Writes `text` to `name` in the sandbox and returns its path.
    private func file(_ box: Sandbox, _ name: String, _ text: String) throws -> String {
        let path = box.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func lines(_ result: ProcessResult) -> [String] {
        result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    @Test("the three-page form applied to a new database: pages, rows, fields, rules and conditions read back with sqlite3; no seed field")
    func threePagesToNewDatabase() throws {
        let box = try Sandbox()
        let path = try file(box, "onboarding.json", Self.threePages)
        let result = try box.ok(["apply", path])
        #expect(lines(result) == [
            "created \(box.db) from \(path): 3 pages, 5 rows, 8 fields",
            "+ title \"Welcome {first}\"",
            "+ tab bar height 56",
            "+ page about \"About you\"",
            "+ page contact \"Contact\"",
            "+ page extra \"Extra\"",
            "+ row 1 (page about) width 540",
            "+ row 2 (page about) width 360 (360…540)",
            "+ row 1 (page contact) width 540",
            "+ row 2 (page contact) width 540",
            "+ row 1 (page extra) width 540",
            "+ field first (page about, row 1)",
            "+ field last (page about, row 1)",
            "+ field state (page about, row 2)",
            "+ field email (page contact, row 1)",
            "+ field newsletter (page contact, row 2)",
            "+ field twitter (page contact, row 2)",
            "+ field notes (page extra, row 1)",
            "+ field referrer (page extra, row 1)",
        ])
        #expect(try box.rows("SELECT title_template, tab_bar_height, tab_bar_hidden, selected_page, needs_refresh FROM form")
            == [["Welcome {first}", "56.0", "0", "about", "0"]])
        #expect(try box.rows("SELECT key, title, position FROM page ORDER BY position")
            == [["about", "About you", "1"], ["contact", "Contact", "2"], ["extra", "Extra", "3"]])
        #expect(try box.rows("SELECT number, width, min_width, max_width, page FROM form_row ORDER BY number") == [
            ["1", "540.0", "540.0", "540.0", "about"], ["2", "360.0", "360.0", "540.0", "about"],
            ["3", "540.0", "540.0", "540.0", "contact"], ["4", "540.0", "540.0", "540.0", "contact"],
            ["5", "540.0", "540.0", "540.0", "extra"],
        ])
        let fields = try box.rows("""
            SELECT key, label, value, "row", position, visible, required, min_length, max_length, pattern, email,
                   short_below, message, show_if_field, show_if_equals, show_if_filled, state
            FROM field ORDER BY position
            """)
        #expect(fields == [
            ["first", "First name", "", "1", "1", "1", "1", nil, nil, nil, "0", "0", nil, nil, nil, "0", "empty"],
            ["last", "Last name", "", "1", "2", "1", "1", nil, nil, nil, "0", "0", nil, nil, nil, "0", "empty"],
            ["state", "State", "", "2", "3", "1", "0", "2", "2", "[A-Z]{2}", "0", "0", nil, nil, nil, "0", "empty"],
            ["email", "Email", "", "3", "4", "1", "1", nil, "80", nil, "1", "0", "Give an address we can write to", nil, nil, "0", "empty"],
            ["newsletter", "Newsletter?", "", "4", "5", "1", "0", nil, nil, nil, "0", "0", nil, nil, nil, "0", "empty"],
            ["twitter", "Twitter", "", "4", "6", "1", "1", nil, nil, nil, "0", "0", nil, "newsletter", "yes", "0", "empty"],
            ["notes", "Notes", "", "5", "7", "1", "0", nil, nil, nil, "0", "3", nil, nil, nil, "0", "empty"],
            ["referrer", "Referrer", "", "5", "8", "0", "0", nil, nil, nil, "0", "0", nil, "notes", nil, "1", "empty"],
        ])
        #expect(try box.value("SELECT count(*) FROM minimap_rect WHERE kind = 'field'") == "3", "the selected page's minimap: first, last, state")
        #expect(try box.value("SELECT group_concat(key) FROM (SELECT key FROM history ORDER BY id)")
            == "first,last,state,email,newsletter,twitter,notes,referrer")
        #expect(try box.value("SELECT count(*) FROM history WHERE source <> 'formctl'") == "0")
    }

    @Test("a changed file: the printed diff, and every value kept")
    func changedFile() throws {
        let box = try Sandbox()
        try box.ok(["apply", try file(box, "v1.json", Self.threePages)])
        let values = [
            ("first", "Ada"), ("last", "Lovelace"), ("state", "NY"), ("email", "ada@example.com"),
            ("newsletter", "yes"), ("twitter", "@ada"), ("notes", "hello, world"), ("referrer", "Bob 🙂"),
        ]
        for (key, value) in values { try box.ok(["set", key, value]) }
        let history = try box.value("SELECT count(*) FROM history")

        let result = try box.ok(["apply", try file(box, "v2.json", Self.threePagesChanged)])
        #expect(lines(result) == [
            "~ page contact title \"Contact\" → \"Reach us\"",
            "~ row 2 (page about) width 360 → 480",
            "~ field email rules: max_length 80 → 60",
            "+ field phone (page contact, row 1)",
            "~ field twitter moved to page extra, row 1",
        ])
        for (key, value) in values {
            #expect(try box.value("SELECT value FROM field WHERE key = '\(key)'") == value, "\(key)")
        }
        #expect(try box.rows("SELECT key, \"row\", position, value FROM field WHERE key IN ('phone', 'twitter') ORDER BY position")
            == [["phone", "3", "5", ""], ["twitter", "5", "9", "@ada"]])
        #expect(try box.rows("SELECT title FROM page WHERE key = 'contact'") == [["Reach us"]])
        #expect(try box.rows("SELECT width FROM form_row WHERE number = 2") == [["480.0"]])
        #expect(try box.rows("SELECT max_length FROM field WHERE key = 'email'") == [["60"]])
        #expect(try box.value("SELECT count(*) FROM history") == String((Int(history ?? "") ?? 0) + 1), "one row: phone added")
        #expect(try box.value("SELECT needs_refresh FROM form") == "0")
        #expect(try box.formctl(["check"]).status == 0, "every value passes the new rules")
    }

    @Test("--dry-run and re-applying the same file leave the database byte for byte unchanged")
    func dryRunAndReapply() throws {
        let box = try Sandbox()
        let v1 = try file(box, "v1.json", Self.threePages)
        let v2 = try file(box, "v2.json", Self.threePagesChanged)
        let dryNew = try box.ok(["apply", "--dry-run", v1])
        #expect(lines(dryNew).first == "would create \(box.db) from \(v1): 3 pages, 5 rows, 8 fields")
        #expect(lines(dryNew).last == "dry run: 18 changes, nothing written")
        #expect(!FileManager.default.fileExists(atPath: box.db), "a dry run creates nothing")

        try box.ok(["apply", v1])
        try box.ok(["set", "first", "Ada"])
        let before = try box.bytes()
        let dry = try box.ok(["apply", v2, "--dry-run"])
        #expect(lines(dry).count == 6 && lines(dry).last == "dry run: 5 changes, nothing written", "\(dry)")
        #expect(try box.bytes() == before)
        let again = try box.ok(["apply", v1])
        #expect(again.stdoutText == "\(box.db) already matches \(v1): nothing to change\n")
        #expect(try box.bytes() == before)
        #expect(!FileManager.default.fileExists(atPath: box.db + "-wal"))

        try box.ok(["apply", v2])
        let changed = try box.bytes()
        #expect(changed != before)
        try box.ok(["apply", v2])
        try box.ok(["apply", "-"], stdin: Data(Self.threePagesChanged.utf8))
        #expect(try box.bytes() == changed)
    }

    @Test("a field that holds a value is not removed without --prune (64, listed with its length, nothing written); with it, it goes to history")
    func prune() throws {
        let box = try Sandbox()
        try box.ok(["apply", try file(box, "v1.json", Self.threePages)])
        try box.ok(["set", "twitter", "@ada"])
        try box.ok(["set", "referrer", "Bob"])
        let smaller = Self.threePages
            .replacingOccurrences(of: ",\n      {\"key\": \"twitter\", \"label\": \"Twitter\", \"required\": true, \"show_if\": {\"field\": \"newsletter\", \"equals\": \"yes\"}}", with: "")
            .replacingOccurrences(of: ",\n      {\"key\": \"referrer\", \"label\": \"Referrer\", \"hidden\": true, \"show_if\": {\"field\": \"notes\", \"filled\": true}}", with: "")
            .replacingOccurrences(of: "{\"key\": \"newsletter\", \"label\": \"Newsletter?\"}", with: "{\"key\": \"newsletter\", \"label\": \"Newsletter?\"}, {\"key\": \"empty\", \"label\": \"E\"}")
        let path = try file(box, "smaller.json", smaller)
        let before = try box.bytes()

        let refused = try box.formctl(["apply", path])
        #expect(refused.status == 64 && !refused.looksLikeCrash, "\(refused)")
        #expect(refused.stdoutText == "")
        #expect(refused.stderrText.contains("twitter (4 characters), referrer (3 characters)"), "\(refused)")
        #expect(refused.stderrText.contains("--prune"))
        #expect(try box.bytes() == before)

        let dry = try box.formctl(["apply", path, "--dry-run"])
        #expect(dry.status == 64 && dry.stdoutText.contains("- field twitter (holds 4 characters)"), "\(dry)")
        #expect(try box.bytes() == before)

        let pruned = try box.ok(["apply", path, "--prune"])
        #expect(lines(pruned) == ["+ field empty (page contact, row 2)", "- field twitter (holds 4 characters)", "- field referrer (holds 3 characters)"])
        #expect(try box.value("SELECT count(*) FROM field WHERE key IN ('twitter', 'referrer')") == "0")
        #expect(try box.rows("SELECT key, old_value, new_value, source FROM history WHERE new_value IS NULL ORDER BY id")
            == [["twitter", "@ada", nil, "formctl"], ["referrer", "Bob", nil, "formctl"]])
    }

    @Test("show_if from a file: the field hides and shows as set changes its condition; its value is kept and left out of check")
    func showIfFromFile() throws {
        let box = try Sandbox()
        try box.ok(["apply", try file(box, "v1.json", Self.threePages)])
        for (key, value) in [("first", "Ada"), ("last", "Lovelace"), ("email", "ada@example.com")] { try box.ok(["set", key, value]) }
        #expect(try box.formctl(["check"]).status == 0)
        func shown(_ key: String) throws -> Bool? {
            let object = try #require(try box.ok(["get", key, "--json"]).stdout.json() as? [String: Any])
            return (object["shown"] as? NSNumber)?.boolValue
        }
        #expect(try shown("twitter") == false)
        try box.ok(["set", "newsletter", "yes"])
        #expect(try shown("twitter") == true)
        let failing = try box.formctl(["check"])
        #expect(failing.status == 1 && failing.stdoutText.contains("twitter"), "\(failing)")
        try box.ok(["set", "twitter", "@ada"])
        #expect(try box.formctl(["check"]).status == 0)
        try box.ok(["set", "newsletter", "no"])
        #expect(try shown("twitter") == false)
        try box.ok(["set", "twitter", ""])
        #expect(try box.formctl(["check"]).status == 0, "twitter is hidden: required, empty, and not checked")
        try box.ok(["set", "twitter", "@ada"])
        #expect(try box.value("SELECT value FROM field WHERE key = 'twitter'") == "@ada")
        // A hidden field stays hidden whatever its condition says.
        try box.ok(["set", "notes", "hello"])
        #expect(try shown("referrer") == false)
    }

    @Test("usage: no file is 64; a file that cannot be read is 65, nothing created")
    func usage() throws {
        let box = try Sandbox()
        let missing = try box.formctl(["apply"])
        #expect(missing.status == 64 && !missing.looksLikeCrash)
        let unreadable = try box.formctl(["apply", box.path("nope.yaml")])
        #expect(unreadable.status == 65 && unreadable.stderrText.contains("nope.yaml: cannot read the file"), "\(unreadable)")
        #expect(!FileManager.default.fileExists(atPath: box.db))
        let help = try box.ok(["apply", "--help"], db: nil)
        #expect(help.stdoutText.contains("--dry-run") && help.stdoutText.contains("--prune"))
    }
}
