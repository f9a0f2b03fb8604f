import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a finished child process left behind: its exit status (or the signal
/// that ended it), every byte it wrote, and how long it ran.
struct ProcessResult: Sendable, CustomStringConvertible {
    var command: [String]
    /// The exit status, or the signal number when `signalled`.
    var status: Int32
    var signalled: Bool
    /// The test's timeout ran out and the process was killed.
    var timedOut: Bool
    var stdout: Data
    var stderr: Data
    /// Wall-clock seconds from launch to exit.
    var seconds: Double

    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }

    /// Exited normally with status 0.
    var succeeded: Bool { !signalled && !timedOut && status == 0 }

    /// The exit code a shell would report: 128 + signal for a signal.
    var exitCode: Int32 { signalled ? 128 + status : status }

    /// Anything that looks like a crash rather than an error the program
    /// chose to report: death by a signal, a timeout, an exit code a shell
    /// uses for signals, or the Swift runtime's last words.
    var looksLikeCrash: Bool {
        signalled || timedOut || status >= 128
            || stderrText.contains("Fatal error") || stderrText.contains("Stack dump")
            || stderrText.contains("Segmentation fault") || stderrText.contains("Illegal instruction")
            || stderrText.contains("💣")
    }

    var description: String {
        let how = timedOut ? "timed out" : signalled ? "killed by signal \(status)" : "exit \(status)"
        return "`\(command.joined(separator: " "))` → \(how) after \(String(format: "%.2f", seconds)) s\n"
            + "stdout (\(stdout.count) bytes): \(Self.excerpt(stdout))\n"
            + "stderr (\(stderr.count) bytes): \(Self.excerpt(stderr))"
    }

    private static func excerpt(_ data: Data) -> String {
        let text = String(decoding: data.prefix(2_000), as: UTF8.self)
        let escaped = text.unicodeScalars.map { scalar -> String in
            scalar == "\n" || scalar.value >= 0x20 && scalar.value != 0x7F
                ? String(scalar) : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }.joined()
        return data.count > 2_000 ? escaped + "…" : escaped
    }
}

/// A value shared between the test's thread and the threads that feed or
/// drain a child's pipes.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    var current: Value { withLock { $0 } }
}

/// A child process started with Foundation's `Process`, whose standard
/// output and error are drained as they come (so a child writing megabytes
/// never blocks on a full pipe) and whose standard input is either a byte
/// string written by a helper thread, kept open for `write(_:)`, or
/// /dev/null.
final class ChildProcess: @unchecked Sendable {
    /// How the child's standard input is fed.
    enum Input {
        /// /dev/null: the child sees end of file at once.
        case none
        /// These bytes, then end of file.
        case bytes(Data)
        /// A pipe kept open for `write(_:)` until `closeInput()`.
        case open
    }

    let command: [String]
    private let process = Process()
    private let inputPipe: Pipe?
    private let outputs: [Locked<Data>] = [Locked(Data()), Locked(Data())]
    private let drained = DispatchGroup()
    private let exited = DispatchSemaphore(value: 0)
    private let started: ContinuousClock.Instant
    private let timedOutFlag = Locked(false)
    /// How the child ended, once a `wait` has seen it.
    private let ended = Locked<Exit?>(nil)
    /// The child's id, kept: Foundation sets `processIdentifier` to -1 once
    /// it has reaped the child, and `kill(-1, …)` signals every process.
    private let pid: pid_t

    /// Writing to a child that has already exited must fail with EPIPE,
    /// not kill the test runner.
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    init(_ executable: URL, _ arguments: [String], input: Input = .none,
         environment: [String: String], currentDirectory: URL? = nil) throws {
        _ = Self.ignoreBrokenPipes
        command = [executable.path] + arguments
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }

