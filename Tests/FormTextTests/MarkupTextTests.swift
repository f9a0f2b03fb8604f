import FormText
import Testing

/// The one HTML and XML escaper.
@Suite struct MarkupTextTests {
    @Test func theFiveCharactersAreReferencesValidInHTMLAndXML() {
        for document in [MarkupText.Document.html, .xml] {
            #expect(MarkupText.escaped("a&b<c>d\"e'f", for: document) == "a&amp;b&lt;c&gt;d&quot;e&#39;f")
            #expect(MarkupText.escaped("Ada Lovelace", for: document) == "Ada Lovelace")
            #expect(MarkupText.escaped("", for: document) == "")
        }
    }

    /// A quote or `<` with a combining mark is one `Character` equal to
    /// neither: the escaper must see the scalar.
    @Test func scalarsNotCharacters() {
        #expect(MarkupText.escaped("\"\u{301}<\u{301}", for: .html) == "&quot;\u{301}&lt;\u{301}")
    }

    @Test func xmlDropsWhatXMLCannotHoldAndHTMLKeepsIt() {
        let text = "a\u{FFFE}b\u{0}c\td\r\u{1F}e\u{FFFF}\nü"
        #expect(MarkupText.escaped(text, for: .xml) == "abc\tde\nü")
        #expect(MarkupText.escaped(text, for: .html) == text)
    }
}
