import Foundation
import Testing

/// `field show|hide|add|remove|move|rule` and `row width`.
@Suite("field and row commands")
struct FieldCommandTests {
    private func rectCount(_ box: Sandbox) throws -> Int {
        Int(try box.value("SELECT COUNT(*) FROM minimap_rect") ?? "") ?? -1
    }

    private func order(_ box: Sandbox) throws -> [[String?]] {
        try box.rows("SELECT key, \"row\", position FROM field ORDER BY position")
    }

    @Test("field show/hide twitter adds and removes its two minimap rectangles")
    func showHide() throws {
        let box = try Sandbox()
        try box.createDatabase()
        #expect(try rectCount(box) == 9)
        let show = try box.ok(["field", "show", "twitter"])
        #expect(singleLine(show) != nil, "one line confirming: \(show)")
        #expect(try rectCount(box) == 11)
        #expect(try box.value("SELECT visible FROM field WHERE key = 'twitter'") == "1")
        #expect(try box.value("SELECT COUNT(*) FROM minimap_rect WHERE key = 'twitter'") == "2")
        // Showing twice is harmless.
        try box.ok(["field", "show", "twitter"])
        #expect(try rectCount(box) == 11)

        try box.ok(["set", "twitter", "@jo"])
        let hide = try box.ok(["field", "hide", "twitter"])
        #expect(singleLine(hide) != nil, "\(hide)")
        #expect(try rectCount(box) == 9)
        #expect(try box.value("SELECT COUNT(*) FROM minimap_rect WHERE key = 'twitter'") == "0")
        #expect(try box.value("SELECT value FROM field WHERE key = 'twitter'") == "@jo", "hiding keeps the value")

        let unknown = try box.formctl(["field", "hide", "twiter"])
        #expect(isError(unknown, 64) && unknown.stderrText.contains("did you mean 'twitter'?"), "\(unknown)")
    }

    @Test("a pattern that could backtrack for ever is accepted and stops at PCRE2's limits: the value is invalid, at once")
    func catastrophicPatternBounded() throws {
        let box = try Sandbox()
        try box.createDatabase()
        try box.ok(["field", "rule", "last", "--pattern", "(a+)+$"])
        #expect(try box.value("SELECT pattern FROM field WHERE key = 'last'") == "(a+)+$")
        let start = Date()
        let set = try box.ok(["set", "last", "aaaaaaaaaaaaaaaaaaaaaaaaaaaa!"])
        #expect(Date().timeIntervalSince(start) < 10, "no catastrophic backtracking")
        #expect(set.stdoutText.contains("invalid") && set.stdoutText.contains("pattern too costly for this value"), "\(set)")
    }

    @Test("row add/remove/list and title: the form's shape is data")
    func rowsAndTitle() throws {
        let box = try Sandbox()
        try box.createDatabase()
        let added = try box.ok(["row", "add", "--width", "400", "--min-width", "300", "--max-width", "540"])
        #expect(added.stdoutText == "row 3: added, 400 points wide\n")
        #expect(try box.rows("SELECT number, width, min_width, max_width FROM form_row WHERE number = 3") == [["3", "400.0", "300.0", "540.0"]])
        try box.ok(["field", "add", "phone", "Phone", "--row", "3"])
        #expect(try rectCount(box) == 11)
        #expect(try box.ok(["row", "list"]).stdoutText.contains("row 3: 400 points (300…540): phone"))

        let refused = try box.formctl(["row", "remove", "3"])
        #expect(isError(refused, 64) && refused.stderrText.contains("still holds phone"), "\(refused)")
        try box.ok(["field", "move", "phone", "--row", "1"])
        try box.ok(["row", "add", "--width", "540"])
        try box.ok(["row", "remove", "3"])
        // The row below moved up; nothing was lost.
        #expect(try box.rows("SELECT number, width FROM form_row ORDER BY number") == [["1", "540.0"], ["2", "360.0"], ["3", "540.0"]])
        #expect(try box.value("SELECT \"row\" FROM field WHERE key = 'phone'") == "1")
        #expect(isError(try box.formctl(["row", "add", "--width", "0"]), 65))
        #expect(isError(try box.formctl(["row", "remove", "9"]), 64))

        let title = try box.ok(["title", "Dear {first}"])
        #expect(title.stdoutText == "template: Dear {first}\ntitle:    Dear \n")
        try box.ok(["set", "first", "Ada"])
        #expect(try box.ok(["title"]).stdoutText.hasSuffix("title:    Dear Ada\n"))
        #expect(try box.value("SELECT title_template FROM form") == "Dear {first}")
    }

