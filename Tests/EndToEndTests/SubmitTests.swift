import Foundation
import Testing

/// `formctl submit`: the form's values (or a file's) stored as one
/// response, read back with sqlite3.
@Suite("submit")
struct SubmitTests {
    @Test("a failing check refuses submit: exit 1, check's list on stdout, nothing stored, the values kept")
    func failingCheck() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Ada"])
        try box.ok(["set", "middle", "B"])
        let check = try box.formctl(["check"])
        let checkJSON = try box.formctl(["check", "--json"])
        let history = try box.count("SELECT count(*) FROM history")
        for (arguments, expected) in [(["submit"], check), (["submit", "--json"], checkJSON), (["submit", "--keep"], check)] {
            let result = try box.formctl(arguments)
            #expect(isError(result, 1), "\(result)")
            #expect(result.stdout == expected.stdout && !result.stdout.isEmpty, "\(result)")
            #expect(result.stderrText.contains("not submitted") && result.stderrText.contains("--draft"), "\(result)")
        }
        #expect(try box.count("SELECT count(*) FROM response") == 0)
        #expect(try box.count("SELECT count(*) FROM answer") == 0)
        #expect(try box.count("SELECT count(*) FROM history") == history)
        #expect(try box.storedValues() == ["Ada", "B", "", "", ""])
    }

    @Test("submit prints the id alone, stores every field with its label and shown flag, then clears the values; history shows the clear")
    func storesAndClears() throws {
        let box = try Sandbox()
        try box.fillValid()
        try box.ok(["set", "twitter", "@ada"])
        let lastHistory = try box.count("SELECT max(id) FROM history")
        let result = try box.ok(["submit"])
        #expect(result.stdoutText == "1\n" && result.stderr.isEmpty, "\(result)")
        #expect(try box.rows("SELECT id, status, created_at = submitted_at FROM response") == [["1", "complete", "1"]])
        #expect(try box.answers(of: 1) == ["+first=Ada", "+middle=Byron", "+last=Lovelace", "+email=ada@example.com", "-twitter=@ada"])
        #expect(try box.rows("SELECT label FROM answer ORDER BY position").map { $0[0] ?? "" }
            == ["First Name", "Middle Name", "Last Name", "Email", "Twitter"])
        #expect(try box.storedValues() == ["", "", "", "", ""])
        // One history row per value cleared, then the response's.
        let rows = try box.rows("SELECT key, old_value, coalesce(new_value, 'NULL') FROM history WHERE id > \(lastHistory) ORDER BY id")
        #expect(rows == [["first", "Ada", ""], ["middle", "Byron", ""], ["last", "Lovelace", ""], ["email", "ada@example.com", ""],
                         ["twitter", "@ada", ""], ["#1", nil, "complete"]], "\(rows)")
        let text = try box.ok(["history", "--limit", "2"]).stdoutText.lines
        #expect(text.count == 2 && text[0].contains("twitter  \"@ada\" → \"\"") && text[1].contains("response 1 stored (complete)"), "\(text)")
        // The submitted_at is UTC with milliseconds.
        let time = try #require(try box.value("SELECT submitted_at FROM response"))
        #expect(time.count == 24 && time.hasSuffix("Z"), "\(time)")
        // A second respondent gets the next id.
        try box.fillValid(["first": "Grace", "middle": "Brewster", "last": "Hopper", "email": "gh@example.org"])
        #expect(try box.ok(["submit"]).stdoutText == "2\n")
    }

    @Test("--keep keeps the values; --json prints the response in the export's shape")
    func keepAndJSON() throws {
        let box = try Sandbox()
        try box.fillValid()
        try box.ok(["set", "twitter", "@ada"])
        let history = try box.count("SELECT count(*) FROM history")
        let result = try box.ok(["submit", "--keep", "--json"])
        let object = try #require(try result.stdout.json() as? [String: Any], "\(result)")
        #expect(Set(object.keys) == ["id", "status", "submitted_at", "values"])
        #expect(object["id"] as? Int == 1 && object["status"] as? String == "complete")
        #expect(object["submitted_at"] as? String == (try box.value("SELECT submitted_at FROM response WHERE id = 1")))
        let values = try #require(object["values"] as? [String: Any])
        #expect(values["first"] as? String == "Ada" && values["email"] as? String == "ada@example.com")
        #expect(values["twitter"] is NSNull, "a field that was not shown is null: \(values)")
        // The JSON is one line, as --format jsonl prints the response.
        let jsonl = try box.succeed(["responses", "--format", "jsonl"])
        #expect(result.stdout == jsonl.stdout, "\(result)\n\(jsonl)")
        #expect(try box.storedValues() == ["Ada", "Byron", "Lovelace", "ada@example.com", "@ada"])
        #expect(try box.count("SELECT count(*) FROM history") == history + 1, "only the response's row")
    }

    @Test("--draft stores a form that fails check, as status draft")
    func draft() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Jo"])
        let result = try box.ok(["submit", "--draft"])
        #expect(result.stdoutText == "1\n", "\(result)")
        #expect(try box.rows("SELECT status FROM response") == [["draft"]])
        #expect(try box.answers(of: 1) == ["+first=Jo", "+middle=", "+last=", "+email=", "-twitter="])
        #expect(try box.storedValues() == ["", "", "", "", ""], "cleared: --draft without --keep")
        #expect(try box.value("SELECT open_response FROM form") == nil, "a cleared draft is not left open")
    }

    @Test("a draft opened and then submitted replaces itself: same id, one response, history draft → complete")
    func openedDraftReplacesItself() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Ada"])
        #expect(try box.ok(["submit", "--draft"]).stdoutText == "1\n")
        let created = try box.value("SELECT created_at FROM response WHERE id = 1")
        let open = try box.succeed(["responses", "open", "1"])
        #expect(open.stdoutText.contains("draft 1 open for editing"), "\(open)")
        #expect(try box.storedValues() == ["Ada", "", "", "", ""])
        #expect(try box.value("SELECT open_response FROM form") == "1")
        try box.fillValid()
        let result = try box.ok(["submit"])
        #expect(result.stdoutText == "1\n", "stdout stays the id alone: \(result)")
        #expect(result.stderrText.contains("draft 1 replaced"), "\(result)")
        #expect(try box.rows("SELECT id, status FROM response") == [["1", "complete"]])
        #expect(try box.value("SELECT created_at FROM response") == created)
        #expect(try box.answers(of: 1) == ["+first=Ada", "+middle=Byron", "+last=Lovelace", "+email=ada@example.com", "-twitter="])
        #expect(try box.rows("SELECT old_value, new_value FROM history WHERE key = '#1' ORDER BY id") == [[nil, "draft"], ["draft", "complete"]])
        #expect(try box.ok(["history"]).stdoutText.contains("response 1 draft → complete"))
        // The next submit adds a response.
        try box.fillValid()
        #expect(try box.ok(["submit"]).stdoutText == "2\n")
    }

    @Test("submit --from stores a JSON object, a one-row CSV or standard input without touching the form's values")
    func fromFile() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Kept"])
        try Data(#"{"first":"Ada","middle":"Byron","last":"Lovelace","email":"ada@example.com"}"#.utf8).write(to: URL(fileURLWithPath: box.path("ada.json")))
        try Data("email,first,middle,last\r\ngh@example.org,Grace,\"Brew, \"\"ster\"\"\",Hopper\r\n".utf8).write(to: URL(fileURLWithPath: box.path("grace.csv")))
        #expect(try box.ok(["submit", "--from", box.path("ada.json")]).stdoutText == "1\n")
        #expect(try box.ok(["submit", "--from", box.path("grace.csv")]).stdoutText == "2\n")
        let stdin = try box.ok(["submit", "--from", "-", "--format", "json", "--draft"], stdin: Data(#"{"last":"Only"}"#.utf8))
        #expect(stdin.stdoutText == "3\n", "\(stdin)")
        let csvStdin = try box.ok(["submit", "--from", "-", "--format", "csv"], stdin: Data("first,middle,last,email\nMary,Fairfax,Somerville,m@s.org\n".utf8))
        #expect(csvStdin.stdoutText == "4\n", "\(csvStdin)")
        #expect(try box.answers(of: 1) == ["+first=Ada", "+middle=Byron", "+last=Lovelace", "+email=ada@example.com", "-twitter="])
        #expect(try box.answers(of: 2) == ["+first=Grace", "+middle=Brew, \"ster\"", "+last=Hopper", "+email=gh@example.org", "-twitter="])
        #expect(try box.answers(of: 3) == ["+first=", "+middle=", "+last=Only", "+email=", "-twitter="])
        #expect(try box.rows("SELECT status FROM response ORDER BY id") == [["complete"], ["complete"], ["draft"], ["complete"]])
        #expect(try box.storedValues() == ["Kept", "", "", "", ""], "the form's values are untouched")
        #expect(try box.count("SELECT count(*) FROM history WHERE key = 'first'") == 2, "no history of the form's values")

        // Refusals: nothing stored.
        let failing = try box.formctl(["submit", "--from", "-", "--format", "json"], stdin: Data(#"{"first":"Al"}"#.utf8))
        #expect(isError(failing, 1) && failing.stdoutText.contains("first: short"), "\(failing)")
        let unknown = try box.formctl(["submit", "--from", "-", "--format", "json"], stdin: Data(#"{"frist":"Ada"}"#.utf8))
        #expect(isError(unknown, 64) && unknown.stderrText.contains("frist"), "\(unknown)")
        let bad = try box.formctl(["submit", "--from", "-", "--format", "json"], stdin: Data(#"{"first": 42}"#.utf8))
        #expect(isError(bad, 65) && bad.stderrText.contains("-:1:"), "\(bad)")
        for arguments in [["submit", "--from", "-"], ["submit", "--from", box.path("ada.json"), "--keep"],
                          ["submit", "--format", "json"], ["submit", "--from", box.path("ada.txt")]] {
            let usage = try box.formctl(arguments)
            #expect(usage.status == 64 && !usage.looksLikeCrash && usage.stdout.isEmpty, "\(arguments): \(usage)")
        }
        #expect(try box.count("SELECT count(*) FROM response") == 4)
    }

    @Test("values --clear empties every value, one history row per value, and closes an open draft")
    func clearValues() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Ada"])
        try box.ok(["set", "twitter", "@ada"])
        #expect(try box.ok(["submit", "--draft", "--keep"]).stdoutText == "1\n")
        #expect(try box.value("SELECT open_response FROM form") == "1", "a draft kept in the form stays open")
        let lastHistory = try box.count("SELECT max(id) FROM history")
        let result = try box.ok(["values", "--clear"])
        #expect(result.stdoutText.hasSuffix("2 values cleared, 3 already empty\n"), "\(result)")
        #expect(try box.storedValues() == ["", "", "", "", ""])
        let rows = try box.rows("SELECT key, old_value, new_value FROM history WHERE id > \(lastHistory) ORDER BY id")
        #expect(rows == [["first", "Ada", ""], ["twitter", "@ada", ""]])
        #expect(try box.value("SELECT open_response FROM form") == nil)
        // Cleared, so open has nothing unsaved to refuse, and submit adds a response.
        try box.fillValid()
        #expect(try box.ok(["submit"]).stdoutText == "2\n")
        let again = try box.ok(["values", "--clear", "--json"])
        let object = try #require(try again.stdout.json() as? [String: Any])
        #expect((object["changed"] as? [Any])?.isEmpty == true && (object["unchanged"] as? [String])?.count == 5, "\(again)")
        let usage = try box.formctl(["values", "--clear", "--load", "x.json"])
        #expect(usage.status == 64, "\(usage)")
    }
}
