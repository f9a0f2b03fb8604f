import Foundation
import Testing

/// The harness every end-to-end test runs programs with: what it reports
/// of a child's end, and that it reports it when it happens, even when
/// Foundation hears of it late.
@Suite("the test harness's child processes")
struct ChildProcessTests {
    private static func shell(_ script: String, timeout: TimeInterval = 30) throws -> ProcessResult {
        try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], environment: childEnvironment(), timeout: timeout)
    }

    @Test("an exit status, a signal and a timeout are each reported as what they are")
    func endings() throws {
        let exited = try Self.shell("printf out; printf err >&2; exit 3")
        #expect(exited.status == 3 && !exited.signalled && !exited.timedOut, "\(exited)")
        #expect(exited.stdoutText == "out" && exited.stderrText == "err", "\(exited)")

        let killed = try Self.shell("kill -KILL $$")
        #expect(killed.signalled && killed.status == SIGKILL && !killed.timedOut, "\(killed)")
        #expect(killed.exitCode == 128 + SIGKILL)

        let slow = try Self.shell("exec sleep 30", timeout: 0.5)
        #expect(slow.timedOut && slow.signalled && slow.status == SIGKILL, "\(slow)")
        #expect(slow.seconds < 10, "\(slow)")
    }

    @Test("an exit is reported when it happens, even while a grandchild holds Foundation's exit socket")
    func exitWhileAGrandchildLives() throws {
        // Foundation's `Process` learns of an exit when a socket the child
        // holds closes; a grandchild that keeps the child's descriptors (a
        // background job, or a child another thread spawned at that moment)
        // keeps it open. The harness must still see the exit at once. The
        // grandchild here lets go of the output pipes, so only that socket
        // stays open.
        let result = try Self.shell("sleep 6 </dev/null >/dev/null 2>&1 & exit 7", timeout: 30)
        #expect(result.status == 7 && !result.signalled && !result.timedOut, "\(result)")
        #expect(result.seconds < 3, "the exit was reported after \(result.seconds) s, with the grandchild")
    }
}
