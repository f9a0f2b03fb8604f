import Foundation
import Testing

/// A repeat's instances on the page with the keyboard alone, in headless
/// Chromium (issue 46): the real built binary serves
/// `Examples/forms/family.yaml` on free loopback ports, and
/// `Tests/Browser/repeat_page.py` fills the first child, adds a second
/// with Enter on "Add a child" (its Name focused next), removes the first
/// with Space on "Remove child 1" (the second moves up; "Add a child"
/// focused next), reads the values back with `formctl values --format
/// json` and `sqlite3`'s `form_values`, and submits, with script and
/// without; and checks that at 1280 and 320 CSS pixels nothing scrolls
/// sideways (`FORMCTL_SCREENSHOTS=DIR` keeps the pictures). Skipped only
/// off CI when Chromium, its driver or selenium is missing (`.ci/run`
/// installs them).
@Suite("A repeat's instances in headless Chromium, with the keyboard", .serialized, .tags(.browser), .slow)
struct RepeatPageBrowserTests {
    @Test("Add, fill and Remove with the keyboard alone, with and without script; the values read back nested",
          .enabled(if: ServeBrowserTests.runs, "needs /usr/bin/chromium, /usr/bin/chromedriver and python3-selenium (installed by .ci/run)"),
          .timeLimit(.minutes(5)))
    func addFillAndRemoveWithTheKeyboard() throws {
        guard ServeBrowserTests.toolsAreThere() else { return }
        let sandbox = try Sandbox()
        var arguments = [try Formctl.binary().path, sandbox.folder.path]
        if let shots = ProcessInfo.processInfo.environment["FORMCTL_SCREENSHOTS"], !shots.isEmpty { arguments.append(shots) }
        let checks = try ServeBrowserTests.runScript("repeat_page.py", arguments, in: sandbox.folder)
        #expect(checks >= 30, "repeat_page.py passed \(checks) checks")
    }
}
