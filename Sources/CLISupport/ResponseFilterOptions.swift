import ArgumentParser
import FormKit

/// Which responses `formctl responses` (and `responses sql`) covers.
public struct ResponseFilterOptions: ParsableArguments {
    public init() {}

    @Option(help: ArgumentHelp("Only responses with this status: complete or draft.", valueName: "status"))
    public var status: FormResponse.Status?

    @Option(help: ArgumentHelp(
        "Only responses submitted at or after this time: an RFC 3339 date or date-time (2026-11-25, 2026-11-25T18:00:00Z, 2026-11-25T19:00:00+01:00); without an offset, UTC.",
        valueName: "time"))
    public var since: String?

    @Option(help: ArgumentHelp("Only the last N responses (still listed oldest first).", valueName: "n"))
    public var limit: Int?

    @Flag(help: "Also give the kept values of fields that were not shown (hidden, or show_if not holding); by default they are empty (null in JSON).")
    public var includeHidden = false

    public mutating func validate() throws {
        try OptionRange.check(limit, "--limit", in: OptionRange.limit)
        if let since, SubmissionTime(rfc3339: since) == nil {
            throw ValidationError("--since takes an RFC 3339 date or date-time such as \(SubmissionTime.examples) (without an offset, UTC), not '\(DisplayText.escaped(since))'.")
        }
    }

    /// The filter these options give.
    public var filter: ResponseFilter {
        ResponseFilter(status: status, submittedSince: since.flatMap { SubmissionTime(rfc3339: $0)?.text }, limit: limit)
    }
}

extension FormResponse.Status: ExpressibleByArgument {}
