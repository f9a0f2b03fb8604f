import CLISupport
/// Standard output in pieces of about 64 KiB: an export of many responses
/// is written as it is read, without one `write(2)` per response and
/// without holding the whole text.
final class BufferedOutput {
    private var pending = ""
    private let threshold = 1 << 16

    /// Adds `text`, writing what is pending once there is enough.
    func append(_ text: String) {
        pending += text
        if pending.utf8.count >= threshold { flush() }
    }

    /// Writes whatever is pending.
    func flush() {
        guard !pending.isEmpty else { return }
        Terminal.write(pending)
        pending = ""
    }

    deinit { flush() }
}
