/// The canonical texts of the typed questions (DECISIONS, "Canonical
/// text"), each parsed from what a user or a file may give. None of them
/// goes through binary floating point, and none can trap on any input.

/// A number's leading `+` or `-`.
enum Sign {
    /// Whether `text` starts with `-`, and `text` without its sign.
    static func split(_ text: Substring) -> (negative: Bool, rest: Substring) {
        guard let sign = text.first, sign == "+" || sign == "-" else { return (false, text) }
        return (sign == "-", text.dropFirst())
    }
}

/// A whole number within ±9007199254740991 (JSON's exact integers): `-?(0|[1-9][0-9]*)`.
/// Also taken: a leading `+`, leading zeros, surrounding spaces; `-0` is `0`.
struct IntegerValue: Comparable, Sendable {
    static let limit: Int64 = 9_007_199_254_740_991
    let value: Int64

    init?(parsing input: String) {
        let (negative, text) = Sign.split(input.trimmingSpaces)
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let digits = text.drop { $0 == "0" }
        guard digits.utf8.count <= 16 else { return nil }
        var magnitude: Int64 = 0
        for byte in digits.utf8 { magnitude = magnitude * 10 + Int64(byte - 0x30) }
        guard magnitude <= Self.limit else { return nil }
        value = negative ? -magnitude : magnitude
    }

    var text: String { String(value) }

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }
}

/// A decimal number with at most 15 digits before the point and 15 after,
/// kept exactly as an integer count of 10⁻¹⁵ (below 10³⁰, inside `Int128`):
/// `-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?`. Also taken: `+`, `.5`, `5.`, `1.50`.
struct DecimalValue: Comparable, Sendable {
    static let places = 15
    /// The value × 10¹⁵.
    let scaled: Int128

