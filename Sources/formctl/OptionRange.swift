import ArgumentParser

/// The ranges numeric options accept, checked when the command line is
/// parsed: a number outside one is a usage error (exit 64) whose message
/// names the range, and never reaches arithmetic that could trap.
enum OptionRange {
    /// Row numbers (the schema's `form_row.number` CHECK).
    static let row = 1...1_000_000
    /// Places in a row, from 1 (a place past the last field means last).
    static let index = 1...2_147_483_647
    /// Character counts for `--min-length` and `--max-length`.
    static let length = 0...Int.max
    /// `history --limit`.
    static let limit = 0...Int.max

    /// Throws a `ValidationError` naming `option` and `range` when `value`
    /// is outside it.
    static func check(_ value: Int?, _ option: String, in range: ClosedRange<Int>) throws {
        guard let value, !range.contains(value) else { return }
        let upper = range.upperBound == Int.max ? "or more" : "to \(range.upperBound)"
        throw ValidationError("\(option) must be a whole number from \(range.lowerBound) \(upper), not \(value).")
    }

    /// Throws a `ValidationError` when `value` is not a finite number.
    static func checkFinite(_ value: Double?, _ option: String) throws {
        guard let value, !value.isFinite else { return }
        throw ValidationError("\(option) must be a finite number of points, not \(value).")
    }
}
