import ArgumentParser

/// The options of `formctl responses copy`, shared by `formctl` (its help)
/// and `formctl-serve` (which does the copy).
public struct ResponseCopyOptions: ParsableArguments {
    @Option(name: .customLong("to"), help: ArgumentHelp(
        "The PostgreSQL database to copy to: a libpq URI, postgresql://user:password@host:port/database, ?host=/socket/folder for a Unix socket; the password from the URI or PGPASSWORD (default: $FORMCTL_RESPONSES).",
        valueName: "uri"))
    public var to: String?

    @Flag(help: "Make this form the PostgreSQL database's when it holds responses of another form (refused while drafts are open there).")
    public var replaceForm = false

    @OptionGroup public var database: DatabaseOptions

    public init() {}

    /// `--to`, else `$FORMCTL_RESPONSES`.
    public var resolvedURI: String? {
        to ?? ResponseStoreOptions.fromEnvironment
    }

    public func validate() throws {
        if resolvedURI == nil {
            throw ValidationError("Name the PostgreSQL database to copy to: --to postgresql://... (or set $\(ResponseStoreOptions.environmentVariable)).")
        }
    }
}