    init?(parsing input: String) {
        // On the UTF-8 bytes: every typed field's bounds are parsed each
        // time a form is read, and Substring's splitting and trimming cost
        // several times the arithmetic.
        var bytes = Array(input.utf8)[...]
        while let first = bytes.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { bytes.removeFirst() }
        while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { bytes.removeLast() }
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            negative = sign == UInt8(ascii: "-")
            bytes.removeFirst()
        }
        let point = bytes.firstIndex(of: UInt8(ascii: ".")) ?? bytes.endIndex
        var whole = bytes[..<point]
        var fraction = point < bytes.endIndex ? bytes[(point + 1)...] : bytes[bytes.endIndex...]
        let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
        guard !(whole.isEmpty && fraction.isEmpty), whole.allSatisfy(isDigit), fraction.allSatisfy(isDigit) else { return nil }
        while whole.first == UInt8(ascii: "0") { whole.removeFirst() }
        while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
        guard whole.count <= Self.places, fraction.count <= Self.places else { return nil }
        var scaled: Int128 = 0
        for byte in whole { scaled = scaled * 10 + Int128(byte - 0x30) }
        for byte in fraction { scaled = scaled * 10 + Int128(byte - 0x30) }
        for _ in fraction.count..<Self.places { scaled *= 10 }
        self.scaled = negative ? -scaled : scaled
    }

    /// 10¹⁵, the unit of `scaled`.
    private static let unit: Int128 = 1_000_000_000_000_000

    var text: String {
        // Written as bytes: both parts are below 10¹⁵, so they fit an
        // `Int64`, and the fraction's zeros are cut by counting rather than
        // by `String.removeLast` (a form's reading checks every bound's
        // text, and the String way cost 29,000 instructions a number).
        let magnitude = scaled < 0 ? -scaled : scaled
        let whole = Int64(magnitude / Self.unit), fraction = Int64(magnitude % Self.unit)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(2 * Self.places + 2)
        if scaled < 0 { bytes.append(UInt8(ascii: "-")) }
        bytes.append(contentsOf: String(whole).utf8)
        if fraction != 0 {
            bytes.append(UInt8(ascii: "."))
            var digits = [UInt8](repeating: UInt8(ascii: "0"), count: Self.places)
            var rest = fraction, index = Self.places
            while rest > 0 {
                index -= 1
                digits[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            var end = Self.places
            while end > 0, digits[end - 1] == UInt8(ascii: "0") { end -= 1 }
            bytes.append(contentsOf: digits[0..<end])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether this is a whole multiple of `step` (counted from 0, as JSON
    /// Schema's `multipleOf`); a step of 0 holds nothing.
    func isMultiple(of step: DecimalValue) -> Bool {
        step.scaled != 0 && scaled % step.scaled == 0
    }

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.scaled < rhs.scaled }
}

/// A real calendar date from 0001-01-01 to 9999-12-31, as `YYYY-MM-DD`.
struct CalendarDate: Comparable, Sendable {
    let year: Int, month: Int, day: Int

    init?(parsing input: String) {
        let bytes = Array(input.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = Self.number(bytes[0..<4]), let month = Self.number(bytes[5..<7]), let day = Self.number(bytes[8..<10]),
              year >= 1, (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, of: year) else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// The digits of `bytes` as a number; nil when any is not a digit.
    static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    var text: String { Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2) }

    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static func < (lhs: Self, rhs: Self) -> Bool { (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day) }
}

/// A wall-clock time without an offset, 00:00 to 23:59:59: `HH:MM`, or
/// `HH:MM:SS` when the seconds are not 0.
struct WallTime: Comparable, Sendable {
    let hour: Int, minute: Int, second: Int

    init?(parsing input: String) {
        let bytes = Array(input.utf8)
        guard bytes.count == 5 || bytes.count == 8, bytes[2] == UInt8(ascii: ":"),
              let hour = CalendarDate.number(bytes[0..<2]), let minute = CalendarDate.number(bytes[3..<5]),
              hour < 24, minute < 60 else { return nil }
        var second = 0
        if bytes.count == 8 {
            guard bytes[5] == UInt8(ascii: ":"), let seconds = CalendarDate.number(bytes[6..<8]), seconds < 60 else { return nil }
            second = seconds
        }
        (self.hour, self.minute, self.second) = (hour, minute, second)
    }

    var text: String {
        CalendarDate.padded(hour, 2) + ":" + CalendarDate.padded(minute, 2) + (second == 0 ? "" : ":" + CalendarDate.padded(second, 2))
    }

    static func < (lhs: Self, rhs: Self) -> Bool { (lhs.hour, lhs.minute, lhs.second) < (rhs.hour, rhs.minute, rhs.second) }
}

/// A date and time with its offset, as given (never converted):
/// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, seconds always, a fraction
/// only when not zero. Also taken: lower-case `t` and `z`, a space for `T`,
/// seconds left out. A leap second (`:60`) only at 23:59:60 UTC, as RFC 3339
/// says.
struct DateTimeValue: Sendable {
    let date: CalendarDate
    let hour: Int, minute: Int, second: Int
    /// The fraction's digits without trailing zeros ("" for none).
    let fraction: String
    /// `Z`, or `+HH:MM` / `-HH:MM` as given.
    let offset: String

    enum Parsed {
        case value(DateTimeValue)
        /// A date and time that is right but for its missing offset.
        case noOffset
        case invalid
    }

    static func parse(_ input: String) -> Parsed {
        let bytes = Array(input.utf8)
        guard bytes.count >= 16, let date = CalendarDate(parsing: String(decoding: bytes[0..<10], as: UTF8.self)),
              [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[10]), bytes[13] == UInt8(ascii: ":"),
              let hour = CalendarDate.number(bytes[11..<13]), let minute = CalendarDate.number(bytes[14..<16]),
              hour < 24, minute < 60 else { return .invalid }
        var index = 16
        var second = 0
        var fraction = ""
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            guard index + 3 <= bytes.count, let seconds = CalendarDate.number(bytes[(index + 1)..<(index + 3)]), seconds <= 60 else {
                return .invalid
            }
            second = seconds
            index += 3
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                let start = index
                while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
                guard index > start else { return .invalid }
                var digits = Array(bytes[start..<index])
                while digits.last == UInt8(ascii: "0") { digits.removeLast() }
                fraction = String(decoding: digits, as: UTF8.self)
            }
        }
        guard index < bytes.count else { return .noOffset }
        let offset: String
        var offsetMinutes = 0
        if bytes.count == index + 1, bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") {
            offset = "Z"
        } else if bytes.count == index + 6, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"),
                  bytes[index + 3] == UInt8(ascii: ":"),
                  let hours = CalendarDate.number(bytes[(index + 1)..<(index + 3)]),
                  let minutes = CalendarDate.number(bytes[(index + 4)..<(index + 6)]), hours < 24, minutes < 60 {
            offset = String(decoding: bytes[index..<(index + 6)], as: UTF8.self)
            offsetMinutes = (hours * 60 + minutes) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return .invalid
        }
        if second == 60 {
            // Only at 23:59 UTC: local time minus the offset, within a day.
            let utc = ((hour * 60 + minute - offsetMinutes) % 1_440 + 1_440) % 1_440
            guard utc == 23 * 60 + 59 else { return .invalid }
        }
        return .value(DateTimeValue(date: date, hour: hour, minute: minute, second: second, fraction: fraction, offset: offset))
    }

    var text: String {
        date.text + "T" + CalendarDate.padded(hour, 2) + ":" + CalendarDate.padded(minute, 2) + ":" + CalendarDate.padded(second, 2)
            + (fraction.isEmpty ? "" : "." + fraction) + offset
    }
}

extension DateTimeValue {
    /// The instant the value names, for ordering: seconds since 0001-01-01
    /// in UTC, and the fraction's digits (compared as a decimal fraction).
    var instant: (seconds: Int64, fraction: String) {
        var offsetMinutes = 0
        if offset != "Z", let hours = Int(offset.dropFirst().prefix(2)), let minutes = Int(offset.suffix(2)) {
            offsetMinutes = (hours * 60 + minutes) * (offset.hasPrefix("-") ? -1 : 1)
        }
        let seconds = Int64(date.dayNumber) * 86_400 + Int64(hour * 3_600 + minute * 60 + second) - Int64(offsetMinutes * 60)
        return (seconds, fraction)
    }

    /// Whether `lhs` is earlier than, the same instant as (0) or later than `rhs`.
    static func order(_ lhs: DateTimeValue, _ rhs: DateTimeValue) -> Int {
        let (left, right) = (lhs.instant, rhs.instant)
        if left.seconds != right.seconds { return left.seconds < right.seconds ? -1 : 1 }
        // Fractions without trailing zeros: padded to one length, their
        // digits order as the numbers do.
        let width = max(left.fraction.count, right.fraction.count)
        let a = left.fraction.padding(to: width), b = right.fraction.padding(to: width)
        return a == b ? 0 : (a < b ? -1 : 1)
    }
}

extension CalendarDate {
    /// Days since 0001-01-01 (proleptic Gregorian).
    var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let m = month <= 2 ? month + 12 : month
        return 365 * y + y / 4 - y / 100 + y / 400 + (153 * (m - 3) + 2) / 5 + day - 307
    }
}

