/// Why `formctl serve` cannot start (the CLI exits `ExitStatus.usage`, 64,
/// for each: a usage mistake the user can fix on the command line).
public enum ServeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A host other than loopback without `--token`.
    case tokenRequired(host: String)
    /// An empty or overlong token.
    case invalidToken
    /// A port outside 0–65535.
    case invalidPort(Int)
    /// A body limit of zero or less.
    case invalidBodyLimit(Int)

    public var description: String {
        switch self {
        case .tokenRequired(let host):
            "serving on \(host) lets other machines reach the form, so every request must carry a token: "
                + "pass --token T (a secret of your own) or --generate-token (one is printed with the URL to open)"
        case .invalidToken: "the token must be 1 to 512 bytes"
        case .invalidPort(let port): "port \(port) is out of range; give one from 0 to 65535 (0: any free port)"
        case .invalidBodyLimit(let limit): "the body limit must be at least 1 byte, not \(limit)"
        }
    }
}
