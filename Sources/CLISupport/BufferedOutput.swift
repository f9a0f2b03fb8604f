/// Standard output in pieces of about 64 KiB: an export of many responses
/// is written as it is read, without one `write(2)` per response and
/// without holding the whole text.
public final class BufferedOutput {
    /// An empty buffer.
    public init() {}

    private var pending = ""
    private let threshold = 1 << 16

    /// Adds `text`, writing what is pending once there is enough.
    public func append(_ text: String) {
        pending += text
        if pending.utf8.count >= threshold { flush() }
    }

    /// Writes whatever is pending.
    public func flush() {
        guard !pending.isEmpty else { return }
        Terminal.write(pending)
        pending = ""
    }

    deinit { flush() }
}
