import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Android)
import Android
#endif

/// The C library's `write(2)`, named apart from `Terminal.write(_:)`
/// (whichever C library this platform has: Glibc, Musl, Darwin…).
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// What formctl needs to know about the terminal it writes to.
public enum Terminal {
    /// Whether standard output is a terminal.
    public static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// The terminal's width in columns: the window size of standard output,
    /// else `$COLUMNS`, else nil.
    public static var columns: Int? {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let value = environment("COLUMNS"), let columns = Int(value), columns > 0 { return columns }
        return nil
    }

    /// Whether the user asked for no colour (https://no-color.org).
    public static var noColorRequested: Bool {
        if let value = environment("NO_COLOR") { return !value.isEmpty }
        return false
    }

    /// The environment variable `name`, if set. getenv rather than
    /// ProcessInfo's dictionary of every variable, which costs a command
    /// more than some whole commands (see StoredForm.resolvedPath).
    public static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Writes `text` to standard output as it is (no newline added).
    public static func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// Writes `formctl: message` and a newline to standard error. Messages
    /// quote user input (keys, patterns, paths), so control characters in
    /// them are shown escaped rather than sent to the terminal.
    public static func printError(_ message: String) {
        FileHandle.standardError.write(Data("formctl: \(DisplayText.escaped(message))\n".utf8))
    }
}
