import Foundation
import Testing

/// `formctl serve`'s page in headless Chromium: the real built binary
/// serves a new form on a free loopback port, and
/// `Tests/Browser/serve_page.py` (selenium, on Debian's `/usr/bin/python3`)
/// drives two browsers and a third without script through the issue's
/// list: typing "Ada" turns First Name's minimap rectangle red → yellow →
/// green and the title "Hello Ada"; a second browser sees it; `formctl set`
/// shows within a second; a page behind More, chosen with the keyboard,
/// shows its fields; Submit gives check's reasons, then stores a response
/// `formctl responses` lists; `<script>alert(1)</script>"'&` stays text and
/// never runs; a plain form post saves. Skipped only off CI when Chromium,
/// its driver or selenium is missing (`.ci/run` installs them).
@Suite("formctl serve in headless Chromium", .serialized, .tags(.browser), .slow)
struct ServeBrowserTests {
    static let python = "/usr/bin/python3"

    /// What is missing to run the browser tests, or nil.
    static let missingTools: String? = {
        var missing: [String] = []
        for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver", python]
        where !FileManager.default.isExecutableFile(atPath: tool) { missing.append(tool) }
        if missing.isEmpty {
            let probe = try? ChildProcess.run(URL(fileURLWithPath: python), ["-c", "import selenium"],
                                              environment: childEnvironment(), timeout: 30)
            if probe?.succeeded != true { missing.append("selenium for \(python) (python3-selenium)") }
        }
        return missing.isEmpty ? nil : missing.joined(separator: ", ")
    }()

    /// On CI the tools must be there: the test runs and fails without them.
    static var runs: Bool {
        missingTools == nil || ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } == true
    }

    /// Whether the browser tests can run here; when they cannot on CI,
    /// that is recorded as an issue (the caller returns).
    static func toolsAreThere() -> Bool {
        guard let missing = missingTools else { return true }
        Issue.record("CI is set but the browser tests cannot run: missing \(missing)")
        return false
    }

    /// Runs `Tests/Browser/NAME ARGUMENTS` on Debian's python3 in `folder`,
    /// prints its last lines, expects it to exit 0 with its last line
    /// "N checks passed", and returns N (0 when it did not say so).
    static func runScript(_ name: String, _ arguments: [String], in folder: URL, timeout: TimeInterval = 600) throws -> Int {
        let result = try ChildProcess(URL(fileURLWithPath: python), [script(name)] + arguments,
                                      environment: childEnvironment(), currentDirectory: folder)
            .wait(timeout: timeout)
        let lines = result.stdoutText.split(separator: "\n")
        print(lines.suffix(3).joined(separator: "\n"))
        #expect(result.succeeded, "\(result)")
        guard let last = lines.last, last.hasSuffix(" checks passed") else { return 0 }
        return last.split(separator: " ").first.flatMap { Int($0) } ?? 0
    }

    /// `Tests/Browser/NAME`.
    static func script(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Browser").appendingPathComponent(name).path
    }

    @Test("the page in headless Chromium: typing, a second browser, formctl set, More, Submit, escaping",
          .enabled(if: runs, "needs /usr/bin/chromium, /usr/bin/chromedriver and python3-selenium (installed by .ci/run)"),
          .timeLimit(.minutes(4)))
    func browserSuite() throws {
        guard Self.toolsAreThere() else { return }
        let sandbox = try Sandbox()
        let server = try ServedForm(db: sandbox.db, in: sandbox.folder)
        defer { server.stop() }
        #expect(server.url.hasPrefix("http://127.0.0.1:"))

        let checks = try Self.runScript("serve_page.py", [server.url, try Formctl.binary().path, sandbox.db], in: sandbox.folder,
                                        timeout: 900)
        #expect(checks > 40, "serve_page.py passed \(checks) checks")
    }

    @Test("a note's show_if shows and hides it live, without a reload",
          .enabled(if: runs, "needs /usr/bin/chromium, /usr/bin/chromedriver and python3-selenium (installed by .ci/run)"),
          .timeLimit(.minutes(3)))
    func noteShownLive() throws {
        guard Self.toolsAreThere() else { return }
        let sandbox = try Sandbox.applying("""
            title: Notes
            pages:
              - key: main
                rows:
                  - width: 540
                    fields:
                      - {key: consent, label: Consent, type: boolean}
                      - {key: thanks, label: Thank you for agreeing, type: note, show_if: {field: consent, equals: true}}

            """)
        let server = try ServedForm(db: sandbox.db, in: sandbox.folder)
        defer { server.stop() }
        let checks = try Self.runScript("note_page.py", [server.url, try Formctl.binary().path, sandbox.db], in: sandbox.folder)
        #expect(checks == 5, "note_page.py passed \(checks) checks")
    }

    /// `formctl serve --port 0 --db DB` running, with the URL it printed
    /// first; `stop()` ends it with SIGTERM.
    final class ServedForm {
        let process: ChildProcess
        let url: String

        init(db: String, in folder: URL) throws {
            process = try ChildProcess(try Formctl.binary(), ["serve", "--port", "0", "--db", db],
                                       environment: childEnvironment(), currentDirectory: folder)
            guard process.waitForOutput(containing: "\n", timeout: 60),
                  let line = String(decoding: process.stdoutSoFar, as: UTF8.self).split(separator: "\n").first
            else {
                process.send(SIGKILL)
                throw TestFailure("formctl serve printed no URL:\n\(process.wait(timeout: 10))")
            }
            url = String(line)
        }

        func stop() {
            process.send(SIGTERM)
            let result = process.wait(timeout: 60)
            #expect(result.succeeded, "formctl serve stops cleanly on SIGTERM: \(result)")
        }
    }
}
