import CPCRE2

extension RulePattern {
    /// The Unicode scalars that `atom`, a pattern matching exactly one
    /// scalar (a character class, `.`, `\d`, `\p{…}`), matches as a rule
    /// pattern's part, as sorted, disjoint ranges (surrogates, which no
    /// value holds, are never in them).
    ///
    /// This is how such an atom is written in another regular-expression
    /// dialect with exactly PCRE2's meaning (`PCRE2_UTF`, `PCRE2_UCP`, and
    /// PCRE2's own Unicode tables). PCRE2 itself is asked: `(?:atom)+` is
    /// searched for in one string of every scalar in order, so each match
    /// is one range, and a few hundred matches answer for 1.1 million
    /// scalars.
    public static func matchedScalars(of atom: String) throws(CompileError) -> [ClosedRange<UInt32>] {
        let options = UInt32(PCRE2_UTF) | UInt32(PCRE2_UCP) | UInt32(PCRE2_NEVER_BACKSLASH_C)
        var errorCode: Int32 = 0
        var errorOffset = 0
        let bytes = Array("(?:\(atom))+".utf8)
        guard let code = bytes.withUnsafeBufferPointer({ pcre2_compile_8($0.baseAddress, $0.count, options, &errorCode, &errorOffset, nil) }) else {
            var buffer = [UInt8](repeating: 0, count: 256)
            let length = buffer.withUnsafeMutableBufferPointer { pcre2_get_error_message_8(errorCode, $0.baseAddress, $0.count) }
            let message = length > 0 ? String(decoding: buffer.prefix(Int(length)), as: UTF8.self) : "PCRE2 error \(errorCode)"
            throw CompileError(message: message, offset: max(0, errorOffset - 3))
        }
        defer { pcre2_code_free_8(code) }
        guard let matchData = pcre2_match_data_create_8(1, nil) else { return [] }
        defer { pcre2_match_data_free_8(matchData) }
        let subject = everyScalar
        var ranges: [ClosedRange<UInt32>] = []
        var start = 0
        subject.withUnsafeBufferPointer { buffer in
            while start < buffer.count {
                let result = pcre2_match_8(code, buffer.baseAddress, buffer.count, start, UInt32(PCRE2_NO_UTF_CHECK), matchData, nil)
                guard result >= 0, let vector = pcre2_get_ovector_pointer_8(matchData) else { break }
                let first = vector[0], end = vector[1]
                guard end > first else { break }
                var last = end - 1
                while last > first, buffer[last] & 0xC0 == 0x80 { last -= 1 }
                ranges.append(scalarValue(buffer, at: first)...scalarValue(buffer, at: last))
                start = end
            }
        }
        return ranges
    }

    /// Every scalar, U+0000 to U+10FFFF without the surrogates, in order, as UTF-8.
    private static let everyScalar: [UInt8] = {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4_400_000)
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), let encoded = UTF8.encode(scalar) else { continue }
            bytes.append(contentsOf: encoded)
        }
        return bytes
    }()

    /// The scalar whose UTF-8 starts at `offset` (valid UTF-8).
    private static func scalarValue(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
        let lead = UInt32(bytes[offset])
        func continuation(_ index: Int) -> UInt32 { index < bytes.count ? UInt32(bytes[index] & 0x3F) : 0 }
        switch lead {
        case 0..<0x80: return lead
        case 0xC0..<0xE0: return (lead & 0x1F) << 6 | continuation(offset + 1)
        case 0xE0..<0xF0: return (lead & 0x0F) << 12 | continuation(offset + 1) << 6 | continuation(offset + 2)
        default: return (lead & 0x07) << 18 | continuation(offset + 1) << 12 | continuation(offset + 2) << 6 | continuation(offset + 3)
        }
    }
}
