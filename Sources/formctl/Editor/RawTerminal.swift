import CLISupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's `write(2)`, whichever this platform has (Glibc, Musl,
/// Darwin), named apart from `RawTerminal.write(_:)`, which would hide it.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// The terminal in the editor's mode, and back: raw input (no echo, no
/// line editing, no signals from Ctrl-C, which is a key here), the
/// alternate screen, autowrap off (so that writing the last column never
/// scrolls), and the cursor shown only where the text cursor is.
///
/// `restore()` puts back exactly the settings found and leaves the
/// alternate screen. It is safe to call more than once, and every exit
/// path the editor can catch calls it: quitting, a thrown error, and
/// SIGTERM/SIGHUP/SIGINT (which the editor's loop receives through
/// `SignalPipe` and answers by saving, then restoring).
final class RawTerminal {
    private var saved: termios
    private var isRaw = false

    /// Enters raw mode and the alternate screen; nil (and nothing changed)
    /// when standard input is not a terminal.
    init?() {
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
        saved = settings
        var raw = settings
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return nil }
        isRaw = true
        // Alternate screen, autowrap off, cleared, colours reset.
        Self.write("\u{1B}[?1049h\u{1B}[?7l\u{1B}[0m\u{1B}[H\u{1B}[2J")
    }

    /// Puts the terminal back as it was found.
    func restore() {
        guard isRaw else { return }
        isRaw = false
        Self.write("\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
    }

    deinit { restore() }

    /// The terminal's size in cells (80 × 24 when it cannot say).
    static var size: (columns: Int, rows: Int) {
        var window = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
            return (Int(window.ws_col), Int(window.ws_row))
        }
        return (80, 24)
    }

    /// Writes all of `bytes` to standard output, retrying short writes and
    /// interruptions by signals.
    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(STDOUT_FILENO, base + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    static func write(_ text: String) { write(Array(text.utf8)) }
}
