import Foundation
import Testing

/// `field show-if`, `field rule --short-below/--message`, and what a
/// condition does to `fields`, `get`, `check` and the minimap.
@Suite("show_if, short_below and messages")
struct ShowIfTests {
    /// The keys of the `field` rectangles `minimap --format json` draws.
    private func drawnFields(_ box: Sandbox) throws -> Set<String> {
        let result = try box.ok(["minimap", "--format", "json"])
        let document = try #require(try result.stdout.json() as? [String: Any], "\(result)")
        let rects = try #require(document["rects"] as? [[String: Any]])
        return Set(rects.filter { $0["kind"] as? String == "field" }.compactMap { $0["key"] as? String })
    }

    /// A usage error as the argument parser reports it: exit 64, no crash.
    private func isUsageError(_ result: ProcessResult) -> Bool {
        result.status == 64 && !result.looksLikeCrash && !result.stderrText.isEmpty
    }

    /// `get KEY --json`'s `visible` and `shown`.
    private func flags(_ box: Sandbox, _ key: String) throws -> (visible: Bool?, shown: Bool?) {
        let object = try #require(try box.ok(["get", key, "--json"]).stdout.json() as? [String: Any])
        return ((object["visible"] as? NSNumber)?.boolValue, (object["shown"] as? NSNumber)?.boolValue)
    }

    @Test("a show_if field hides and shows as its condition changes through set; its value is kept and check skips it while hidden")
    func hidesAndShows() throws {
        let box = try Sandbox()
        for (key, value) in [("first", "Ada"), ("middle", "Bea"), ("last", "Lovelace"), ("email", "ada@example.com")] {
            try box.ok(["set", key, value])
        }
        try box.ok(["field", "add", "toggle", "Twitter?", "--row", "2"])
        try box.ok(["field", "rule", "toggle", "--optional", "--short-below", "0"])
        try box.ok(["field", "show", "twitter"])
        let condition = try box.ok(["field", "show-if", "twitter", "--field", "toggle", "--equals", "on"])
        #expect(condition.stdoutText == "twitter: shown while toggle is \"on\"\n")
        try box.ok(["field", "rule", "twitter", "--required", "--min-length", "2"])
        #expect(try box.rows("SELECT show_if_field, show_if_equals, show_if_filled FROM field WHERE key = 'twitter'") == [["toggle", "on", "0"]])

        // Hidden: not drawn, not checked, value kept.
        #expect(try drawnFields(box) == ["first", "middle", "last", "email", "toggle"])
        #expect(try flags(box, "twitter") == (true, false))
        let hiddenCheck = try box.formctl(["check"])
        #expect(hiddenCheck.status == 0, "\(hiddenCheck)")
        try box.ok(["set", "twitter", "@ada"])
        #expect(try box.ok(["get", "twitter"]).stdoutText == "@ada\n")
        #expect(try box.formctl(["check"]).status == 0, "a hidden field's value is not checked")

        // The condition holds: drawn, checked.
        try box.ok(["set", "toggle", "on"])
        #expect(try drawnFields(box) == ["first", "middle", "last", "email", "toggle", "twitter"])
        #expect(try flags(box, "twitter") == (true, true))
        #expect(try box.value("SELECT count(*) FROM minimap_rect WHERE key = 'twitter'") == "2")
        #expect(try box.formctl(["check"]).status == 0)
        try box.ok(["set", "twitter", ""])
        let failing = try box.formctl(["check"])
        #expect(failing.status == 1 && failing.stdoutText.contains("twitter"), "\(failing)")

        // Off again: gone from the minimap (and minimap_rect), value kept.
        try box.ok(["set", "twitter", "@ada"])
        try box.ok(["set", "toggle", "off"])
        #expect(try drawnFields(box) == ["first", "middle", "last", "email", "toggle"])
        #expect(try box.value("SELECT count(*) FROM minimap_rect WHERE key = 'twitter'") == "0")
        #expect(try box.ok(["get", "twitter"]).stdoutText == "@ada\n")
        #expect(try flags(box, "twitter") == (true, false))

        // fields: the SHOWN column and --json's shown/visible/showIf.
        let listing = try #require(try box.ok(["fields", "--json"]).stdout.json() as? [[String: Any]])
        let twitter = try #require(listing.first { $0["key"] as? String == "twitter" })
        #expect((twitter["visible"] as? NSNumber)?.boolValue == true && (twitter["shown"] as? NSNumber)?.boolValue == false)
        let showIf = try #require(twitter["showIf"] as? [String: Any])
        #expect(showIf["field"] as? String == "toggle" && showIf["equals"] as? String == "on" && showIf["filled"] == nil)
        #expect(listing.filter { $0["key"] as? String != "twitter" }.allSatisfy { $0["showIf"] is NSNull })

        // A sqlite3 edit of the condition is followed.
        try box.exec("UPDATE field SET show_if_equals = NULL, show_if_filled = 1 WHERE key = 'twitter'")
        #expect(try drawnFields(box).contains("twitter"), "toggle holds 'off', which is filled")

        // --clear: shown without a condition.
        #expect(try box.ok(["field", "show-if", "twitter", "--clear"]).stdoutText == "twitter: shown without a condition\n")
        try box.ok(["set", "toggle", ""])
        #expect(try drawnFields(box).contains("twitter"))
    }

