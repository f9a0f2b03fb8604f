import ArgumentParser

/// `--responses URI`: where the responses live when not in the SQLite
/// file. formctl itself never links the PostgreSQL driver: with a URI,
/// the command runs in `formctl-serve` (`ResponsesDelegation`).
public struct ResponseStoreOptions: ParsableArguments {
    /// The environment variable that gives the URI when the option does not.
    public static let environmentVariable = "FORMCTL_RESPONSES"

    @Option(name: .customLong("responses"), help: ArgumentHelp(
        "Read the responses from PostgreSQL: a libpq URI, postgresql://user:password@host:port/database, ?host=/socket/folder for a Unix socket; the password from the URI or PGPASSWORD (default: $FORMCTL_RESPONSES; without either, the SQLite file's).",
        valueName: "uri"))
    public var uri: String?

    public init() {}

    /// The URI given, else `$FORMCTL_RESPONSES`; nil (or empty): the
    /// responses are the SQLite file's.
    public var resolved: String? {
        uri ?? Self.fromEnvironment
    }

    /// `$FORMCTL_RESPONSES`, nil when unset or empty.
    public static var fromEnvironment: String? {
        guard let value = Terminal.environment(environmentVariable), !value.isEmpty else { return nil }
        return value
    }
}
