import FormLayout
import Foundation

/// Formats numbers for the JSON and SVG outputs: at most four decimals,
/// trailing zeros and a bare trailing dot trimmed, never an exponent
/// (`1e-05`), never `-0`. Done by hand rather than with `String(format:)` or
/// `description` so that the bytes cannot depend on a locale or on how a
/// Foundation version prints doubles.
enum CompactNumber {
    /// Four decimals resolve a tenth of a thousandth of a point, far below
    /// anything a screen or a test distinguishes.
    static let decimals = 4
    private static let scale: Double = 10_000
    /// Beyond this magnitude the value is clamped (so that the scaled value
    /// fits an `Int64`); no real frame comes near it.
    private static let limit: Double = 1e14

    static func string(_ value: Double) -> String {
        var buffer = ByteBuffer()
        append(value, to: &buffer)
        return buffer.string
    }

    static func string(_ value: CGFloat) -> String { string(Double(value)) }

    static func append(_ value: Double, to buffer: inout ByteBuffer) {
        guard value.isFinite else {
            buffer.append(UInt8(ascii: "0"))
            return
        }
        let clamped = min(max(value, -limit), limit)
        let scaled = Int64((abs(clamped) * scale).rounded())
        if scaled == 0 {
            buffer.append(UInt8(ascii: "0"))
            return
        }
        if clamped < 0 { buffer.append(UInt8(ascii: "-")) }
        let whole = scaled / Int64(scale)
        var fraction = scaled % Int64(scale)
        buffer.append(decimal: Int(whole))
        guard fraction != 0 else { return }
        buffer.append(UInt8(ascii: "."))
        var digits = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        // Leading zeros of the fraction (0.05 → "05").
        var width = 1
        var probe = fraction
        while probe >= 10 { probe /= 10; width += 1 }
        for _ in width..<digits { buffer.append(UInt8(ascii: "0")) }
        buffer.append(decimal: Int(fraction))
    }

    static func append(_ value: CGFloat, to buffer: inout ByteBuffer) {
        append(Double(value), to: &buffer)
    }
}
