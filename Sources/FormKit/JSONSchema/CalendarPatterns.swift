import FormModel

/// The ECMA-262 `pattern`s that say exactly which strings a `date`,
/// `time` or `datetime` field holds as valid canonical text (DECISIONS,
/// "Canonical text"), with a date's or a time's bounds: what
/// `JSONSchemaExport` writes, because `format` is an annotation in most
/// validators and no format says "a real calendar date from 0001" or
/// formctl's wall-clock time. Each pattern is also valid Python `re`
/// (no `$`, no `\d`: the end is `(?![\s\S])`), and `JSONSchemaImport`
/// recognises them by writing them again.
///
/// A canonical date, and a canonical time, orders as its text does (fixed
/// widths, and a time without seconds is a prefix of the same minute with
/// them), so a bound is a lookahead comparing the text digit by digit. A
/// datetime's order is its instant's, across offsets, which a pattern
/// cannot compare: its bounds are refused by the export.
enum CalendarPatterns {
    /// `YYYY-MM-DD`, a real date of the proleptic Gregorian calendar from
    /// 0001-01-01 to 9999-12-31 (29 February in years divisible by 4 but
    /// not by 100, and in years divisible by 400).
    static let date = "(?:(?!0000)[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)"
        + "|02-(?:0[1-9]|1[0-9]|2[0-8]))|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)-02-29)"

    /// `HH:MM`, or `HH:MM:SS` when the seconds are not 0, 00:00 to 23:59:59.
    static let time = "(?:[01][0-9]|2[0-3]):[0-5][0-9](?::(?:0[1-9]|[1-5][0-9]))?"

    /// A fraction of a second without trailing zeros, or none.
    static let fraction = "(?:\\.[0-9]*[1-9])?"
    /// `Z` or `±HH:MM`, as given.
    static let offset = "(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])"

    /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, with a leap second
    /// (`:60`) only where the time in UTC is 23:59:60.
    static let dateTime = date + "T(?:(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]|(?=" + leapSecond + ")(?:[01][0-9]|2[0-3]):[0-5][0-9]:60)"
        + fraction + offset

    /// At the hour of a time `HH:MM:60[.fraction]` and its offset, whether
    /// local time minus the offset is 23:59 (a day earlier or later being
    /// the same minute of the day): local 23:59 at offset 0; local
    /// `23−h:59−m` at `−h:m`; local `h:m−1` at `+h:m` with m ≥ 1, and
    /// local `h−1:59` at `+h:00` with h ≥ 1.
    static let leapSecond: String = {
        let skip = "[0-9]{2}"
        let tail = ":60[.0-9]*"
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var branches = ["23:59" + tail + "(?:Z|[+-]00:00)"]
        // −h:m: the hour and the minute each follow from the offset's.
        let minusHours = (0..<24).map { two(23 - $0) + ":" + skip + tail + "-" + two($0) }
        let minusTens = (0..<6).map { skip + ":\(5 - $0)[0-9]" + tail + "-" + skip + ":\($0)" }
        let minusUnits = (0..<10).map { skip + ":[0-5]\(9 - $0)" + tail + "-" + skip + ":[0-5]\($0)" }
        branches.append("(?=" + minusHours.joined(separator: "|") + ")(?=" + minusTens.joined(separator: "|") + ")"
            + "(?:" + minusUnits.joined(separator: "|") + ")")
        // +h:m with m ≥ 1: the same hour, the minute before.
        let plusHours = (0..<24).map { two($0) + ":" + skip + tail + "\\+" + two($0) }
        let plusMinutes = (1..<60).map { skip + ":" + two($0 - 1) + tail + "\\+" + skip + ":" + two($0) }
        branches.append("(?=" + plusHours.joined(separator: "|") + ")(?:" + plusMinutes.joined(separator: "|") + ")")
        // +h:00 with h ≥ 1: the hour before, minute 59.
        branches.append("(?:" + (1..<24).map { two($0 - 1) + ":59" + tail + "\\+" + two($0) + ":00" }.joined(separator: "|") + ")")
        return branches.joined(separator: "|")
    }()

    /// The whole `pattern` for a field of `type` (`date`, `time` or
    /// `datetime`) with these bounds (canonical text of the type); nil for
    /// other types, and for a datetime with a bound.
    static func pattern(for type: FieldType, lower: ValueBound?, upper: ValueBound?) -> String? {
        let body: String
        switch type {
        case .date: body = date
        case .time: body = time
        case .datetime:
            guard lower == nil, upper == nil else { return nil }
            body = dateTime
        default: return nil
        }
        var result = "^"
        if let lower { result += "(?=" + (lower.isInclusive ? atLeast(lower.value) : above(lower.value)) + ")" }
        if let upper { result += "(?!" + (upper.isInclusive ? above(upper.value) : atLeast(upper.value)) + ")" }
        return result + body + PCRE2PatternExport.endOfValue
    }

    /// Alternatives that hold at the start of a canonical text that orders
    /// at or after `bound`: `bound` itself (or it followed by more), or the
    /// same digits up to one that is greater.
    static func atLeast(_ bound: String) -> String {
        ([literal(bound)] + greater(than: bound)).joined(separator: "|")
    }

    /// Alternatives that hold at the start of a canonical text that orders
    /// after `bound`: `bound` followed by more (a time with seconds after
    /// the same minute without), or a greater digit.
    static func above(_ bound: String) -> String {
        ([literal(bound) + "[\\s\\S]"] + greater(than: bound)).joined(separator: "|")
    }

    private static func greater(than bound: String) -> [String] {
        let characters = Array(bound)
        var alternatives: [String] = []
        for (place, character) in characters.enumerated() {
            guard let digit = character.wholeNumberValue, character.isASCII, digit < 9 else { continue }
            let prefix = literal(String(characters[..<place]))
            alternatives.append(prefix + (digit == 8 ? "9" : "[\(digit + 1)-9]"))
        }
        return alternatives
    }

    /// Digits, `-`, `:` are themselves in a pattern; `+` (an offset) is escaped.
    private static func literal(_ text: String) -> String {
        text.map { $0 == "+" ? "\\+" : String($0) }.joined()
    }

    /// The bounds of a `date` or `time` field whose pattern `JSONSchemaExport`
    /// writes as `pattern`; nil when `pattern` is not one it writes.
    /// (Candidates are the dates or times spelt out in the pattern; each
    /// combination is written again and compared.)
    static func bounds(of pattern: String, type: FieldType) -> (lower: ValueBound?, upper: ValueBound?)? {
        guard type == .date || type == .time || type == .datetime else { return nil }
        var candidates: [String] = []
        let characters = Array(pattern)
        let widths = type == .date ? [10] : type == .time ? [8, 5] : []
        for start in characters.indices {
            for width in widths where start + width <= characters.count {
                let text = String(characters[start..<(start + width)])
                if type.canonicalValue(of: text).canonicalText == text, !candidates.contains(text) { candidates.append(text) }
            }
        }
        guard candidates.count <= 8 else { return nil }
        var bounds: [ValueBound?] = [nil]
        for candidate in candidates { bounds += [ValueBound(candidate, inclusive: true), ValueBound(candidate, inclusive: false)] }
        for lower in bounds {
            for upper in bounds where Self.pattern(for: type, lower: lower, upper: upper) == pattern {
                return (lower, upper)
            }
        }
        return nil
    }
}
