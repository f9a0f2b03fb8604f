import Foundation
import Testing

/// `formctl serve --collect` with two respondents in headless Chromium at
/// the same time (issue 36's "Done when"): the real built binary serves a
/// small form of typed questions on a free loopback port, and
/// `Tests/Browser/collect_page.py` (selenium, on Debian's
/// `/usr/bin/python3`) types into two browsers in turn, two characters at a
/// time, and presses Submit in both. Two WebDriver sessions are two cookie
/// jars, as two people's browsers are, so this is the path real
/// respondents take: the page's own script saving each keystroke, the
/// first write making the draft and setting the cookie, the event stream
/// following the draft, Submit. The script checks the pages; this test
/// checks the database afterwards with the plain `sqlite3` shell, so that
/// what is stored is read without formctl. Skipped only off CI when
/// Chromium, its driver or selenium is missing (`.ci/run` installs them).
@Suite("formctl serve --collect in headless Chromium", .serialized, .tags(.browser), .slow)
struct CollectBrowserTests {
    /// The form: four required typed questions on one page, and a title
    /// that shows the name, so that each respondent's page shows their own.
    static let form = """
        title: "Survey for {name}"
        pages:
          - key: main
            title: Survey
            rows:
              - width: 540
                fields:
                  - {key: name, label: Name, required: true}
                  - {key: age, label: Age, type: integer, required: true, min: 0, max: 150}
              - width: 540
                fields:
                  - {key: fruit, label: Fruit, type: select_one, required: true, choices: [apple, pear, plum]}
                  - {key: visit, label: Visit date, type: date, required: true}

        """

    /// The shared form's changes of its fields' values in `history`.
    static let fieldHistory = "SELECT count(*) FROM history WHERE key IN ('name', 'age', 'fruit', 'visit')"

    @Test("two respondents type at the same time in two browsers and submit: two complete responses, each exactly its own; the owner's shared form unchanged",
          .enabled(if: ServeBrowserTests.runs, "needs /usr/bin/chromium, /usr/bin/chromedriver and python3-selenium (installed by .ci/run)"),
          .timeLimit(.minutes(5)))
    func twoRespondentsAtOnce() throws {
        guard ServeBrowserTests.toolsAreThere() else { return }
        let sandbox = try Sandbox()
        let file = sandbox.path("survey.yaml")
        try Data(Self.form.utf8).write(to: URL(fileURLWithPath: file))
        try sandbox.ok(["apply", file])
        // The owner's shared values, which no respondent may see or change.
        try sandbox.ok(["set", "name", "Owner's own"])
        try sandbox.ok(["set", "age", "99"])
        let sharedBefore = try sandbox.rows("SELECT key, value FROM field ORDER BY key")
        let fieldHistoryBefore = try sandbox.value(Self.fieldHistory)

        let server = try CollectServer(sandbox)
        #expect(server.respondentsLink.hasPrefix("http://127.0.0.1:"))
        let formctl = try Formctl.binary().path
        let checks = try ServeBrowserTests.runScript("collect_page.py", [server.respondentsLink, server.ownersLink, formctl, sandbox.db],
                                                     in: sandbox.folder)
        #expect(checks >= 25, "collect_page.py passed \(checks) checks")
        let stopped = server.stop()
        #expect(stopped.status == 0, "formctl serve --collect stops cleanly on SIGTERM: \(stopped)")

        // Read back with sqlite3: two complete responses, each holding one
        // respondent's four answers, typed, and nothing else.
        let stored = try sandbox.rows("""
            SELECT r.status || ' ' || (SELECT group_concat(item, ' ') FROM
                (SELECT a.key || '=' || a.type || ':' || coalesce(a.value, 'NULL') AS item
                 FROM answer a WHERE a.response_id = r.id ORDER BY a.key))
            FROM response r ORDER BY r.id
            """).compactMap { $0.first ?? nil }
        #expect(Set(stored) == [
            "complete age=integer:34 fruit=select_one:pear name=text:Alice Liddell visit=date:2026-03-01",
            "complete age=integer:57 fruit=select_one:plum name=text:Bob Bobson visit=date:2026-11-30",
        ] && stored.count == 2, "\(stored)")
        #expect(try sandbox.value("SELECT count(DISTINCT respondent) FROM response WHERE length(respondent) = 64") == "2",
                "each response is a different respondent's")
        // The shared form: the same values, and no change of a field in its history.
        #expect(try sandbox.rows("SELECT key, value FROM field ORDER BY key") == sharedBefore)
        #expect(try sandbox.value(Self.fieldHistory) == fieldHistoryBefore, "no respondent's answer is a change of the shared form")
        #expect(try sandbox.value("PRAGMA integrity_check") == "ok")
    }
}