private extension String {
    /// The text with zeros after it up to `width` characters.
    func padding(to width: Int) -> String { self + String(repeating: "0", count: max(0, width - count)) }
}

extension FieldType {
    /// Whether values of the type are ordered, so that bounds and the
    /// `at_least`/`at_most` conditions apply: numbers, dates and times.
    public var isOrdered: Bool {
        switch self {
        case .integer, .decimal, .date, .time, .datetime: true
        default: false
        }
    }

    /// Whether the type's values are numbers (bounds read "more than",
    /// not "after").
    public var isNumber: Bool { self == .integer || self == .decimal }

    /// How `lhs` compares with `rhs` as values of the type: -1, 0 or 1;
    /// nil when either does not parse or the type is not ordered.
    public func order(_ lhs: String, _ rhs: String) -> Int? {
        func compare<T: Comparable>(_ a: T?, _ b: T?) -> Int? {
            guard let a, let b else { return nil }
            return a == b ? 0 : (a < b ? -1 : 1)
        }
        switch self {
        case .integer:
            // Integers reach 16 digits (±9007199254740991), past a decimal's 15.
            if let a = IntegerValue(parsing: lhs), let b = IntegerValue(parsing: rhs) { return compare(a, b) }
            return compare(DecimalValue(parsing: lhs), DecimalValue(parsing: rhs))
        case .decimal: return compare(DecimalValue(parsing: lhs), DecimalValue(parsing: rhs))
        case .date: return compare(CalendarDate(parsing: lhs), CalendarDate(parsing: rhs))
        case .time: return compare(WallTime(parsing: lhs), WallTime(parsing: rhs))
        case .datetime:
            guard case .value(let a) = DateTimeValue.parse(lhs), case .value(let b) = DateTimeValue.parse(rhs) else { return nil }
            return DateTimeValue.order(a, b)
        default: return nil
        }
    }
}
