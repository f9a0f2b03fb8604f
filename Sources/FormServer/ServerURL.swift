/// The URL `formctl serve` prints for people to open.
public enum ServerURL {
    /// `http://HOST:PORT/`, with `?token=T` when a token was generated (it
    /// is printed once, so it goes where it is used). An IPv6 address is
    /// bracketed.
    /// `path` follows the `/` (`owner`: the owner's page in `--collect`
    /// mode).
    public static func string(host: String, port: Int, path: String = "", token: String?) -> String {
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "http://\(shownHost):\(port)/\(path)" + (token.map { "?token=\($0)" } ?? "")
    }
}
