import Foundation

extension Data {
    /// Upper-case hex, as SQLite's `hex()` prints it.
    var hex: String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out = [UInt8]()
        out.reserveCapacity(count * 2)
        for byte in self {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The ESC byte that starts every ANSI escape sequence.
    var containsEscape: Bool { contains(0x1B) }

    /// Control bytes other than the newline (C0, DEL): what a table on a
    /// terminal must never print raw.
    var containsControlBytesOtherThanNewline: Bool {
        contains { $0 < 0x20 && $0 != 0x0A || $0 == 0x7F }
    }

    /// The bytes as JSON (throws with the text when it is not JSON).
    func json() throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: self, options: [.fragmentsAllowed])
        } catch {
            throw TestFailure("not JSON (\(error)): \(String(decoding: prefix(500), as: UTF8.self))")
        }
    }
}

extension String {
    /// The text's UTF-8 bytes in upper-case hex.
    var utf8Hex: String { Data(utf8).hex }

    /// Lines without their `\n` (a final newline does not make an empty line).
    var lines: [String] {
        var lines = components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Runs of spaces collapsed into one, ends trimmed: table rows compared
    /// word by word, whatever the column widths.
    var words: String {
        split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}

/// A JSON number as a Double (JSONSerialization gives NSNumber).
func number(_ value: Any?) -> Double? {
    (value as? NSNumber)?.doubleValue
}

/// Doubles equal up to `tolerance`, for coordinates printed with limited
/// precision.
func close(_ a: Double?, _ b: Double?, tolerance: Double = 1e-3) -> Bool {
    guard let a, let b else { return false }
    return abs(a - b) <= tolerance
}

/// A small deterministic random number generator (SplitMix64), so that
/// "random" kill delays are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
