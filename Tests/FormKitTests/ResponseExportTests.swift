import FormKit
import Foundation
import Testing

/// The exact bytes `StoredForm.exportResponses` writes (what `formctl
/// responses --format csv|json|jsonl` prints), and that the fast export
/// and `ResponseExport.text(of:index:)` agree byte for byte.
@Suite("Response export: exact bytes")
struct ResponseExportTests {
    /// Values with everything CSV and JSON must escape, and text that is
    /// not Latin: quotes and commas, CR and LF alone and together, a tab
    /// and another control character, an emoji sequence, right-to-left
    /// scripts.
    static let quoted = #"Ada "the" Countess, of Lovelace"#
    static let lines = "line1\r\nline2\nline3\r"
    static let emoji = "👩🏽‍💻 Lovelace"
    static let arabic = "مرحبا بالعالم"
    static let hebrew = "שלום, עולם"
    static let controls = "tab\there\u{01}"

    /// A form with three responses: two to the default form, then the
    /// field `middle` removed and a field keyed `status` (a meta column's
    /// name) added, and a third response.
    private static func formWithResponses() throws -> (TemporaryForm, [FormResponse]) {
        let temporary = try TemporaryForm()
        let form = temporary.form
        try form.submit(values: FormValues(entries: [
            ("first", quoted), ("middle", lines), ("last", emoji), ("email", "ada@example.com"), ("twitter", "@ada"),
        ]), draft: true)
        try form.submit(values: FormValues(entries: [
            ("first", arabic), ("middle", "Mae"), ("last", hebrew), ("email", "x@example.com"), ("twitter", controls),
        ]))
        try form.removeField("middle")
        try form.addField(key: "status", label: "Status", row: 2)
        try form.submit(values: FormValues(entries: [
            ("first", "Grace"), ("last", "Hopper"), ("email", "g@example.com"), ("status", "\"done\""),
        ]))
        return (temporary, try form.responses())
    }

