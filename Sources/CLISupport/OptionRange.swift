import ArgumentParser

/// The ranges numeric options accept, checked when the command line is
/// parsed: a number outside one is a usage error (exit 64) whose message
/// names the range, and never reaches arithmetic that could trap.
public enum OptionRange {
    /// Row numbers (the schema's `form_row.number` CHECK).
    public static let row = 1...1_000_000
    /// Places in a row, from 1 (a place past the last field means last).
    public static let index = 1...2_147_483_647
    /// Character counts for `--min-length` and `--max-length`.
    public static let length = 0...Int.max
    /// `history --limit`.
    public static let limit = 0...Int.max

    /// Throws a `ValidationError` naming `option` and `range` when `value`
    /// is outside it.
    public static func check(_ value: Int?, _ option: String, in range: ClosedRange<Int>) throws {
        guard let value, !range.contains(value) else { return }
        let upper = range.upperBound == Int.max ? "or more" : "to \(range.upperBound)"
        throw ValidationError("\(option) must be a whole number from \(range.lowerBound) \(upper), not \(value).")
    }

    /// Throws a `ValidationError` when `value` is not a finite number.
    public static func checkFinite(_ value: Double?, _ option: String) throws {
        guard let value, !value.isFinite else { return }
        throw ValidationError("\(option) must be a finite number of points, not \(value).")
    }
}
