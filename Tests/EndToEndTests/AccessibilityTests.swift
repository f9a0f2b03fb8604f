import Foundation
import Testing

/// The page's accessibility audit (issue 37): axe-core 4.10 (from the
/// pinned axe-selenium-python wheel, `Scripts/axe-core.sh`) in headless
/// Chromium, with the WCAG 2.0 and 2.1 A and AA rules and axe's best
/// practices, on the real built binary's pages: the default form empty and
/// after invalid values and a refused submit, a seven-page form on its
/// second page and with More open, the `--collect` respondents' page, the
/// survey of every type empty and refused, the right-to-left Hebrew
/// example, and the owner's summary page at 1280 and 320 CSS pixels; and
/// the default and Hebrew forms and the summary at 1280, 640 (200% zoom), 390
/// and 320 CSS pixels, none scrolling sideways (`FORMCTL_SCREENSHOTS=DIR`
/// keeps their pictures). `Tests/Browser/accessibility.py` serves each on a free
/// loopback port, audits it and stops it; any violation fails, with its
/// rule and elements printed. Skipped only off CI when Chromium, its
/// driver or selenium is missing (`.ci/run` installs them).
@Suite("The page's accessibility audit (axe-core)", .serialized, .tags(.browser), .slow)
struct AccessibilityTests {
    /// axe.min.js: `$FORMCTL_AXE_JS` (set by .ci/run), else what
    /// `Scripts/axe-core.sh` fetches.
    static func axeScript() throws -> String {
        if let path = ProcessInfo.processInfo.environment["FORMCTL_AXE_JS"], !path.isEmpty { return path }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let fetched = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), [root.appendingPathComponent("Scripts/axe-core.sh").path],
                                           environment: childEnvironment(), timeout: 300)
        guard fetched.succeeded, let path = fetched.stdoutText.split(separator: "\n").last else {
            throw Failure(description: "Scripts/axe-core.sh failed: \(fetched)")
        }
        return String(path)
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    @Test("axe-core finds no violation of WCAG 2.1 A and AA or best practice on any page in any state",
          .enabled(if: ServeBrowserTests.runs, "needs /usr/bin/chromium, /usr/bin/chromedriver and python3-selenium (installed by .ci/run)"),
          .timeLimit(.minutes(6)))
    func noViolations() throws {
        guard ServeBrowserTests.toolsAreThere() else { return }
        let sandbox = try Sandbox()
        let checks = try ServeBrowserTests.runScript("accessibility.py", [try Formctl.binary().path, sandbox.folder.path, try Self.axeScript()],
                                                     in: sandbox.folder)
        // Six servers, the Hebrew page's two checks, nine audits and eight
        // widths; the summary's two counts, two audits and four widths.
        #expect(checks >= 32, "accessibility.py passed \(checks) checks")
    }
}