    /// Everything `exportResponses` writes, as bytes.
    private static func exported(_ form: StoredForm, _ format: ResponseExportFormat, includesHidden: Bool = false,
                                 _ filter: ResponseFilter = ResponseFilter()) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try form.exportResponses(filter, format: format, includesHidden: includesHidden) { (chunk: UnsafeRawBufferPointer) in
            bytes.append(contentsOf: chunk)
        }
        return bytes
    }

    @Test func theColumnsAreTheFormsKeysThenARemovedFieldsKey() throws {
        let (temporary, responses) = try Self.formWithResponses()
        #expect(responses.map(\.id) == [1, 2, 3])
        #expect(try temporary.form.responseKeys() == ["first", "last", "email", "twitter", "status", "middle"])
    }

    @Test func csvBytes() throws {
        let (temporary, responses) = try Self.formWithResponses()
        let at = responses.map(\.submittedAt)
        let header = "id,submitted_at,status,first,last,email,twitter,values.status,middle\r\n"
        // twitter was not shown: its kept value is an empty cell; a column
        // a response lacks is an empty cell too.
        let expected = header
            + "1,\(at[0]),draft,\"Ada \"\"the\"\" Countess, of Lovelace\",\(Self.emoji),ada@example.com,,,\"line1\r\nline2\nline3\r\"\r\n"
            + "2,\(at[1]),complete,\(Self.arabic),\"\(Self.hebrew)\",x@example.com,,,Mae\r\n"
            + "3,\(at[2]),complete,Grace,Hopper,g@example.com,,\"\"\"done\"\"\",\r\n"
        let bytes = try Self.exported(temporary.form, .csv)
        #expect(bytes == Array(expected.utf8), "\(String(decoding: bytes, as: UTF8.self).debugDescription)")

        let hidden = header
            + "1,\(at[0]),draft,\"Ada \"\"the\"\" Countess, of Lovelace\",\(Self.emoji),ada@example.com,@ada,,\"line1\r\nline2\nline3\r\"\r\n"
            + "2,\(at[1]),complete,\(Self.arabic),\"\(Self.hebrew)\",x@example.com,\(Self.controls),,Mae\r\n"
            + "3,\(at[2]),complete,Grace,Hopper,g@example.com,,\"\"\"done\"\"\",\r\n"
        let withHidden = try Self.exported(temporary.form, .csv, includesHidden: true)
        #expect(withHidden == Array(hidden.utf8), "\(String(decoding: withHidden, as: UTF8.self).debugDescription)")
    }

    @Test func jsonAndJSONLinesBytes() throws {
        let (temporary, responses) = try Self.formWithResponses()
        let at = responses.map(\.submittedAt)
        let objects = [
            #"{"id":1,"status":"draft","submitted_at":"\#(at[0])","values":{"first":"Ada \"the\" Countess, of Lovelace","last":"\#(Self.emoji)","email":"ada@example.com","twitter":null,"middle":"line1\r\nline2\nline3\r"}}"#,
            #"{"id":2,"status":"complete","submitted_at":"\#(at[1])","values":{"first":"\#(Self.arabic)","last":"\#(Self.hebrew)","email":"x@example.com","twitter":null,"middle":"Mae"}}"#,
            #"{"id":3,"status":"complete","submitted_at":"\#(at[2])","values":{"first":"Grace","last":"Hopper","email":"g@example.com","twitter":null,"status":"\"done\""}}"#,
        ]
        let json = try Self.exported(temporary.form, .json)
        #expect(json == Array(("[\n" + objects.joined(separator: ",\n") + "\n]\n").utf8), "\(String(decoding: json, as: UTF8.self))")
        let jsonl = try Self.exported(temporary.form, .jsonl)
        #expect(jsonl == Array(objects.map { $0 + "\n" }.joined().utf8), "\(String(decoding: jsonl, as: UTF8.self))")

        // `object` (submit --json) is the JSON Lines line.
        let keys = try temporary.form.responseKeys()
        #expect(responses.map { ResponseExport(format: .json, keys: keys).object($0) } == objects)

        // Hidden values included: the tab and U+0001 escaped.
        let withHidden = try Self.exported(temporary.form, .jsonl, includesHidden: true)
        let second = String(decoding: withHidden, as: UTF8.self).split(separator: "\n")[1]
        #expect(second.contains(#""twitter":"tab\there\u0001""#), "\(second)")

        // Python-free check that the JSON parses back to the same values.
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [[String: Any]])
        let values = parsed.compactMap { $0["values"] as? [String: Any] }
        #expect(values.count == 3)
        #expect(values.first?["first"] as? String == Self.quoted)
        #expect(values.first?["middle"] as? String == Self.lines)
        #expect(values.first?["last"] as? String == Self.emoji)
        #expect(values.dropFirst().first?["last"] as? String == Self.hebrew)
        #expect(values.first?["twitter"] is NSNull)
    }

    @Test func noResponses() throws {
        let temporary = try TemporaryForm()
        #expect(try Self.exported(temporary.form, .csv) == Array("id,submitted_at,status,first,middle,last,email,twitter\r\n".utf8))
        #expect(try Self.exported(temporary.form, .json) == Array("[]\n".utf8))
        #expect(try Self.exported(temporary.form, .jsonl) == [])
    }

    @Test(arguments: [ResponseExportFormat.csv, .json, .jsonl], [false, true])
    func theExportIsTheTextOfEachResponse(format: ResponseExportFormat, includesHidden: Bool) throws {
        let (temporary, _) = try Self.formWithResponses()
        let filters = [ResponseFilter(), ResponseFilter(status: .complete), ResponseFilter(status: .draft), ResponseFilter(limit: 2),
                       ResponseFilter(submittedSince: "2000-01-01T00:00:00.000Z"), ResponseFilter(submittedSince: "9999-01-01T00:00:00.000Z")]
        for filter in filters {
            let listed = try temporary.form.responses(filter)
            let export = ResponseExport(format: format, keys: try temporary.form.responseKeys(filter), includesHidden: includesHidden)
            let text = export.prologue + listed.enumerated().map { export.text(of: $0.element, index: $0.offset) }.joined()
                + export.epilogue(count: listed.count)
            var strings = ""
            try temporary.form.exportResponses(filter, format: format, includesHidden: includesHidden) { (chunk: String) in strings += chunk }
            #expect(try Self.exported(temporary.form, format, includesHidden: includesHidden, filter) == Array(text.utf8), "\(filter)")
            #expect(strings == text, "\(filter)")
        }
    }

    @Test func aLimitOrAStatusNarrowsTheRemovedKeys() throws {
        let (temporary, _) = try Self.formWithResponses()
        // Only response 3 lacks `middle`: a listing of it has no such column.
        #expect(try temporary.form.responseKeys(ResponseFilter(limit: 1)) == ["first", "last", "email", "twitter", "status"])
        #expect(try temporary.form.responseKeys(ResponseFilter(status: .draft)) == ["first", "last", "email", "twitter", "status", "middle"])
        #expect(try temporary.form.responseKeys(ResponseFilter(status: .complete)) == ["first", "last", "email", "twitter", "status", "middle"])
    }

    @Test func manyResponsesComeOutInChunksEndingAtResponses() throws {
        let temporary = try TemporaryForm()
        // Each value about 1 KiB of multi-byte text: a 64 KiB chunk ends in
        // the middle of a character unless chunks end at responses.
        let long = String(repeating: "é😀", count: 200)
        for index in 0..<120 {
            try temporary.form.submit(values: FormValues(entries: [("first", "\(index)\(long)")]), draft: true)
        }
        var chunks: [[UInt8]] = []
        try temporary.form.exportResponses(ResponseFilter(), format: .csv) { (chunk: UnsafeRawBufferPointer) in chunks.append(Array(chunk)) }
        #expect(chunks.count > 1)
        for chunk in chunks {
            #expect(String(validating: chunk, as: UTF8.self) != nil)
            #expect(chunk.suffix(2) == [0x0D, 0x0A])
        }
        let rows = String(decoding: chunks.joined(), as: UTF8.self).components(separatedBy: "\r\n").dropLast()
        #expect(rows.count == 121)
        #expect(rows.dropFirst().enumerated().allSatisfy { $0.element.hasPrefix("\($0.offset + 1),") && $0.element.contains(",draft,\($0.offset)\(long),") })
    }
}
