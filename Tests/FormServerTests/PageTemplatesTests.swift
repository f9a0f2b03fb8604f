@testable import FormServer
import FormKit
import FormModel
import Foundation
import Mustache
import Testing

/// The page's templates: every one parses and escapes with
/// `MarkupText` for HTML, which a quote or `<` followed by a combining mark
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
        // Every file of Templates/ is registered: a new one left out would render nothing.
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/FormServer/Templates")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        #expect(Set(PageTemplates.files.map { $0.name + ".mustache" }) == Set(names.filter { $0.hasSuffix(".mustache") }))
        #expect(PageTemplates.files.count == 14)
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

    /// Every view answers `child(named:)` for each of its properties, as
    /// `Mirror` sees them, so that a property added to a view and not to
    /// its `child(named:)` is caught here rather than written as nothing.
    /// The views are those of real pages: the form with every type,
    /// on both its pages (refused on the second), and a seven-page form on
    /// a page behind More with a long list of choices.
    @Test func everyViewNamesEachOfItsPropertiesToTheTemplates() throws {
        let survey = try APIRouteTests.server()
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/forms/survey.yaml")
        _ = try survey.session.file.apply(FormSpec.decode(Array(try Data(contentsOf: path)), file: path.path))
        _ = try survey.session.file.set("age", to: "7")
        let refused = PageHTML(snapshot: try PageSnapshot.load(from: survey.session.file, page: "lunch"), outcome: .checkFailed,
                               report: try survey.session.file.check())
        var yaml = "title: Seven pages\npages:\n"
        for page in 1...7 {
            yaml += "  - key: p\(page)\n    title: Page \(page)\n    rows:\n      - width: 540\n        fields:\n"
            yaml += "          - {key: f\(page), label: Field \(page), hint: Say, required: true}\n"
        }
        yaml += "          - {key: size, label: Size, type: select_one, choices: [xs, s, m, l, xl, xxl]}\n"
        let pages = try APIRouteTests.server()
        _ = try pages.session.file.apply(FormSpec.decode(Array(yaml.utf8), file: "pages.yaml"))
        let behindMore = PageHTML(snapshot: try PageSnapshot.load(from: pages.session.file, page: "p7"), outcome: .submitted(id: 3),
                                  report: nil)
        let family = try RepeatRouteTests.family()
        _ = try family.server.session.file.addInstance(to: "children")
        let groups = PageHTML(snapshot: try PageSnapshot.load(from: family.server.session.file, page: nil), outcome: nil, report: nil,
                              focus: "children")
        var seen = Set<String>()
        let first = PageHTML(snapshot: try PageSnapshot.load(from: survey.session.file, page: "you"), outcome: nil, report: nil)
        for view in [refused.view, first.view, behindMore.view, groups.view] as [Any] { Self.checkNames(of: view, seen: &seen) }
        for type in ["View", "Words", "Row", "Outcome", "Problems", "Problem", "Link", "More", "Rect", "Text", "Number", "Picker",
                     "DateTime", "List", "Group", "Choice", "PageItemView", "Button"] {
            #expect(seen.contains(type), "no \(type) was looked at")
        }
    }

    /// Walks `value`'s views: each property of a `MustacheParent` must come
    /// back from `child(named:)` as it is (nil for a nil optional).
    static func checkNames(of value: Any, seen: inout Set<String>) {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            if let wrapped = mirror.children.first?.value { checkNames(of: wrapped, seen: &seen) }
            return
        }
        if mirror.displayStyle == .collection {
            for element in mirror.children { checkNames(of: element.value, seen: &seen) }
            return
        }
        guard let parent = value as? MustacheParent else { return }
        seen.insert(String(describing: type(of: value)))
        for child in mirror.children {
            guard let label = child.label else { continue }
            let expected: Any? = Mirror(reflecting: child.value).displayStyle == .optional
                ? Mirror(reflecting: child.value).children.first?.value : child.value
            let answered = parent.child(named: label)
            #expect((answered == nil) == (expected == nil), "\(type(of: value)).\(label)")
            if let answered, let expected {
                #expect(String(describing: answered) == String(describing: expected), "\(type(of: value)).\(label)")
            }
            checkNames(of: child.value, seen: &seen)
        }
    }
}

extension PageTemplatesTests {
    /// A number is a number box; a number with choices is chosen as a
    /// select_one is: radios up to five, a list past that.
    @Test func aNumberIsANumberBoxUnlessItHasChoices() {
        func html(_ type: FieldType, _ choices: [String]) -> String {
            let rules = FieldRules(type: type, choices: choices.map { FieldChoice(value: $0) })
            let field = Field(key: "n", label: "N", row: 1, position: 1, rules: rules)
            return PageTemplates.render(FieldHTML(listing: FieldListing(field: field, page: "main")).view, with: "field")
        }
        for type in [FieldType.integer, .decimal] {
            #expect(html(type, []).contains("type=\"number\""), "\(type)")
            #expect(!html(type, []).contains("type=\"radio\""), "\(type)")
            #expect(html(type, ["1", "2"]).contains("type=\"radio\""), "\(type)")
            #expect(!html(type, ["1", "2"]).contains("type=\"number\""), "\(type)")
            #expect(html(type, ["1", "2", "3", "4", "5", "6"]).contains("<select"), "\(type)")
        }
    }
}

extension PageTemplatesTests {
    /// The summary page's views (`SummaryPageHTML`) name each of their
    /// properties too: a chart with bars and a table with shares, and one
    /// with neither (a question nobody answered).
    @Test func theSummaryPagesViewsNameEachOfTheirProperties() throws {
        let server = try APIRouteTests.server()
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/forms/survey.yaml")
        let form = server.session.file
        _ = try form.apply(FormSpec.decode(Array(try Data(contentsOf: path)), file: path.path))
        try form.submit(values: FormValues(entries: [("name", "Ada"), ("age", "38"), ("colour", "green"), ("laptop", "true"),
                                                     ("toppings", #"["cheese"]"#)]))
        let summary = try form.summary(ResponseFilter(status: .complete))
        let view = SummaryPageHTML(title: "Lunch", summary: summary, formPath: "/").view
        var seen = Set<String>()
        Self.checkNames(of: view, seen: &seen)
        for type in ["View", "Chart", "Table", "Row"] {
            #expect(seen.contains(type), "no \(type) was looked at")
        }
        #expect(view.charts.contains { $0.svg == nil && $0.table == nil }, "a question nobody answered has no chart")
        #expect(view.charts.contains { $0.table?.hasShares == true })
    }
}
