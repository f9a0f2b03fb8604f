extension NumberFigures {
    /// The most bins a histogram has.
    static let mostBins = 20

    /// The figures of the usable answers `values` (each with its count);
    /// nil when there are none. `integers`: bins are at least 1 wide.
    init?(_ values: [(value: Int128, count: Int)], integers: Bool) {
        // Equal numbers written apart (`1.50` in an old file) are one.
        var merged: [Int128: Int] = [:]
        for entry in values where entry.count > 0 { merged[entry.value, default: 0] += entry.count }
        let sorted = merged.sorted { $0.key < $1.key }.map { (value: $0.key, count: $0.value) }
        guard let lowest = sorted.first?.value, let highest = sorted.last?.value else { return nil }
        let total = sorted.reduce(0) { $0 + $1.count }
        var sum = ScaledDecimal.MeanSum(total: total)
        for entry in sorted { sum.add(entry.value, count: entry.count) }
        min = ScaledDecimal.text(lowest)
        max = ScaledDecimal.text(highest)
        q1 = ScaledDecimal.quartile(1, of: sorted, total: total)
        median = ScaledDecimal.quartile(2, of: sorted, total: total)
        q3 = ScaledDecimal.quartile(3, of: sorted, total: total)
        mean = sum.text
        histogram = Self.histogram(sorted, lowest: lowest, highest: highest, integers: integers)
    }

    /// Bins `[from, to)` of the narrowest width of 1, 2 or 5 × 10^k that
    /// needs at most 20 of them, starting at a multiple of the width; the
    /// last bin is closed, so the highest value falls in it.
    private static func histogram(_ sorted: [(value: Int128, count: Int)], lowest: Int128, highest: Int128, integers: Bool) -> [NumberBin] {
        var power: Int128 = integers ? ScaledDecimal.unit : 1
        var width: Int128 = power
        var first: Int128 = 0, count = 1
        search: while true {
            for multiple: Int128 in [1, 2, 5] {
                width = multiple * power
                first = floorDivision(lowest, width) * width
                let span = highest - first
                count = Swift.max(1, Int((span + width - 1) / width))
                if count <= mostBins { break search }
            }
            power *= 10
        }
        var counts = [Int](repeating: 0, count: count)
        for entry in sorted {
            counts[Swift.min(count - 1, Int((entry.value - first) / width))] += entry.count
        }
        return counts.indices.map { index in
            let from = first + Int128(index) * width
            return NumberBin(from: ScaledDecimal.text(from), to: ScaledDecimal.text(from + width), count: counts[index])
        }
    }

    /// `a / b` rounded down (b > 0).
    private static func floorDivision(_ a: Int128, _ b: Int128) -> Int128 {
        let quotient = a / b
        return (a % b != 0 && a < 0) ? quotient - 1 : quotient
    }
}

extension DateFigures {
    /// The most bins a date question has.
    static let mostBins = 30

    /// The figures of the usable answers `given` of a `date` or `datetime`
    /// question; nil when there are none. A date-time counts for the date
    /// it was written on.
    init?(_ given: [(value: String, count: Int)], type: FieldType) {
        var earliest: String?, latest: String?
        var days: [Int: Int] = [:]
        for tally in given {
            guard let date = CalendarDate(parsing: String(tally.value.prefix(10))) else { continue }
            days[date.dayNumber, default: 0] += tally.count
            if earliest.map({ type.order(tally.value, $0) ?? 0 < 0 }) ?? true { earliest = tally.value }
            if latest.map({ type.order(tally.value, $0) ?? 0 > 0 }) ?? true { latest = tally.value }
        }
        guard let earliest, let latest, let firstDay = days.keys.min(), let lastDay = days.keys.max() else { return nil }
        (self.earliest, self.latest) = (earliest, latest)
        let unit = DateBinUnit.allCases.first { $0.binCount(from: firstDay, to: lastDay) <= Self.mostBins } ?? .millennium
        bin = unit.rawValue
        var bins: [DateBin] = []
        var start = unit.start(of: firstDay)
        var index = 0
        let ordered = days.sorted { $0.key < $1.key }
        while start <= lastDay {
            let next = unit.start(after: start)
            var count = 0
            while index < ordered.count, ordered[index].key < next {
                count += ordered[index].value
                index += 1
            }
            bins.append(DateBin(from: CalendarDate(dayNumber: start).text, to: CalendarDate(dayNumber: next - 1).text, count: count))
            start = next
        }
        self.bins = bins
    }
}

/// What one bin of a date question spans.
enum DateBinUnit: String, CaseIterable {
    case day, week, month, year, decade, century, millennium

    /// How many bins cover the days `first` to `last`.
    func binCount(from first: Int, to last: Int) -> Int {
        var count = 0, start = self.start(of: first)
        while start <= last, count <= DateFigures.mostBins {
            start = self.start(after: start)
            count += 1
        }
        return count
    }

    /// The first day of the bin holding `day`.
    func start(of day: Int) -> Int {
        let date = CalendarDate(dayNumber: day)
        switch self {
        case .day: return day
        // Day 0 (0001-01-01) was a Monday.
        case .week: return day - ((day % 7) + 7) % 7
        case .month: return CalendarDate(year: date.year, month: date.month, day: 1).dayNumber
        case .year, .decade, .century, .millennium:
            let span = years
            // Bins of round years: 2020–2029, 1900–1999 (year 1 starts the first).
            let year = span == 1 ? date.year : Swift.max(1, date.year / span * span)
            return CalendarDate(year: year, month: 1, day: 1).dayNumber
        }
    }

    /// The first day of the bin after the one starting on `start`.
    func start(after start: Int) -> Int {
        let date = CalendarDate(dayNumber: start)
        switch self {
        case .day: return start + 1
        case .week: return start + 7
        case .month:
            return date.month == 12 ? CalendarDate(year: date.year + 1, month: 1, day: 1).dayNumber
                : CalendarDate(year: date.year, month: date.month + 1, day: 1).dayNumber
        case .year, .decade, .century, .millennium:
            let span = years
            let next = span == 1 ? date.year + 1 : (date.year / span + 1) * span
            return CalendarDate(year: next, month: 1, day: 1).dayNumber
        }
    }

    private var years: Int {
        switch self {
        case .decade: 10
        case .century: 100
        case .millennium: 1_000
        default: 1
        }
    }
}

extension CalendarDate {
    /// The date of these numbers, which the caller keeps real.
    init(year: Int, month: Int, day: Int) {
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// The date `dayNumber` days after 0001-01-01 (`dayNumber`'s inverse).
    init(dayNumber: Int) {
        // 0001-01-01 is day 306 from 0000-03-01.
        let (year, month, day) = CivilCalendar.date(fromDayNumber: dayNumber + 306)
        self.init(year: year, month: month, day: day)
    }
}
