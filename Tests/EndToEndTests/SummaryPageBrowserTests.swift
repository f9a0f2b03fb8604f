import Foundation
import Testing

/// The owner's summary page live in headless Chromium (issue 48): the real
/// built binary serves, with `--collect`, the lunch survey with the twelve
/// responses `Examples/responses/survey.sh` stores (run as the docs say,
/// with the binary on PATH), and `Tests/Browser/summary_page.py` opens the
/// owner's page, follows its link to `/owner/summary`, then submits and
/// deletes a response with `formctl` in another process while the page is
/// open: the page redraws itself each time, without a reload. The 401
/// without the token is checked here, over plain HTTP. Skipped only off CI
/// when Chromium, its driver or selenium is missing (`.ci/run` installs
/// them).
@Suite("The owner's summary page in headless Chromium", .serialized, .tags(.browser), .slow)
struct SummaryPageBrowserTests {
    @Test("401 without the token; with it, a live summary that redraws itself after a submit and a delete",
          .enabled(if: ServeBrowserTests.runs, "needs /usr/bin/chromium, /usr/bin/chromedriver and python3-selenium (installed by .ci/run)"),
          .timeLimit(.minutes(5)))
    func liveSummary() throws {
        guard ServeBrowserTests.toolsAreThere() else { return }
        let sandbox = try Sandbox()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        try FileManager.default.createSymbolicLink(at: sandbox.folder.appendingPathComponent("Examples"),
                                                   withDestinationURL: root.appendingPathComponent("Examples"))
        let binaries = try Formctl.binary().deletingLastPathComponent().path
        let seeded = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), [root.appendingPathComponent("Examples/responses/survey.sh").path],
                                          environment: childEnvironment(["PATH": binaries + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]),
                                          currentDirectory: sandbox.folder, timeout: 120)
        #expect(seeded.succeeded, "Examples/responses/survey.sh: \(seeded)")
        let db = sandbox.folder.appendingPathComponent("survey.db").path
        #expect(try sandbox.formctl(["responses", "--format", "jsonl"], db: db).stdoutText.split(separator: "\n").count == 12)

        let server = try CollectServer(sandbox, db: db)
        let refused = try HTTP.request(port: server.port, "GET", "/owner/summary")
        #expect(refused.status == 401 && refused.header("content-type") == "text/html; charset=utf-8"
                && refused.header("www-authenticate") == "Bearer", "\(refused)")
        #expect(!refused.body.contains("Summary of"), "no figure without the token")
        let wrong = try HTTP.request(port: server.port, "GET", "/owner/summary", headers: [("Authorization", "Bearer nope")])
        #expect(wrong.status == 401)
        let admitted = try server.owner("GET", "/owner/summary")
        #expect(admitted.status == 200 && admitted.body.contains("Summary of 12 complete responses"), "\(admitted.status)")

        let checks = try ServeBrowserTests.runScript("summary_page.py", [server.ownersLink, try Formctl.binary().path, db], in: sandbox.folder)
        #expect(checks >= 15, "summary_page.py passed \(checks) checks")
        let stopped = server.stop()
        #expect(stopped.status == 0, "formctl serve --collect stops cleanly on SIGTERM: \(stopped)")
    }
}
