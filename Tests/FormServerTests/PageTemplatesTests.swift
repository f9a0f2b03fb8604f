@testable import FormServer
import FormKit
import FormModel
import Mustache
import Testing

/// The page's templates: every one parses and escapes with
/// `HTMLText.escaped`, which a quote or `<` followed by a combining mark
/// does not get past.
@Suite struct PageTemplatesTests {
    /// A value that ends a quoted attribute if its quote is written as it
    /// is: a quote and a `<`, each followed by a combining acute accent.
    static let hostile = "\"\u{301} autofocus onfocus=alert(1) x=\u{301}<\u{301}script>"
    /// What must never be written: the quote and the `<` with their marks.
    static let rawQuote = "\"\u{301}", rawLessThan = "<\u{301}"
    /// What must be written instead.
    static let escapedQuote = "&quot;\u{301} autofocus", escapedLessThan = "&lt;\u{301}script"

    @Test func everyTemplateParsesAndNamesItsEscaping() {
        #expect(PageTemplates.unparsed.isEmpty)
        #expect(PageTemplates.files.count == 11)
        for (name, bytes) in PageTemplates.files {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.hasPrefix("{{%CONTENT_TYPE:\(PageTemplates.contentTypeName)}}\n"), "\(name) starts elsewhere")
            #expect(PageTemplates.library.getTemplate(named: name) != nil, "\(name)")
        }
    }

    /// Why the templates name their own escaping: swift-mustache 2.1.1's
    /// compares whole characters, and `"` followed by U+0301 is one
    /// character that is not `"`. If this stops holding, a newer
    /// swift-mustache escapes by scalar and the pragma could go.
    @Test func swiftMustachesOwnEscapingLetsACombinedQuoteThrough() throws {
        let template = try MustacheTemplate(string: "<input value=\"{{value}}\">")
        let html = template.render(["value": Self.hostile])
        #expect(html.contains(Self.rawQuote))
    }

    @Test func aCombinedQuoteOrLessThanIsEscapedEverywhereThePageWritesText() {
        let field = Field(key: "first", label: Self.hostile, value: Self.hostile, row: 1, position: 1, hint: Self.hostile)
        let view = FieldHTML(listing: FieldListing(field: field, page: "main")).view
        let html = PageTemplates.render(view, with: "field")
        #expect(html.contains(Self.escapedQuote))
        #expect(html.contains(Self.escapedLessThan))
        #expect(!html.contains(Self.rawQuote), "a quote with a mark is written as it is")
        #expect(!html.contains(Self.rawLessThan))
    }

    @Test func aChoiceLabelAndValueAreEscapedToo() {
        let rules = FieldRules(type: .selectOne, choices: [FieldChoice(value: Self.hostile, label: Self.hostile), FieldChoice(value: "b", label: "B")])
        let field = Field(key: "colour", label: "Colour", row: 1, position: 1, rules: rules)
        let html = PageTemplates.render(FieldHTML(listing: FieldListing(field: field, page: "main")).view, with: "field")
        #expect(html.contains("type=\"radio\""))
        #expect(!html.contains(Self.rawQuote) && !html.contains(Self.rawLessThan))
        #expect(html.components(separatedBy: Self.escapedQuote).count == 3, "the value and the label, escaped")
    }
}
