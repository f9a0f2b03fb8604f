import FormKit
import Foundation
import Testing

/// `FormValues(parsing:format:file:)`: what `formctl values` prints reads
/// back exactly, and what is not a values file is refused with its place.
@Suite("values files")
struct ValuesFileTests {
    /// Scalars that CSV and JSON treat specially, and some that Swift's
    /// `String` comparison would merge.
    static let alphabet: [Unicode.Scalar] = [
        "a", "Z", "0", " ", ",", "\"", "'", "\\", "/", "\r", "\n", "\t", "\u{1}", "\u{1F}", "\u{7F}", "{", "}", ":", "[",
        "\u{E9}", "e", "\u{301}", "\u{300}", "\u{FEFF}", "\u{2028}", "\u{FFFF}", "\u{1F469}", "\u{200D}", "\u{1F4BB}",
        "\u{1F1EC}", "\u{1F1E7}", "\u{10FFFF}", "\u{D7FF}", "\u{E000}",
    ]

    static func randomValue(_ generator: inout SplitMix) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...12, using: &generator) {
            scalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
        }
        return String(scalars)
    }

    static func sameScalars(_ a: [(key: String, value: String)], _ b: [(key: String, value: String)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy {
            $0.key.unicodeScalars.elementsEqual($1.key.unicodeScalars) && $0.value.unicodeScalars.elementsEqual($1.value.unicodeScalars)
        }
    }

    @Test("2,000 random forms' values round-trip through CSV and JSON scalar for scalar", arguments: FormValues.Format.allCases)
    func roundTrip(format: FormValues.Format) throws {
        var generator = SplitMix(state: format == .csv ? 1 : 2)
        for round in 0..<2_000 {
            let count = Int.random(in: 1...6, using: &generator)
            let entries = (0..<count).map { (key: "k\($0)", value: Self.randomValue(&generator)) }
            let text = FormValues(entries: entries).text(format)
            let parsed = try FormValues(parsing: Array(text.utf8), format: format, file: "v")
            #expect(Self.sameScalars(parsed.entries, entries), "round \(round): \(text.debugDescription)")
        }
    }

    /// The problem `bytes` is refused with, as text.
    static func refusal(_ text: String, _ format: FormValues.Format) -> String? {
        do {
            _ = try FormValues(parsing: Array(text.utf8), format: format, file: "f")
            return nil
        } catch {
            return error.description
        }
    }

    @Test("JSON as other writers write it: whitespace anywhere, escapes, surrogate pairs, an empty object")
    func jsonForms() throws {
        let text = " \r\n\t{ \"a\" :\"\\u00e9\\ud83d\\ude00\\/\\b\\f\\n\\r\\t\\\"\\\\\" ,\n\"b\":\"\"\n}\n "
        let parsed = try FormValues(parsing: Array(text.utf8), format: .json, file: "f")
        #expect(Self.sameScalars(parsed.entries, [("a", "\u{E9}\u{1F600}/\u{8}\u{C}\n\r\t\"\\"), ("b", "")]))
        #expect(try FormValues(parsing: Array("{}".utf8), format: .json, file: "f").entries.isEmpty)
    }

    @Test("what is refused, and where", arguments: [
        ("{\"a\": \"x\",}", FormValues.Format.json, "f:1:11: '}' (U+007D) where a key in quotes should be"),
        ("{\"a\" \"x\"}", .json, "f:1:6: '\"' (U+0022) where a colon (:) should follow the key"),
        ("{\"a\": \"x\" \"b\"}", .json, "f:1:11: '\"' (U+0022) where a comma (,) or the end of the object (}) should be"),
        ("{\"a\": \"\\u12\"}", .json, "f:1:8: \\u must be followed by four hexadecimal digits"),
        ("{\"a\": \"\\udc00\"}", .json, "f:1:8: \\udc00 is half of a surrogate pair"),
        ("{\"a\": \"\\ud800\\u0041\"}", .json, "f:1:8: \\ud800 is half of a surrogate pair"),
        ("{\"a\": x}", .json, "f:1:7: the value of \"a\" is missing ('x' (U+0078) is no JSON value)"),
        ("{\"a\":", .json, "f:1:6: the value of \"a\" is missing (the file ends)"),
        ("  \n ", .json, "f: the file is empty"),
        ("a\r\n\"x\"\"", .csv, "f:2:1: this quoted field is never closed"),
        ("a,b\r\n\r\n", .csv, "f:2:1: the row of values has 1 value but the header 2 keys"),
        ("a\r\nx\r\ny", .csv, "f:3:1: a second row of values"),
    ])
    func refused(_ text: String, _ format: FormValues.Format, _ message: String) {
        let description = Self.refusal(text, format)
        #expect(description?.hasPrefix(message) == true, "\(description ?? "accepted")")
    }

    @Test("the format a file's name says")
    func formatFromName() {
        #expect(FormValues.Format(fileName: "a.json") == .json)
        #expect(FormValues.Format(fileName: "dir.csv/A.CSV") == .csv)
        #expect(FormValues.Format(fileName: "dir.csv/values") == nil)
        #expect(FormValues.Format(fileName: "-") == nil)
        #expect(FormValues.Format(fileName: "values.txt") == nil)
    }

    @Test("loadValues sets them through the store and says what changed")
    func load() throws {
        let box = try TemporaryForm()
        try box.form.set("first", to: "Ada")
        let update = try box.form.loadValues(from: Array("first,last\r\nAda,Lovelace\r\n".utf8), format: .csv, file: "v.csv")
        #expect(update.changed.map(\.key) == ["last"] && update.unchanged == ["first"])
        #expect(try box.form.field("last").value == "Lovelace")
        let unknown = error { () throws(FormKitError) in _ = try box.form.loadValues(FormValues(entries: [("lats", "x")])) }
        #expect(unknown == .store(.unknownField(key: "lats", suggestion: "last")))
    }
}
