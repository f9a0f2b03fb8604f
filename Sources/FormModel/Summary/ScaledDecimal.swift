/// Exact decimal arithmetic for the summary's figures: a number held as an
/// integer count of 10⁻¹⁵ (`DecimalValue.scaled`), enough for any integer or
/// decimal a field holds, summed and interpolated without binary floating
/// point.
enum ScaledDecimal {
    /// Places after the point of a scaled value.
    static let places = 15
    /// 10¹⁵.
    static let unit: Int128 = 1_000_000_000_000_000

    /// The scaled value of an integer or decimal answer; nil when it is
    /// not one.
    static func parse(_ text: String, type: FieldType) -> Int128? {
        // An integer may have 16 digits, past a decimal's 15.
        if type == .integer, let integer = IntegerValue(parsing: text) { return Int128(integer.value) * unit }
        return DecimalValue(parsing: text)?.scaled
    }

    /// `scaled` (a count of 10^-`places`) as canonical decimal text:
    /// no trailing zeros after the point, no point for a whole number.
    static func text(_ scaled: Int128, places: Int = places) -> String {
        var magnitude = scaled < 0 ? -scaled : scaled
        var fraction: [UInt8] = []
        for _ in 0..<places {
            fraction.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        }
        while fraction.first == UInt8(ascii: "0") { fraction.removeFirst() }
        var text = scaled < 0 ? "-" : ""
        text += String(magnitude)
        if !fraction.isEmpty { text += "." + String(decoding: fraction.reversed(), as: UTF8.self) }
        return text
    }

    /// `percentile_cont(k/4)` of `sorted` (ascending; counts of each value
    /// in `counts`, at least one in all) as PostgreSQL and SQLite compute
    /// it: the value at place k·(n−1)/4, between two neighbours linearly.
    /// The result has two places more than the values.
    static func quartile(_ k: Int, of sorted: [(value: Int128, count: Int)], total: Int) -> String {
        let place = k * (total - 1)
        let (index, remainder) = (place / 4, place % 4)
        let low = value(at: index, in: sorted)
        guard remainder != 0 else { return text(low) }
        let high = value(at: index + 1, in: sorted)
        // low + (high − low)·r/4, at 10⁻¹⁷: exact, since 100·r/4 is whole.
        return text(low * 100 + (high - low) * Int128(25 * remainder), places: places + 2)
    }

    /// The value at 0-based `index` of the sorted answers.
    private static func value(at index: Int, in sorted: [(value: Int128, count: Int)]) -> Int128 {
        var seen = 0
        for entry in sorted {
            seen += entry.count
            if index < seen { return entry.value }
        }
        return sorted.last?.value ?? 0
    }

    /// A running sum kept as `quotient·total + remainder` (|remainder| <
    /// total), which never overflows for any count of answers: the mean of
    /// `total` values is then `quotient + remainder/total`.
    struct MeanSum {
        let total: Int128
        var quotient: Int128 = 0, remainder: Int128 = 0

        init(total: Int) { self.total = Int128(Swift.max(total, 1)) }

        /// Adds `value`, `count` times.
        mutating func add(_ value: Int128, count: Int) {
            let count = Int128(count)
            quotient += (value / total) * count
            remainder += (value % total) * count
            quotient += remainder / total
            remainder %= total
        }

        /// The mean to at most 15 significant digits, rounded half away
        /// from zero.
        var text: String {
            var (whole, rest) = (quotient, remainder)
            // Both parts of one sign, so that the magnitude is whole + rest/total.
            if whole > 0 && rest < 0 { (whole, rest) = (whole - 1, rest + total) }
            if whole < 0 && rest > 0 { (whole, rest) = (whole + 1, rest - total) }
            let negative = whole < 0 || rest < 0
            if negative { (whole, rest) = (-whole, -rest) }
            // Digits of the magnitude at 10^-(15 + extra), by long division,
            // until there are 16 significant ones (one to round with).
            var digits = whole, extra = 0
            let enough: Int128 = 1_000_000_000_000_000
            while digits < enough && extra < 40 {
                rest *= 10
                digits = digits * 10 + rest / total
                rest %= total
                extra += 1
            }
            var dropped: Int128 = 1
            var probe = digits
            while probe >= enough { probe /= 10; dropped *= 10 }
            // `probe` holds the first 15 significant digits; round on the rest.
            if dropped > 1 {
                let rounding = digits % dropped
                if rounding * 2 >= dropped { probe += 1 }
                digits = probe * dropped
            }
            let result = ScaledDecimal.text(digits, places: ScaledDecimal.places + extra)
            return negative && result != "0" ? "-" + result : result
        }
    }

    /// `numerator / denominator` rounded half up to 4 places (`0.3361`),
    /// both at least 0; `0` when the denominator is 0.
    static func share(_ numerator: Int, of denominator: Int) -> String {
        guard denominator > 0 else { return "0" }
        let scaled = (Int128(numerator) * 20_000 / Int128(denominator) + 1) / 2
        return text(scaled, places: 4)
    }
}
