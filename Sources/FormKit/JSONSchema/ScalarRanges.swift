/// A set of Unicode scalars as sorted, disjoint, non-adjacent ranges of
/// their values: what a character class means, whatever dialect spells it.
/// Surrogates (U+D800–U+DFFF), which no string holds, are never members.
struct ScalarRanges: Hashable, Sendable {
    /// The ranges, sorted and merged.
    private(set) var ranges: [ClosedRange<UInt32>]

    /// The set of the scalars in `ranges` (in any order, overlapping or not).
    init(_ ranges: [ClosedRange<UInt32>]) {
        var pieces: [ClosedRange<UInt32>] = []
        for range in ranges {
            // Surrogates are cut out, so that two sets that differ only in
            // them are equal.
            if range.upperBound < 0xD800 || range.lowerBound > 0xDFFF {
                pieces.append(range)
                continue
            }
            if range.lowerBound < 0xD800 { pieces.append(range.lowerBound...0xD7FF) }
            if range.upperBound > 0xDFFF { pieces.append(0xE000...range.upperBound) }
        }
        pieces.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        for piece in pieces {
            if let last = merged.last, piece.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, piece.upperBound)
            } else {
                merged.append(piece)
            }
        }
        self.ranges = merged
    }

    /// Every scalar.
    static let all = ScalarRanges([0...0x10FFFF])

    /// No scalar.
    var isEmpty: Bool { ranges.isEmpty }

    /// Whether every scalar is a member.
    var isAll: Bool { self == Self.all }

    /// The scalars that are not members.
    var inverted: ScalarRanges {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound &+ 1
        }
        if next <= 0x10FFFF { result.append(next...0x10FFFF) }
        return ScalarRanges(result)
    }

    /// The members of either set.
    func union(_ other: ScalarRanges) -> ScalarRanges { ScalarRanges(ranges + other.ranges) }

    /// The one member, when there is exactly one.
    var single: UInt32? {
        guard ranges.count == 1, let only = ranges.first, only.lowerBound == only.upperBound else { return nil }
        return only.lowerBound
    }
}
