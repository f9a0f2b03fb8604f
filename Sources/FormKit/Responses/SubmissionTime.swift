import FormModel
/// A moment given by a user (`formctl responses --since TIME`), as the
/// `submitted_at` text it compares with.
///
/// Takes an RFC 3339 date (`2026-11-25`: its midnight) or date-time
/// (`2026-11-25T18:00:00Z`, `2026-11-25T19:00:00.5+01:00`; `t` or a space
/// for `T`, `z` for `Z`; seconds may be left out). Without an offset the
/// time is UTC, as `submitted_at` is. An offset is converted, so the text
/// is always `YYYY-MM-DDTHH:MM:SS.sssZ`, which sorts and compares as
/// `submitted_at` does. A fraction finer than milliseconds is rounded up:
/// a response at a whole millisecond is at or after `T` exactly when it is
/// at or after `T` rounded up.
public struct SubmissionTime: Hashable, Sendable, CustomStringConvertible {
    /// The moment as `submitted_at` text, `2026-11-25T18:00:00.000Z`.
    public let text: String

    /// Examples of what is accepted, for a message about text that is not.
    public static let examples = "2026-11-25, 2026-11-25T18:00:00Z or 2026-11-25T19:00:00+01:00"

    public var description: String { text }

    /// The moment `rfc3339` names, or nil when it is not an RFC 3339 date
    /// or date-time (or names a day that does not exist, or falls outside
    /// the years 0000 to 9999 once converted to UTC).
    public init?(rfc3339: String) {
        var scanner = Scanner(Array(rfc3339.utf8))
        guard let year = scanner.number(digits: 4), scanner.take("-"),
              let month = scanner.number(digits: 2), scanner.take("-"),
              let day = scanner.number(digits: 2),
              (1...12).contains(month), (1...Self.days(inMonth: month, year: year)).contains(day) else { return nil }
        var seconds = 0, milliseconds = 0, offsetMinutes = 0
        if !scanner.atEnd {
            guard scanner.take("T") || scanner.take("t") || scanner.take(" "),
                  let hour = scanner.number(digits: 2), scanner.take(":"),
                  let minute = scanner.number(digits: 2), hour <= 23, minute <= 59 else { return nil }
            var second = 0
            if scanner.take(":") {
                // 60: a leap second, as RFC 3339 allows.
                guard let value = scanner.number(digits: 2), value <= 60 else { return nil }
                second = value
                if scanner.take(".") {
                    let fraction = scanner.digits()
                    guard !fraction.isEmpty else { return nil }
                    for (index, digit) in fraction.prefix(3).enumerated() { milliseconds += digit * [100, 10, 1][index] }
                    if fraction.dropFirst(3).contains(where: { $0 != 0 }) { milliseconds += 1 }
                }
            }
            seconds = hour * 3600 + minute * 60 + second
            if scanner.take("Z") || scanner.take("z") {
                offsetMinutes = 0
            } else if let sign = scanner.sign() {
                guard let hours = scanner.number(digits: 2), scanner.take(":"), let minutes = scanner.number(digits: 2),
                      hours <= 23, minutes <= 59 else { return nil }
                offsetMinutes = sign * (hours * 60 + minutes)
            }
        }
        guard scanner.atEnd else { return nil }
        // Milliseconds since 0000-03-01, as whole numbers: no Foundation
        // calendar, no time zone database, nothing that depends on the host.
        let total = (CivilCalendar.dayNumber(year: year, month: month, day: day) * 86_400 + seconds - offsetMinutes * 60) * 1000 + milliseconds
        let millisecondsPerDay = 86_400_000
        let dayCount = total >= 0 ? total / millisecondsPerDay : (total - millisecondsPerDay + 1) / millisecondsPerDay
        let inDay = total - dayCount * millisecondsPerDay
        let (y, m, d) = CivilCalendar.date(fromDayNumber: dayCount)
        guard (0...9999).contains(y) else { return nil }
        let hour = inDay / 3_600_000, minute = inDay / 60_000 % 60, second = inDay / 1000 % 60, milli = inDay % 1000
        text = Self.padded(y, 4) + "-" + Self.padded(m, 2) + "-" + Self.padded(d, 2) + "T" + Self.padded(hour, 2) + ":"
            + Self.padded(minute, 2) + ":" + Self.padded(second, 2) + "." + Self.padded(milli, 3) + "Z"
    }

    private static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Reads ASCII pieces of the text, never past its end.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        /// Takes `character` if it is next.
        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// +1 or -1 for a `+` or `-` next (taken), nil otherwise.
        mutating func sign() -> Int? {
            if take("+") { return 1 }
            if take("-") { return -1 }
            return nil
        }

        /// Exactly `digits` ASCII digits as a number.
        mutating func number(digits count: Int) -> Int? {
            guard bytes.count - index >= count else { return nil }
            var value = 0
            for offset in 0..<count {
                let byte = bytes[index + offset]
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }

        /// The ASCII digits next, each as a number.
        mutating func digits() -> [Int] {
            var found: [Int] = []
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                found.append(Int(bytes[index] - UInt8(ascii: "0")))
                index += 1
            }
            return found
        }
    }
}
