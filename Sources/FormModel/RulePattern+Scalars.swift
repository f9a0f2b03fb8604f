import CPCRE2

extension RulePattern {
    /// The Unicode scalars that the pattern matches as a whole value of one
    /// scalar, as sorted, disjoint ranges (surrogates, which no value holds,
    /// are never in them).
    ///
    /// This is how a character class, `.`, `\d` or `\p{…}` is written in
    /// another regular-expression dialect with exactly PCRE2's meaning
    /// (`PCRE2_UCP` and PCRE2's own Unicode tables): every scalar is asked,
    /// about 1.1 million matches with one match block, a few tenths of a
    /// second. A scalar the limits stop on counts as not matched.
    public func matchedScalars() -> [ClosedRange<UInt32>] {
        guard let matchData = pcre2_match_data_create_8(1, nil) else { return [] }
        defer { pcre2_match_data_free_8(matchData) }
        var ranges: [ClosedRange<UInt32>] = []
        var start: UInt32?
        var last: UInt32 = 0
        var bytes = [UInt8](repeating: 0, count: 4)
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), let encoded = UTF8.encode(scalar) else { continue }
            var count = 0
            for byte in encoded {
                bytes[count] = byte
                count += 1
            }
            let result = bytes.withUnsafeBufferPointer { buffer in
                pcre2_match_8(code, buffer.baseAddress, count, 0, UInt32(PCRE2_NO_UTF_CHECK), matchData, context)
            }
            if result >= 0 {
                if start == nil || last + 1 != value {
                    if let first = start { ranges.append(first...last) }
                    start = value
                }
                last = value
            }
        }
        if let first = start { ranges.append(first...last) }
        return ranges
    }
}
