import ArgumentParser
import FormKit

/// What `responses --format` prints.
public enum ResponseListFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Readable columns: id, submitted_at, status and the answers, clipped.
    case table
    case json, jsonl, csv

    /// The export format; nil for the table.
    public var export: ResponseExportFormat? { ResponseExportFormat(rawValue: rawValue) }
}

/// The options of `formctl responses [list]`, shared by `formctl` and by
/// `formctl-serve`, which runs the command when the responses are in
/// PostgreSQL: both parse the same command line the same way.
public struct ResponseListOptions: ParsableArguments {
    @Option(help: ArgumentHelp("table, json, jsonl or csv.", valueName: "format"))
    public var format: ResponseListFormat = .table

    @Flag(help: "With --format csv: each select_multiple field as one 0/1 column per choice, named KEY/VALUE (as ODK Central exports).")
    public var split = false

    @Option(name: .customLong("repeat"), help: ArgumentHelp(
        "With --format csv: one row per instance of this repeat (its declared path: children, households.members): response, path, then its fields (as ODK Central exports a repeat).",
        valueName: "path"))
    public var repeatPath: String?

    @OptionGroup public var filter: ResponseFilterOptions
    @OptionGroup public var store: ResponseStoreOptions
    @OptionGroup public var database: DatabaseOptions

    public init() {}

    public func validate() throws {
        if split && format != .csv { throw ValidationError("--split is for --format csv.") }
        // JSON nests each repeat's instances in their response; only
        // CSV, flat, needs a table per repeat.
        if repeatPath != nil && format != .csv {
            throw ValidationError("--repeat is for --format csv (JSON and JSON Lines nest each repeat's instances in their response).")
        }
    }
}
