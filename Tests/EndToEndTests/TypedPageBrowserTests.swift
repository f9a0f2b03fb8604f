import Foundation
import Testing

/// The page's control for every type, with the keyboard alone, in headless
/// Chromium (issue 37): the real built binary serves
/// `Examples/forms/survey.yaml` (text, integer, decimal, date, select_one,
/// select_multiple, boolean, time, datetime, long_text) on a free loopback
/// port, and `Tests/Browser/typed_page.py` reaches each control in order
/// with Tab, operates it with the keys its kind takes (arrows for radios,
/// Space for check boxes, digits in the pickers, Enter in a textarea),
/// checks that its focus shows at 3:1 or more and that `formctl get` reads
/// what it saved; posts the same kinds of controls from a browser without
/// script; and checks that at 320 CSS pixels nothing scrolls sideways and
/// the minimap is a bar that opens. Skipped only off CI when Chromium, its
/// driver or selenium is missing (`.ci/run` installs them).
@Suite("Every type's control in headless Chromium, with the keyboard", .serialized, .tags(.browser), .slow)
struct TypedPageBrowserTests {
    @Test("each type's control is reached with Tab, operated with keys and saved; without script it posts; 320 px does not scroll sideways",
          .enabled(if: ServeBrowserTests.runs, "needs /usr/bin/chromium, /usr/bin/chromedriver and python3-selenium (installed by .ci/run)"),
          .timeLimit(.minutes(5)))
    func everyTypeWithTheKeyboard() throws {
        guard ServeBrowserTests.toolsAreThere() else { return }
        let sandbox = try Sandbox()
        let survey = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/forms/survey.yaml").path
        try sandbox.ok(["apply", survey])
        let server = try ServeBrowserTests.ServedForm(db: sandbox.db, in: sandbox.folder)
        defer { server.stop() }
        var arguments = [server.url, try Formctl.binary().path, sandbox.db]
        // FORMCTL_SCREENSHOTS=FOLDER keeps the page's pictures at three widths.
        if let shots = ProcessInfo.processInfo.environment["FORMCTL_SCREENSHOTS"], !shots.isEmpty { arguments.append(shots) }
        let checks = try ServeBrowserTests.runScript("typed_page.py", arguments, in: sandbox.folder)
        #expect(checks >= 45, "typed_page.py passed \(checks) checks")
    }
}
