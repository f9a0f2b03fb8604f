@testable import FormModel
import Testing

/// Each type's canonical text and the inputs it takes and refuses
/// (DECISIONS, "Typed questions"), hostile ones included: nothing traps,
/// nothing goes through binary floating point.
@Suite("Field types: canonical text")
struct FieldTypeTests {
    static func canonical(_ type: FieldType, _ input: String) -> String? {
        type.canonicalValue(of: input).canonicalText
    }

    @Test("integer: canonical digits, + and leading zeros and spaces taken, -0 is 0, ±9007199254740991 at most",
          arguments: [("42", "42"), ("+7", "7"), ("007", "7"), (" 12 ", "12"), ("-0", "0"), ("0", "0"), ("-15", "-15"),
                      ("9007199254740991", "9007199254740991"), ("-9007199254740991", "-9007199254740991")])
    func integers(input: String, expected: String) {
        #expect(Self.canonical(.integer, input) == expected)
    }

    @Test("integer and decimal refuse exponents, hex, NaN, Infinity, separators and numbers past their limits",
          arguments: ["1e400", "99999999999999999999", "NaN", "Infinity", "-Infinity", "0x10", "1,000", "", "+", "-", "1.5e3",
                      "9007199254740992", "١٢", "１２", "12a", "--1", "1 2"])
    func refusedNumbers(input: String) {
        #expect(Self.canonical(.integer, input) == nil)
        if !["9007199254740992", "99999999999999999999"].contains(input) {
            #expect(Self.canonical(.decimal, input) == nil, "\(input)")
        }
        #expect(FieldType.integer.canonicalValue(of: input) == .unparsable(reason: "is not a whole number"))
    }

    @Test("decimal: no trailing zeros, .5 and 5. and 1.50 taken, 15 digits each side at most",
          arguments: [("0.1", "0.1"), (".5", "0.5"), ("5.", "5"), ("1.50", "1.5"), ("+3", "3"), ("-0.0", "0"), ("-2.25", "-2.25"),
                      ("007.100", "7.1"), ("999999999999999.999999999999999", "999999999999999.999999999999999"),
                      ("99999999999999999999", nil), ("1.0000000000000001", nil), ("1234567890123456", nil), (".", nil)])
    func decimals(input: String, expected: String?) {
        #expect(Self.canonical(.decimal, input) == expected)
    }

    @Test("decimal arithmetic is exact: 0.1 + 0.2 is 0.3, and 0.3 is a multiple of 0.1")
    func decimalsAreExact() throws {
        let tenth = try #require(DecimalValue(parsing: "0.1")), fifth = try #require(DecimalValue(parsing: "0.2"))
        let sum = tenth.scaled + fifth.scaled
        #expect(sum == (try #require(DecimalValue(parsing: "0.3"))).scaled)
        #expect(try #require(DecimalValue(parsing: "0.3")).isMultiple(of: tenth))
        #expect(try !#require(DecimalValue(parsing: "0.35")).isMultiple(of: tenth))
        #expect(try !#require(DecimalValue(parsing: "1")).isMultiple(of: try #require(DecimalValue(parsing: "0"))))
        #expect(try #require(DecimalValue(parsing: "-2.5")) < (try #require(DecimalValue(parsing: "-2.4"))))
    }

    @Test("boolean: yes/no, y/n, 1/0, on/off, true/false in any case",
          arguments: [("yes", "true"), ("Y", "true"), ("1", "true"), ("ON", "true"), ("True", "true"),
                      ("no", "false"), ("n", "false"), ("0", "false"), ("Off", "false"), ("FALSE", "false"),
                      ("maybe", nil), ("", nil), ("yess", nil)])
    func booleans(input: String, expected: String?) {
        #expect(Self.canonical(.boolean, input) == expected)
    }

    @Test("date: a real calendar date, 0001 to 9999",
          arguments: [("2024-02-29", "2024-02-29"), ("2023-02-29", nil), ("2000-02-29", "2000-02-29"), ("1900-02-29", nil),
                      ("0001-01-01", "0001-01-01"), ("0000-01-01", nil), ("9999-12-31", "9999-12-31"), ("2026-13-01", nil),
                      ("2026-04-31", nil), ("2026-1-01", nil), ("26-01-01", nil), ("2026/01/01", nil), (" 2026-01-01", nil)])
    func dates(input: String, expected: String?) {
        #expect(Self.canonical(.date, input) == expected)
    }

    @Test("time: HH:MM, seconds only when not 0, 00:00 to 23:59:59",
          arguments: [("09:00", "09:00"), ("17:30:00", "17:30"), ("23:59:59", "23:59:59"), ("00:00", "00:00"),
                      ("24:00", nil), ("12:60", nil), ("12:00:60", nil), ("9:00", nil), ("09:00Z", nil), ("09:00+01:00", nil)])
    func times(input: String, expected: String?) {
        #expect(Self.canonical(.time, input) == expected)
    }

    @Test("datetime: seconds always, a fraction only when not zero, the offset as given",
          arguments: [("2026-01-01T10:00:00Z", "2026-01-01T10:00:00Z"), ("2026-01-01 10:00z", "2026-01-01T10:00:00Z"),
                      ("2026-01-01t10:00:30.500+01:00", "2026-01-01T10:00:30.5+01:00"), ("2026-01-01T10:00:30.000-05:30", "2026-01-01T10:00:30-05:30"),
                      ("1998-12-31T23:59:60Z", "1998-12-31T23:59:60Z"), ("1998-12-31T15:59:60-08:00", "1998-12-31T15:59:60-08:00"),
                      ("1998-12-31T23:59:60+01:00", nil), ("2026-01-01T10:00+25:00", nil), ("2026-01-01T10:00+01:60", nil),
                      ("2026-01-01T24:00:00Z", nil), ("2023-02-29T10:00Z", nil), ("2026-01-01T10:00:00.Z", nil), ("2026-01-01T10:00Zs", nil)])
    func datetimes(input: String, expected: String?) {
        #expect(Self.canonical(.datetime, input) == expected)
    }

    @Test("a datetime without an offset is told it needs one")
    func datetimeWithoutOffset() {
        #expect(FieldType.datetime.canonicalValue(of: "2026-01-01T10:00:00") == .unparsable(reason: "needs an offset such as Z or +01:00"))
        #expect(FieldType.datetime.canonicalValue(of: "2026-01-01 10:00") == .unparsable(reason: "needs an offset such as Z or +01:00"))
    }

    @Test("long text: CRLF and CR become LF; text stays as given")
    func lineEndings() {
        #expect(Self.canonical(.longText, "a\r\nb\rc\nd") == "a\nb\nc\nd")
        #expect(Self.canonical(.text, " a\r\nb ") == " a\r\nb ")
    }

    @Test("every type's name is the one a form file gives, and only text types take length rules and patterns")
    func names() {
        #expect(FieldType.allCases.map(\.rawValue) == ["text", "long_text", "integer", "decimal", "select_one", "select_multiple",
                                                       "boolean", "date", "time", "datetime", "note"])
        #expect(FieldType.allCases.filter(\.isText) == [.text, .longText])
    }
}
