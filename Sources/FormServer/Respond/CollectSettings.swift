import FormKit

/// How `formctl serve --collect` collects responses: each visitor of the
/// link answers in a draft of their own (docs/serve.md, "Collecting").
public struct CollectSettings: Hashable, Sendable {
    /// Seconds after its last write that a draft is swept (`--draft-ttl`);
    /// also the respondent cookie's `Max-Age`.
    public var draftTTL: DraftTTL
    /// Open drafts past which a new visitor's first write is refused with
    /// 503 (`--max-drafts`).
    public var maxDrafts: Int
    /// Whether a respondent who has submitted may not start again (`--once`).
    public var once: Bool

    /// The default `--max-drafts`.
    public static let defaultMaxDrafts = 100_000
    /// How often the sweep runs besides at start: at least once a minute
    /// (DECISIONS); every 15 s, the respondents' streams' heartbeat, which
    /// rides along, and sooner for a TTL under 30 s. A sweep with nothing
    /// to delete is one indexed read.
    var sweepInterval: Duration { .seconds(max(1, min(15, draftTTL.seconds / 2))) }

    /// Settings as given.
    public init(draftTTL: DraftTTL = .defaultTTL, maxDrafts: Int = CollectSettings.defaultMaxDrafts, once: Bool = false) {
        self.draftTTL = draftTTL
        self.maxDrafts = maxDrafts
        self.once = once
    }

    /// The limits FormKit checks a respondent's first write against.
    var limits: DraftLimits { DraftLimits(maxDrafts: maxDrafts, once: once) }
}

/// A draft's time to live, as `--draft-ttl` takes it: a whole number and
/// a unit, `d`, `h`, `m` or `s` (`30d`, `12h`, `15m`, `90s`).
public struct DraftTTL: Hashable, Sendable, CustomStringConvertible {
    /// The duration in seconds (at least 1).
    public let seconds: Int

    /// 30 days.
    public static let defaultTTL = DraftTTL(validSeconds: 30 * 86_400)

    /// The longest TTL taken: ten years, far below where seconds overflow
    /// (and SQLite's date arithmetic stops).
    static let longest = 10 * 365 * 86_400

    private init(validSeconds: Int) {
        seconds = validSeconds
    }

    /// `text` read as a TTL; nil for anything else (no unit, another unit,
    /// zero, a sign, more than ten years).
    public init?(_ text: String) {
        guard let unit = text.last, let count = Int(text.dropLast()), count > 0,
              text.first.map({ $0.isASCII && $0.isNumber }) == true else { return nil }
        let multiplier: Int
        switch unit {
        case "d": multiplier = 86_400
        case "h": multiplier = 3_600
        case "m": multiplier = 60
        case "s": multiplier = 1
        default: return nil
        }
        let (seconds, overflow) = count.multipliedReportingOverflow(by: multiplier)
        guard !overflow, seconds <= Self.longest else { return nil }
        self.seconds = seconds
    }

    public var description: String {
        for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60)] where seconds % size == 0 { return "\(seconds / size)\(unit)" }
        return "\(seconds)s"
    }
}
