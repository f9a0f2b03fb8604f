import Foundation

/// A real terminal for end-to-end tests of `formctl edit`: a detached tmux
/// session on a server of its own (`tmux -L NAME`, so that tests run in
/// parallel), driven with `send-keys` and read with `capture-pane`. The
/// server is killed when the value goes.
///
/// The command runs under `sh -c`; after it exits the shell prints
/// `EXIT=status`, the terminal's settings (`stty -a`) and `STTY-END`, then
/// waits, so that a test can see how formctl left the terminal
/// (`waitForExit(_:)`).
final class TmuxTerminal: @unchecked Sendable {
    let socket: String
    let columns: Int, rows: Int

    /// Starts `command` (words, quoted for the shell here) in a new
    /// `columns` × `rows` terminal.
    init(_ command: [String], columns: Int = 120, rows: Int = 40, in folder: URL) throws {
        socket = "formctl-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        self.columns = columns
        self.rows = rows
        let quoted = command.map(Self.shellQuoted).joined(separator: " ")
        // The trap keeps the shell alive when Ctrl-C ends the command (a
        // shell whose child dies of SIGINT would otherwise die of it too).
        let script = "trap true INT; \(quoted); echo \"EXIT=$?\"; stty -a; echo \(Self.settingsEnd); exec sleep 600"
        try tmux(["new-session", "-d", "-x", String(columns), "-y", String(rows), "-c", folder.path, script])
    }

    deinit {
        _ = try? tmux(["kill-server"], checked: false)
    }

    /// `tmux -L socket ARGUMENTS`, run with `posix_spawn` and `waitpid`
    /// rather than Foundation's `Process`: the tmux client forks the server,
    /// and `Process` then never reported the client's exit (the test hung
    /// on a zombie). Output goes through a file, so that the server, which
    /// keeps no pipe, cannot hold the read open either.
    @discardableResult
    func tmux(_ arguments: [String], checked: Bool = true) throws -> ProcessResult {
        let executable = try Self.executable().path
        let output = NSTemporaryDirectory() + "tmux-out-\(UUID().uuidString)"
        defer { unlink(output) }
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let words = [executable, "-L", socket] + arguments
        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment = childEnvironment(["TERM": "xterm-256color", "TMUX": nil]).map { "\($0.key)=\($0.value)" }
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        // The test runner's threads block some signals, and a spawned child
        // inherits the mask: the terminal's programs must get SIGWINCH,
        // SIGTERM and SIGINT as a user's would.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, &argv, &envp)
        guard spawned == 0 else { throw TestFailure("cannot run tmux: error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let text = (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()
        let result = ProcessResult(command: words, status: exitStatus, signalled: (status & 0x7f) != 0, timedOut: false,
                                   stdout: text, stderr: Data(), seconds: 0)
        if checked && !result.succeeded { throw TestFailure("tmux \(arguments.joined(separator: " ")) failed:\n\(result)") }
        return result
    }

    /// Sends tmux key names (`Tab`, `Escape`, `C-Right`, `F2`).
    func keys(_ names: String...) throws {
        try tmux(["send-keys", "-t", "0"] + names)
    }

    /// Types `text` literally.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", "0", "-l", text])
    }

    /// The screen: `escapes` keeps colours (`capture-pane -e`).
    func capture(escapes: Bool = false) throws -> String {
        String(decoding: try tmux(["capture-pane", "-p", "-t", "0"] + (escapes ? ["-e"] : [])).stdout, as: UTF8.self)
    }

    /// The screen parsed into cells with their colours.
    func screen() throws -> ScreenCapture { ScreenCapture(try capture(escapes: true)) }

    /// A tmux format (`#{alternate_on}`, `#{pane_pid}`) for the pane.
    func format(_ format: String) throws -> String {
        String(decoding: try tmux(["display-message", "-p", "-t", "0", format]).stdout, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What the shell prints after the terminal's settings.
    static let settingsEnd = "STTY-END"

    /// How long a test waits for what it expects before it fails: generous,
    /// since on a busy machine (both cores taken by other work) a redraw can
    /// take seconds; a test that passes returns as soon as the screen shows
    /// it, so a longer deadline costs nothing then.
    static let deadline: TimeInterval = 60

    /// Polls the screen every 20 ms until `predicate` holds; throws with
    /// the last screen after `timeout`. Returns the seconds it took.
    @discardableResult
    func waitFor(_ what: String, timeout: TimeInterval = deadline, _ predicate: (ScreenCapture) throws -> Bool) throws -> TimeInterval {
        let start = Date()
        var last = ScreenCapture("")
        while Date().timeIntervalSince(start) < timeout {
            last = try screen()
            if try predicate(last) { return Date().timeIntervalSince(start) }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw TestFailure("timed out after \(timeout) s waiting for \(what); the screen:\n\(last.text)")
    }

    /// Waits until the screen shows `text` somewhere.
    @discardableResult
    func waitFor(text: String, timeout: TimeInterval = deadline) throws -> TimeInterval {
        try waitFor("\"\(text)\"", timeout: timeout) { $0.text.contains(text) }
    }

    /// Waits until the command has exited with `status` and the shell has
    /// printed the terminal's settings in full (they come after `EXIT=`, so
    /// reading at `EXIT=` alone could find none of them); returns the
    /// words of `stty -a` (`echo`, `-icanon`, …).
    func waitForExit(_ status: Int32) throws -> Set<Substring> {
        try waitFor("EXIT=\(status) and the terminal's settings") {
            $0.text.contains("EXIT=\(status)") && $0.text.contains(Self.settingsEnd)
        }
        let text = try capture()
        guard let exit = text.range(of: "EXIT=\(status)"), let end = text.range(of: Self.settingsEnd, range: exit.upperBound..<text.endIndex) else {
            throw TestFailure("no settings between EXIT=\(status) and \(Self.settingsEnd):\n\(text)")
        }
        return Set(text[exit.upperBound..<end.lowerBound].split(whereSeparator: \.isWhitespace))
    }

    /// The process id of the command (the shell's child).
    func commandPID() throws -> Int32 {
        let shell = try format("#{pane_pid}")
        let result = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/pgrep"), ["-P", shell],
                                          environment: childEnvironment(), timeout: 10)
        let text = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        guard let pid = Int32(text.trimmingCharacters(in: .whitespaces)) else {
            throw TestFailure("no child of the pane's shell \(shell): \(result)")
        }
        return pid
    }

    private static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The tmux binary on PATH (`.ci/run` installs it when missing).
    static func executable() throws -> URL {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("tmux")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw TestFailure("tmux is not installed (apt-get install tmux; .ci/run does it)")
    }
}
