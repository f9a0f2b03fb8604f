import CLISupport
import FormKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `formctl edit` on a terminal: the event loop between the keyboard, the
/// clock, signals and the screen. It decodes keys, hands their actions to
/// FormKit's `EditSession`, and redraws by writing only the cells that
/// changed since the last frame. Everything the editor decides is in the
/// session; this is input and output.
struct FullScreenEditor {
    let session: EditSession

    /// How long a lone ESC waits for the rest of a sequence before it is
    /// the Escape key (terminals send a whole sequence in one write).
    static let escapeWait: Int32 = 30
    /// The loop's longest sleep: the session's clock (saving after a pause,
    /// asking the session for others' changes) is looked at least this often.
    static let tickMilliseconds: Int32 = 50

    /// Runs until the user quits or a signal ends it. Returns the exit code.
    func run() -> Int32 {
        guard let signals = SignalPipe(signals: [SIGWINCH, SIGTERM, SIGHUP, SIGINT]) else {
            Terminal.printError("cannot set up signal handling")
            return 70
        }
        defer { signals.uninstall() }
        guard let terminal = RawTerminal() else {
            Terminal.printError("standard input is not a terminal; use formctl edit --plain")
            return 64
        }
        defer { terminal.restore() }

        var decoder = KeyDecoder()
        var size = RawTerminal.size
        var shown: CellGrid? = nil
        var quitAfterProblem = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        draw(&shown, size: size)

        while true {
            var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, decoder.hasPending ? Self.escapeWait : Self.tickMilliseconds)
            var needsDraw = false

            if ready > 0, fds[1].revents != 0 {
                for number in signals.received() {
                    if number == SIGWINCH {
                        size = RawTerminal.size
                        shown = nil  // a resized screen is drawn whole
                        needsDraw = true
                    } else {
                        return stop(terminal, exitCode: ExitStatus.signalBase + number)
                    }
                }
            }

            var keys: [Key] = []
            if ready > 0, fds[0].revents != 0 {
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count > 0 {
                    keys = decoder.feed(buffer[0..<count])
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    // The terminal went away (hang-up without SIGHUP): save and go.
                    return stop(terminal, exitCode: 0)
                }
            } else if ready == 0, decoder.hasPending {
                keys = decoder.flush()
            }

            for key in keys {
                guard let action = KeyBindings.action(for: key) else { continue }
                needsDraw = true
                if action == .quit {
                    if session.perform(.quit) == false { return stop(terminal, exitCode: 0) }
                    // The save failed: a second quit leaves anyway, the text printed.
                    if quitAfterProblem { return stop(terminal, exitCode: 0) }
                    quitAfterProblem = true
                    continue
                }
                quitAfterProblem = false
                session.perform(action)
            }

            if session.tick() { needsDraw = true }
            if needsDraw { draw(&shown, size: size) }
        }
    }

    /// Draws the session's frame: the whole screen when `shown` is nil
    /// (first frame, after a resize), else only the cells that changed.
    private func draw(_ shown: inout CellGrid?, size: (columns: Int, rows: Int)) {
        let frame = EditorFrame(session: session, columns: size.columns, rows: size.rows)
        var bytes: [UInt8]
        if let previous = shown {
            bytes = CellDiff.bytes(from: previous, to: frame.grid)
        } else {
            bytes = Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)
            bytes += CellDiff.bytes(from: CellGrid(columns: size.columns, rows: size.rows), to: frame.grid)
        }
        if let cursor = frame.cursor {
            CellDiff.appendCursorMove(&bytes, column: cursor.column, row: cursor.row)
            bytes += Array("\u{1B}[?25h".utf8)
        } else {
            bytes += Array("\u{1B}[?25l".utf8)
        }
        RawTerminal.write(bytes)
        shown = frame.grid
    }

    /// Saves what is unsaved, restores the terminal and returns the exit
    /// code; text that could not be saved is printed, never dropped.
    private func stop(_ terminal: RawTerminal, exitCode: Int32) -> Int32 {
        let saved = session.save()
        terminal.restore()
        guard !saved, let key = session.focusedKey else { return exitCode }
        if let message = session.message { Terminal.printError(message.text) }
        Terminal.printError("unsaved text of \(key): \"\(DisplayText.escaped(session.buffer.text))\"")
        return exitCode == 0 ? (session.lastSaveError?.exitCode ?? 1) : exitCode
    }
}
