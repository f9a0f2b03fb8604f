import FormText
import Testing

/// The one JSON string writer: both styles, byte for byte as the writers it
/// replaced spelled them (a selection's stored text must never change).
@Suite struct JSONStringTests {
    @Test func shortEscapesNameTheFiveControlsJSONHasNamesFor() {
        #expect(JSONString.literal("a\"b\\c\nd\re\tf\u{8}g\u{C}h\u{1}i\u{1F}") == #""a\"b\\c\nd\re\tf\bg\fh\u0001i\u001f""#)
    }

    @Test func unicodeEscapesWriteEveryControlAsItsCode() {
        #expect(JSONString.literal("a\"b\\c\nd\re\tf\u{8}g\u{C}h\u{1}", style: .unicodeEscapes)
            == #""a\"b\\c\u000ad\u000de\u0009f\u0008g\u000ch\u0001""#)
    }

    @Test func anythingElseIsKeptAsItIs() {
        let text = "é/ü 😀 \u{2028}\u{7F}\u{85}"
        #expect(JSONString.literal(text) == "\"" + text + "\"")
        #expect(JSONString.literal("") == "\"\"")
    }

    @Test func bytesAreAppended() {
        var out: [UInt8] = Array("x".utf8)
        JSONString.append("a\"", to: &out)
        #expect(String(decoding: out, as: UTF8.self) == #"x"a\"""#)
    }
}
