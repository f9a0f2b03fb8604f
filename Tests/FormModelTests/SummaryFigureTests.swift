@testable import FormModel
import Testing

/// The summary's exact arithmetic (`ScaledDecimal`, `NumberFigures`,
/// `DateFigures`) on cases chosen for their edges: means that need
/// rounding to 15 significant digits, negative numbers, the largest
/// integers, quartiles between two values, histograms across zero, and
/// date bins across a year's end.
@Suite("summary figures")
struct SummaryFigureTests {
    static func numbers(_ values: [String], type: FieldType = .decimal) -> NumberFigures? {
        NumberFigures(values.compactMap { ScaledDecimal.parse($0, type: type) }.map { ($0, 1) }, integers: type == .integer)
    }

    @Test("the mean is exact up to 15 significant digits, rounded half away from zero")
    func means() throws {
        #expect(Self.numbers(["1", "2"])?.mean == "1.5")
        #expect(Self.numbers(["1", "1", "2"])?.mean == "1.33333333333333")
        #expect(Self.numbers(["1", "2", "2"])?.mean == "1.66666666666667")
        #expect(Self.numbers(["-1", "-2", "-2"])?.mean == "-1.66666666666667")
        #expect(Self.numbers(["-1", "1"])?.mean == "0")
        #expect(Self.numbers(["0.000000000000001", "0"])?.mean == "0.0000000000000005")
        #expect(Self.numbers(["0.1", "0.2"])?.mean == "0.15")
        let largest = "9007199254740991"
        #expect(Self.numbers([largest, largest, largest], type: .integer)?.mean == "9007199254740990",
                "16 digits rounded to 15")
        #expect(Self.numbers(["-" + largest, "-" + largest], type: .integer)?.min == "-9007199254740991")
    }

    @Test("quartiles are percentile_cont: between two neighbours at quarter places")
    func quartiles() throws {
        let figures = try #require(Self.numbers(["1", "2", "3", "4"]))
        #expect((figures.q1, figures.median, figures.q3) == ("1.75", "2.5", "3.25"))
        let one = try #require(Self.numbers(["7.5"]))
        #expect((one.min, one.q1, one.median, one.q3, one.max) == ("7.5", "7.5", "7.5", "7.5", "7.5"))
        let tiny = try #require(Self.numbers(["0.000000000000001", "0.000000000000002"]))
        #expect(tiny.q1 == "0.00000000000000125", "two places past a decimal's fifteen")
        #expect(Self.numbers([]) == nil)
    }

    @Test("histogram bins are of one round width, start at its multiple, the last closed")
    func histograms() throws {
        // -7 to 13 fits 20 bins of 1; to 14 it takes bins of 2.
        #expect(Self.numbers(["-7", "13"], type: .integer)?.histogram.count == 20)
        let figures = try #require(Self.numbers(["-7", "0", "14"], type: .integer))
        #expect(figures.histogram.map(\.from) == ["-8", "-6", "-4", "-2", "0", "2", "4", "6", "8", "10", "12"])
        #expect(figures.histogram.map(\.count) == [1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1])
        let closed = try #require(Self.numbers(["0", "20"], type: .integer))
        #expect(closed.histogram.count == 20 && closed.histogram.last?.to == "20" && closed.histogram.last?.count == 1)
        let single = try #require(Self.numbers(["5"], type: .integer))
        #expect(single.histogram.map { [$0.from, $0.to] } == [["5", "6"]])
        let decimals = try #require(Self.numbers(["0.01", "0.1"]))
        #expect(decimals.histogram.first?.from == "0.01" && decimals.histogram.first?.to == "0.015" && decimals.histogram.count == 18)
    }

    @Test("dates bin by day, ISO week or month, across a year's end and a leap day")
    func dateBins() throws {
        func figures(_ dates: [String]) -> DateFigures? { DateFigures(dates.map { ($0, 1) }, type: .date) }
        #expect(figures(["2025-12-31", "2026-01-29"])?.bin == "day", "30 days")
        let week = try #require(figures(["2025-12-31", "2026-02-20"]))
        #expect(week.bin == "week" && week.bins.first?.from == "2025-12-29" && week.bins.first?.to == "2026-01-04")
        let days = try #require(figures(["2024-02-28", "2024-03-01"]))
        #expect(days.bin == "day" && days.bins.map(\.from) == ["2024-02-28", "2024-02-29", "2024-03-01"])
        let months = try #require(figures(["2020-01-15", "2021-06-01"]))
        #expect(months.bin == "month" && months.bins.count == 18 && months.bins.last?.to == "2021-06-30")
        let years = try #require(figures(["0001-01-01", "9999-12-31"]))
        #expect(years.bins.count <= 30 && years.bins.last?.to == "9999-12-31", "\(years.bin) \(years.bins.count)")
        for day in [0, 1, 59, 365, 730_000, 3_652_058] {
            #expect(CalendarDate(dayNumber: day).dayNumber == day)
        }
    }

    @Test("shares round half up to four places")
    func shares() {
        #expect(ScaledDecimal.share(1, of: 3) == "0.3333")
        #expect(ScaledDecimal.share(2, of: 3) == "0.6667")
        #expect(ScaledDecimal.share(1, of: 8) == "0.125")
        #expect(ScaledDecimal.share(0, of: 0) == "0")
        #expect(ScaledDecimal.share(5, of: 5) == "1")
    }
}
