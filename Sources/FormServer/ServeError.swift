/// Why `formctl serve` cannot start. The CLI exits `ExitStatus.usage`, 64,
/// for each but `alreadyServed` (75, `ExitStatus.busy`: try again once the
/// other server stops) and `cannotLock` (77, as a database it may not
/// write): a usage mistake the user can fix on the command line.
public enum ServeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A host other than loopback without `--token`.
    case tokenRequired(host: String)
    /// An empty or overlong token.
    case invalidToken
    /// A port outside 0–65535.
    case invalidPort(Int)
    /// A body limit of zero or less.
    case invalidBodyLimit(Int)
    /// A `--max-drafts` below 1.
    case invalidMaxDrafts(Int)
    /// A `--draft-ttl` that is not a duration such as `30d`.
    case invalidDraftTTL(String)
    /// Another `formctl serve --collect` serves the database (process
    /// `pid`, when its lock file names it): the CLI exits 75.
    case alreadyServed(path: String, pid: Int32?)
    /// The lock file next to the database cannot be made.
    case cannotLock(path: String, reason: String)

    public var description: String {
        switch self {
        case .tokenRequired(let host):
            "serving on \(host) lets other machines reach the form, so every request must carry a token: "
                + "pass --token T (a secret of your own) or --generate-token (one is printed with the URL to open)"
        case .invalidToken: "the token must be 1 to 512 bytes"
        case .invalidPort(let port): "port \(port) is out of range; give one from 0 to 65535 (0: any free port)"
        case .invalidBodyLimit(let limit): "the body limit must be at least 1 byte, not \(limit)"
        case .invalidMaxDrafts(let count): "--max-drafts must be at least 1, not \(count)"
        case .alreadyServed(let path, let pid):
            "\(path) is already served by \(pid.map { "PID \($0)" } ?? "another process") with --collect; "
                + "one server collects from a database at a time (stop it first, or serve another database)"
        case .cannotLock(let path, let reason): "cannot make the lock file \(path): \(reason)"
        case .invalidDraftTTL(let text):
            "--draft-ttl takes a whole number and a unit, d, h, m or s (30d, 12h, 15m, 90s), at most ten years, not '\(text)'"
        }
    }
}