    @Test("show-if refuses unknown fields (64), a field on itself and cycles (65), and bad option sets (64); nothing is written")
    func refusals() throws {
        let box = try Sandbox()
        try box.ok(["field", "show-if", "twitter", "--field", "email", "--filled"])
        let before = try box.bytes()
        let unknown = try box.formctl(["field", "show-if", "twitter", "--field", "emial", "--filled"])
        #expect(isError(unknown, 64) && unknown.stderrText.contains("email"), "\(unknown)")
        #expect(isError(try box.formctl(["field", "show-if", "twiter", "--clear"]), 64))
        let itself = try box.formctl(["field", "show-if", "first", "--field", "first", "--filled"])
        #expect(isError(itself, 65), "\(itself)")
        let cycle = try box.formctl(["field", "show-if", "email", "--field", "twitter", "--equals", "x"])
        #expect(isError(cycle, 65) && cycle.stderrText.contains("email → twitter → email"), "\(cycle)")
        for arguments in [["field", "show-if", "first"], ["field", "show-if", "first", "--field", "last"],
                          ["field", "show-if", "first", "--field", "last", "--filled", "--equals", "x"],
                          ["field", "show-if", "first", "--clear", "--filled"]] {
            let result = try box.formctl(arguments)
            #expect(isUsageError(result), "\(arguments): \(result)")
        }
        #expect(try box.bytes() == before)
    }

    @Test("--short-below moves the yellow state (0: none) and --message replaces check's reasons")
    func shortBelowAndMessage() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "NY"])
        #expect(try box.value("SELECT state FROM field WHERE key = 'first'") == "short")
        let rule = try box.ok(["field", "rule", "first", "--short-below", "0"])
        #expect(rule.stdoutText == "first: valid (green), 2 characters\n")
        #expect(try box.rows("SELECT state, color, short_below FROM field WHERE key = 'first'") == [["valid", "green", "0"]])
        try box.ok(["field", "rule", "middle", "--short-below", "5"])
        try box.ok(["set", "middle", "Bea"])
        try box.ok(["field", "rule", "last", "--message", "Your family name, please", "--pattern", "[A-Z].*"])
        try box.ok(["set", "last", "lovelace"])
        let check = try box.formctl(["check", "--json"])
        let problems = try #require(try check.stdout.json() as? [[String: Any]], "\(check)")
        let reasons = Dictionary(uniqueKeysWithValues: problems.compactMap { problem in
            (problem["key"] as? String).map { ($0, problem["reason"] as? String ?? "") }
        })
        #expect(reasons["first"] == nil)
        #expect(reasons["middle"] == "has fewer than 5 characters")
        #expect(reasons["last"] == "Your family name, please")
        #expect(reasons["email"] == "is required")
        // The message is given for an empty required field too, and goes with --no-message.
        try box.ok(["set", "last", ""])
        #expect(try box.formctl(["check"]).stdoutText.contains("Your family name, please"))
        try box.ok(["field", "rule", "last", "--no-message"])
        #expect(try box.value("SELECT quote(message) FROM field WHERE key = 'last'") == "NULL")
        #expect(isUsageError(try box.formctl(["field", "rule", "last", "--message", ""])))
        #expect(isUsageError(try box.formctl(["field", "rule", "last", "--message", "x", "--no-message"])))
        #expect(isUsageError(try box.formctl(["field", "rule", "last", "--short-below", "-1"])))
        // A field added on the command line keeps seed 002's threshold.
        try box.ok(["field", "add", "state", "State", "--row", "2"])
        #expect(try box.value("SELECT short_below FROM field WHERE key = 'state'") == "3")
    }

    @Test("conditions a sqlite3 edit leaves dangling or in a cycle never hold; formctl keeps working and --clear repairs them")
    func handEdits() throws {
        let box = try Sandbox()
        try box.ok(["field", "show", "twitter"])
        try box.ok(["field", "show-if", "twitter", "--field", "email", "--filled"])
        try box.ok(["set", "email", "ada@example.com"])
        #expect(try drawnFields(box).contains("twitter"))
        // The sqlite3 shell runs with foreign keys off: the key the
        // condition names can go.
        try box.exec("DELETE FROM field WHERE key = 'email'")
        #expect(try drawnFields(box) == ["first", "middle", "last"])
        #expect(try flags(box, "twitter") == (true, false))
        #expect(try box.formctl(["check"]).status == 1, "first, middle and last are required and empty")
        try box.ok(["field", "show-if", "twitter", "--clear"])
        #expect(try drawnFields(box).contains("twitter"))

        // A cycle: both fields hidden, the others drawn.
        try box.exec("""
            UPDATE field SET show_if_field = 'last', show_if_filled = 1 WHERE key = 'middle';
            UPDATE field SET show_if_field = 'middle', show_if_filled = 1 WHERE key = 'last';
            """)
        #expect(try drawnFields(box) == ["first", "twitter"])
        let fields = try box.ok(["fields"])
        #expect(fields.stdoutText.contains("middle") && fields.stdoutText.contains("last"))
    }

    @Test("email: a single-label domain and RFC 5321's quoted local parts and address literals are addresses")
    func email() throws {
        let box = try Sandbox()
        try box.ok(["field", "rule", "email", "--email"])
        for value in ["ada@example", "\"ada lovelace\"@example.com", "ada@[192.0.2.1]", "ada@[IPv6:2001:db8::1]"] {
            try box.ok(["set", "email", value])
            #expect(try box.value("SELECT state FROM field WHERE key = 'email'") == "valid", "\(value)")
        }
        for value in ["ada..b@example.com", "ada@example.com.", "a@b@example.com", "ada@[300.1.1.1]"] {
            try box.ok(["set", "email", value])
            #expect(try box.value("SELECT state FROM field WHERE key = 'email'") == "invalid", "\(value)")
        }
    }
}
