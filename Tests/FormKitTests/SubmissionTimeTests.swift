import FormKit
import Testing

/// `SubmissionTime`: RFC 3339 text (`responses --since`) as the
/// `submitted_at` text it compares with.
@Suite("SubmissionTime")
struct SubmissionTimeTests {
    @Test("dates and date-times, with and without offsets, become UTC text with milliseconds", arguments: [
        ("2026-11-25", "2026-11-25T00:00:00.000Z"),
        ("2026-11-25T18:00:00Z", "2026-11-25T18:00:00.000Z"),
        ("2026-11-25T18:00:00", "2026-11-25T18:00:00.000Z"),
        ("2026-11-25T18:00", "2026-11-25T18:00:00.000Z"),
        ("2026-11-25t18:00:00z", "2026-11-25T18:00:00.000Z"),
        ("2026-11-25 18:00:00Z", "2026-11-25T18:00:00.000Z"),
        ("2026-11-25T19:00:00+01:00", "2026-11-25T18:00:00.000Z"),
        ("2026-11-25T00:30:00+01:00", "2026-11-24T23:30:00.000Z"),
        ("2026-12-31T20:00:00-05:00", "2027-01-01T01:00:00.000Z"),
        ("2024-03-01T00:00:00+00:01", "2024-02-29T23:59:00.000Z"),
        ("2023-03-01T00:00:00+00:01", "2023-02-28T23:59:00.000Z"),
        ("2000-02-29T12:00:00.5Z", "2000-02-29T12:00:00.500Z"),
        ("2026-11-25T18:00:00.123Z", "2026-11-25T18:00:00.123Z"),
        ("2026-11-25T18:00:00.1230000Z", "2026-11-25T18:00:00.123Z"),
        ("2026-11-25T18:00:00.1231Z", "2026-11-25T18:00:00.124Z"),
        ("2026-11-25T23:59:59.9999Z", "2026-11-26T00:00:00.000Z"),
        ("2016-12-31T23:59:60Z", "2017-01-01T00:00:00.000Z"),
        ("0000-01-01T00:00:00Z", "0000-01-01T00:00:00.000Z"),
        ("9999-12-31T23:59:59.999Z", "9999-12-31T23:59:59.999Z"),
    ])
    func converts(_ text: String, _ expected: String) throws {
        #expect(SubmissionTime(rfc3339: text)?.text == expected)
    }

    @Test("anything else is refused", arguments: [
        "", "yesterday", "2026", "2026-11", "2026-1-25", "2026-13-01", "2026-00-10", "2026-02-29", "1900-02-29",
        "2026-04-31", "2026-11-25T", "2026-11-25T24:00:00Z", "2026-11-25T18:60:00Z", "2026-11-25T18:00:61Z",
        "2026-11-25T18:00:00.Z", "2026-11-25T18:00:00+1", "2026-11-25T18:00:00+01", "2026-11-25T18:00:00+24:00",
        "2026-11-25T18:00:00Zjunk", "2026-11-25X18:00:00Z", "٢٠٢٦-11-25", "2026-11-25T18:00:00 Z",
        "0000-01-01T00:00:00+00:01", "9999-12-31T23:59:59-00:01",
    ])
    func refuses(_ text: String) {
        #expect(SubmissionTime(rfc3339: text) == nil)
    }

    @Test("the text sorts as the moments do")
    func sorts() throws {
        let moments = ["2026-11-25T17:59:59.999Z", "2026-11-25T19:00:00+01:00", "2026-11-25T18:00:00.001Z", "2026-11-26"]
        let texts = try moments.map { try #require(SubmissionTime(rfc3339: $0)).text }
        #expect(texts == texts.sorted())
    }
}

/// `ResponseSQL`: the wide-table SELECT of `responses sql`.
@Suite("ResponseSQL")
struct ResponseSQLTests {
    @Test("a column per key, quotes doubled in literals and identifiers, meta-column clashes as values.KEY")
    func columns() {
        let text = ResponseSQL(keys: ["first", "status", "it's", "say \"hi\""]).text
        #expect(text.hasPrefix("SELECT r.id AS id,\n       r.submitted_at AS submitted_at,\n       r.status AS status,\n"))
        #expect(text.contains("max(CASE WHEN a.key = 'first' AND a.shown = 1 THEN a.value END) AS \"first\""))
        #expect(text.contains("max(CASE WHEN a.key = 'status' AND a.shown = 1 THEN a.value END) AS \"values.status\""))
        #expect(text.contains("a.key = 'it''s'") && text.contains("AS \"it's\""))
        #expect(text.contains("a.key = 'say \"hi\"'") && text.contains("AS \"say \"\"hi\"\"\""))
        #expect(text.hasSuffix("GROUP BY r.id\nORDER BY r.id;\n"))
        #expect(!text.contains("WHERE"))
    }

    @Test("a quote followed by a combining mark is still doubled")
    func combiningMark() {
        let text = ResponseSQL(keys: ["x'\u{301}"]).text
        #expect(text.contains("'x''\u{301}'"))
    }

    @Test("the filter becomes conditions; the limit keeps the last N of the chosen responses")
    func filter() {
        let filter = ResponseFilter(status: .draft, submittedSince: "2026-11-25T00:00:00.000Z", limit: 5)
        let text = ResponseSQL(keys: ["first"], filter: filter, includesHidden: true).text
        #expect(text.contains("WHERE r.status = 'draft' AND r.submitted_at >= '2026-11-25T00:00:00.000Z' AND r.id IN "
            + "(SELECT id FROM response WHERE status = 'draft' AND submitted_at >= '2026-11-25T00:00:00.000Z' ORDER BY id DESC LIMIT 5)"))
        #expect(text.contains("max(CASE WHEN a.key = 'first' THEN a.value END)"), "--include-hidden: no shown condition")
    }
}
