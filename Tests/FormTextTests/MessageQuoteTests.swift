import FormText
import Testing

/// The one quoter of text in messages.
@Suite struct MessageQuoteTests {
    @Test func quotesAndEscapes() {
        #expect(MessageQuote.quoted("Ada") == "\"Ada\"")
        #expect(MessageQuote.quoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(MessageQuote.quoted("a\nb\tc\rd\u{1B}[31m\u{7F}\u{85}\u{2028}") == #""a\nb\tc\rd\u{1B}[31m\u{7F}\u{85}\u{2028}""#)
        #expect(MessageQuote.quoted("é 😀") == "\"é 😀\"")
    }

    @Test func aLongTextIsCutAtItsCharacters() {
        let long = String(repeating: "é", count: 41)
        #expect(MessageQuote.quoted(long, limit: 40) == "\"" + String(repeating: "é", count: 40) + "…\"")
        #expect(MessageQuote.quoted(String(long.dropLast()), limit: 40) == "\"" + String(repeating: "é", count: 40) + "\"")
    }

    @Test func escapedLeavesQuotesAndBackslashes() {
        #expect(MessageQuote.escaped("a\"b\\c\nd\u{1B}") == #"a"b\c\nd\u{1B}"#)
    }
}