    @Test("field add puts an empty field in a row at an index")
    func add() throws {
        let box = try Sandbox()
        try box.createDatabase()
        let add = try box.ok(["field", "add", "phone", "Phone", "--row", "2", "--index", "1"])
        #expect(singleLine(add) != nil, "\(add)")
        #expect(try order(box) == [
            ["first", "1", "1"], ["middle", "1", "2"], ["last", "1", "3"],
            ["phone", "2", "4"], ["email", "2", "5"], ["twitter", "2", "6"],
        ])
        #expect(try box.rows("SELECT label, value, state, color, visible FROM field WHERE key = 'phone'")
            == [["Phone", "", "empty", "red", "1"]])
        #expect(try rectCount(box) == 11)
        #expect(try box.rows("SELECT old_value, new_value, source FROM history WHERE key = 'phone'") == [[nil, "", "formctl"]])
        // Without --index: rightmost of the row.
        try box.ok(["field", "add", "nick", "Nickname", "--row", "1"])
        #expect(try order(box).map { $0[0] } == ["first", "middle", "last", "nick", "phone", "email", "twitter"])
        // Usable at once.
        #expect(singleLine(try box.ok(["set", "phone", "555"])) == "phone: valid (green), 3 characters")
    }

    @Test("field add refuses a duplicate key and an unknown row with 64, a bad key with 64 or 65")
    func addRefused() throws {
        let box = try Sandbox()
        try box.createDatabase()
        let before = try order(box)
        let duplicate = try box.formctl(["field", "add", "email", "Email again", "--row", "1"])
        #expect(isError(duplicate, 64), "\(duplicate)")
        let noRow = try box.formctl(["field", "add", "phone", "Phone", "--row", "9"])
        #expect(isError(noRow, 64), "\(noRow)")
        let badKey = try box.formctl(["field", "add", "9 lives", "Lives", "--row", "1"])
        #expect((isError(badKey, 64) || isError(badKey, 65)), "\(badKey)")
        #expect(try order(box) == before)
    }

    @Test("field remove deletes the field; its value stays in history")
    func remove() throws {
        let box = try Sandbox()
        try box.ok(["set", "middle", "Quincy"])
        let remove = try box.ok(["field", "remove", "middle"])
        #expect(singleLine(remove) != nil, "\(remove)")
        #expect(try order(box) == [["first", "1", "1"], ["last", "1", "2"], ["email", "2", "3"], ["twitter", "2", "4"]])
        #expect(try rectCount(box) == 7)
        #expect(try box.rows("SELECT old_value, new_value, source FROM history WHERE key = 'middle' ORDER BY id DESC LIMIT 1")
            == [["Quincy", nil, "formctl"]])
        let again = try box.formctl(["field", "remove", "middle"])
        #expect(isError(again, 64), "\(again)")
        let get = try box.formctl(["get", "middle"])
        #expect(get.status == 1, "\(get)")
    }

    @Test("field move changes row and place; positions stay 1…n in form order")
    func move() throws {
        let box = try Sandbox()
        try box.createDatabase()
        let move = try box.ok(["field", "move", "last", "--row", "2", "--index", "1"])
        #expect(singleLine(move) != nil, "\(move)")
        #expect(try order(box) == [
            ["first", "1", "1"], ["middle", "1", "2"], ["last", "2", "3"], ["email", "2", "4"], ["twitter", "2", "5"],
        ])
        // Within its row.
        try box.ok(["field", "move", "first", "--index", "2"])
        #expect(try order(box).map { $0[0] } == ["middle", "first", "last", "email", "twitter"])
        // Back to row 1, rightmost.
        try box.ok(["field", "move", "last", "--row", "1"])
        #expect(try order(box).map { $0[0] } == ["middle", "first", "last", "email", "twitter"])
        #expect(try order(box).map { $0[1] } == ["1", "1", "1", "2", "2"])

        let noRow = try box.formctl(["field", "move", "last", "--row", "5"])
        #expect(isError(noRow, 64), "\(noRow)")
        let noField = try box.formctl(["field", "move", "lats", "--row", "2"])
        #expect(isError(noField, 64) && noField.stderrText.contains("did you mean 'last'?"), "\(noField)")
    }

    @Test("field rule sets rules and prints the field's new state line")
    func rule() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Jo"])
        let minimum = try box.ok(["field", "rule", "first", "--min-length", "3"])
        let line = try #require(singleLine(minimum), "\(minimum)")
        #expect(isStateLine(line, key: "first", state: "invalid", color: "orange", length: 2), "\(line)")
        #expect(try box.rows("SELECT min_length, state, color FROM field WHERE key = 'first'") == [["3", "invalid", "orange"]])
        #expect(try box.value("SELECT color FROM minimap_rect WHERE key = 'first' AND kind = 'field'") == "orange")
        let set = try box.ok(["set", "first", "Jon"])
        #expect(singleLine(set) == "first: valid (green), 3 characters")

        try box.ok(["field", "rule", "first", "--max-length", "4"])
        let tooLong = try #require(singleLine(try box.ok(["set", "first", "Jonathan"])))
        #expect(isStateLine(tooLong, key: "first", state: "invalid", color: "orange", length: 8), "\(tooLong)")

        try box.ok(["field", "rule", "email", "--email"])
        let notEmail = try #require(singleLine(try box.ok(["set", "email", "nope"])))
        #expect(isStateLine(notEmail, key: "email", state: "invalid", color: "orange", length: 4), "\(notEmail)")
        #expect(singleLine(try box.ok(["set", "email", "jo@example.com"])) == "email: valid (green), 14 characters")
        try box.ok(["field", "rule", "email", "--no-email"])
        #expect(try box.value("SELECT email FROM field WHERE key = 'email'") == "0")

        try box.ok(["field", "rule", "last", "--pattern", "[A-Z][a-z]+"])
        let lower = try #require(singleLine(try box.ok(["set", "last", "smith"])))
        #expect(isStateLine(lower, key: "last", state: "invalid", color: "orange", length: 5), "\(lower)")
        #expect(singleLine(try box.ok(["set", "last", "Smith"])) == "last: valid (green), 5 characters")

        try box.ok(["field", "rule", "middle", "--required"])
        #expect(try box.value("SELECT required FROM field WHERE key = 'middle'") == "1")
        try box.ok(["field", "rule", "middle", "--optional"])
        #expect(try box.value("SELECT required FROM field WHERE key = 'middle'") == "0")

        let clear = try box.ok(["field", "rule", "first", "--clear"])
        #expect(singleLine(clear) == "first: valid (green), 8 characters", "\(clear)")
        #expect(try box.rows("SELECT required, min_length, max_length, pattern, email FROM field WHERE key = 'first'")
            == [["0", nil, nil, nil, "0"]])
    }

    @Test("field rule refuses rules that cannot work with 65 and keeps the old ones",
          arguments: [["--pattern", "("], ["--pattern", "[a-"], ["--min-length", "5", "--max-length", "2"]])
    func ruleRefused(arguments: [String]) throws {
        let box = try Sandbox()
        try box.ok(["field", "rule", "last", "--min-length", "1"])
        let before = try box.rows("SELECT required, min_length, max_length, pattern, email FROM field ORDER BY position")
        let result = try box.formctl(["field", "rule", "last"] + arguments)
        #expect(isError(result, 65), "\(result)")
        #expect(try box.rows("SELECT required, min_length, max_length, pattern, email FROM field ORDER BY position") == before)
    }

    @Test("row width 2 540 widens email's container exactly 1.5 times")
    func rowWidth() throws {
        let box = try Sandbox()
        try box.createDatabase()
        let width = "SELECT width FROM minimap_rect WHERE key = 'email' AND kind = 'fieldContainer'"
        let narrow = try #require(Double(try box.value(width) ?? ""))
        let result = try box.ok(["row", "width", "2", "540"])
        #expect(result.stdoutText == "row 2: 540 points wide\n", "\(result)")
        #expect(try box.value("SELECT width FROM form_row WHERE number = 2") == "540.0")
        let wide = try #require(Double(try box.value(width) ?? ""))
        #expect(abs(wide / narrow - 1.5) < 1e-9, "\(narrow) → \(wide)")
        // The seed's first row is 540 wide: email now spans the same width.
        let firstRow = try box.rows("SELECT MIN(x), MAX(x + width) FROM minimap_rect WHERE kind = 'fieldContainer' AND key IN ('first', 'last')")
            .first?.compactMap { Double($0 ?? "") } ?? []
        let emailRow = try box.rows("SELECT x, x + width FROM minimap_rect WHERE kind = 'fieldContainer' AND key = 'email'")
            .first?.compactMap { Double($0 ?? "") } ?? []
        #expect(firstRow.count == 2 && emailRow.count == 2)
        for (a, b) in zip(firstRow, emailRow) {
            #expect(abs(a - b) < 1e-6, "first row \(firstRow) vs email \(emailRow)")
        }
    }

    @Test("row width outside the range is 64, names the range, and changes nothing",
          arguments: [("2", "900", "360…540"), ("2", "359", "360…540"), ("2", "0", "360…540"), ("1", "541", "540…540")])
    func rowWidthOutOfRange(row: String, points: String, range: String) throws {
        let box = try Sandbox()
        try box.createDatabase()
        let before = try box.bytes()
        let result = try box.formctl(["row", "width", row, points])
        #expect(isError(result, 64), "\(result)")
        #expect(result.stderrText.contains(range), "\(result)")
        #expect(try box.bytes() == before)
        #expect(try box.value("SELECT width FROM form_row WHERE number = 2") == "360.0")
    }

    @Test("row width of a row that does not exist is 64")
    func unknownRow() throws {
        let box = try Sandbox()
        try box.createDatabase()
        let result = try box.formctl(["row", "width", "3", "400"])
        #expect(isError(result, 64), "\(result)")
    }
}