        let outputPipes = [Pipe(), Pipe()]
        process.standardOutput = outputPipes[0]
        process.standardError = outputPipes[1]
        switch input {
        case .none:
            inputPipe = nil
            process.standardInput = FileHandle.nullDevice
        case .bytes, .open:
            let pipe = Pipe()
            inputPipe = pipe
            process.standardInput = pipe
        }
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }

        started = .now
        try process.run()
        pid = process.processIdentifier

        for (pipe, sink) in zip(outputPipes, outputs) {
            let handle = pipe.fileHandleForReading
            drained.enter()
            Thread.detachNewThread { [drained] in
                while true {
                    let chunk = Self.nextChunk(of: handle.fileDescriptor)
                    if chunk.isEmpty { break }
                    sink.withLock { $0.append(chunk) }
                }
                try? handle.close()
                drained.leave()
            }
        }
        if case .bytes(let data) = input, let writer = inputPipe?.fileHandleForWriting {
            Thread.detachNewThread {
                try? writer.write(contentsOf: data)
                try? writer.close()
            }
        }
    }

    /// The next bytes the child wrote to `descriptor`; empty at the end,
    /// or when it can no longer be read. A read a signal interrupts is
    /// made again: `FileHandle.availableData` stops the whole test process
    /// on EINTR, which a loaded machine gives (`Scripts/stress-tests.sh`).
    private static func nextChunk(of descriptor: Int32) -> Data {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count >= 0 { return Data(buffer[0..<count]) }
            if errno != EINTR { return Data() }
        }
    }

    var processIdentifier: Int32 { pid }

    /// Everything written to standard output so far.
    var stdoutSoFar: Data { outputs[0].current }

    /// Writes to the child's standard input (`.open` only); false when the
    /// child no longer reads it.
    @discardableResult
    func write(_ text: String) -> Bool {
        guard let handle = inputPipe?.fileHandleForWriting else { return false }
        return (try? handle.write(contentsOf: Data(text.utf8))) != nil
    }

    func closeInput() {
        try? inputPipe?.fileHandleForWriting.close()
    }

    /// Waits until standard output contains `marker`; false if the child
    /// exits or `timeout` passes first.
    func waitForOutput(containing marker: String, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        let needle = Data(marker.utf8)
        while Date() < deadline {
            if outputs[0].withLock({ $0.range(of: needle) != nil }) { return true }
            if !process.isRunning { return outputs[0].withLock { $0.range(of: needle) != nil } }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    func send(_ signal: Int32) {
        if pid > 0, process.isRunning { kill(pid, signal) }
    }

    /// Waits for the child to exit (killing it with SIGKILL after `timeout`)
    /// and for its output pipes to reach end of file.
    func wait(timeout: TimeInterval) -> ProcessResult {
        var end = exit(before: Date().addingTimeInterval(timeout))
        if end == nil {
            timedOutFlag.withLock { $0 = true }
            if pid > 0 { kill(pid, SIGKILL) }
            end = exit(before: .distantFuture)
        }
        let seconds = Self.seconds(ContinuousClock.now - started)
        closeInput()
        // A grandchild that inherited the pipes could keep them open: give
        // it a moment, then take what there is.
        _ = drained.wait(timeout: .now() + 30)
        return ProcessResult(
            command: command,
            status: end?.status ?? -1,
            signalled: end?.signalled ?? false,
            timedOut: timedOutFlag.current,
            stdout: outputs[0].current,
            stderr: outputs[1].current,
            seconds: seconds)
    }

    /// How the child ended: its exit status, or the signal that killed it.
    private struct Exit {
        var status: Int32
        var signalled: Bool
    }

    /// The child's end once it has come, or nil at `deadline`.
    ///
    /// Foundation's `Process` hears of an exit through a socket the child
    /// holds; when another test spawns children at the same moment, one of
    /// them can inherit that socket and keep it open, so the notification
    /// comes only when that child exits too (a `sha256sum` reported 55 s
    /// late under `Scripts/stress-tests.sh`). So the kernel is asked as
    /// well, every 20 ms, with `WNOWAIT`: that reads the status without
    /// reaping the child, which stays Foundation's to reap.
    private func exit(before deadline: Date) -> Exit? {
        while true {
            if let known = ended.current { return known }
            if exited.wait(timeout: .now() + 0.02) == .success {
                let end = Exit(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal)
                ended.withLock { $0 = end }
                return end
            }
            if let end = kernelExit() {
                ended.withLock { $0 = end }
                return end
            }
            if Date() >= deadline { return nil }
        }
    }

    /// The exit the kernel holds for the child, left in place for its
    /// reaper; nil while it runs (or once Foundation has reaped it, which
    /// then signals `exited`).
    private func kernelExit() -> Exit? {
        guard pid > 0 else { return nil }
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0,
              info._sifields._sigchld.si_pid != 0 else { return nil }
        let code = Int(info.si_code)
        return Exit(status: info._sifields._sigchld.si_status,
                    signalled: code == Int(CLD_KILLED) || code == Int(CLD_DUMPED))
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (whole, attoseconds) = duration.components
        return Double(whole) + Double(attoseconds) / 1e18
    }

    /// Runs a process to completion.
    static func run(_ executable: URL, _ arguments: [String], stdin: Data? = nil,
                    environment: [String: String], currentDirectory: URL? = nil,
                    timeout: TimeInterval) throws -> ProcessResult {
        try ChildProcess(executable, arguments, input: stdin.map(Input.bytes) ?? .none,
                         environment: environment, currentDirectory: currentDirectory)
            .wait(timeout: timeout)
    }
}

/// The environment children run with: the test runner's, without the
/// variables that change formctl's behaviour (so a developer's own
/// `FORMCTL_DB` or `NO_COLOR` cannot leak into a test), plus `overrides`
/// (a nil value removes the variable).
func childEnvironment(_ overrides: [String: String?] = [:]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for name in ["FORMCTL_DB", "FORMCTL_RESPONSES", "PGPASSWORD", "PGUSER", "NO_COLOR", "FORCE_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "COLUMNS", "LINES"] {
        environment[name] = nil
    }
    for (name, value) in overrides {
        environment[name] = value
    }
    return environment
}
